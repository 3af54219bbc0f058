import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { chooseFromActionMenu } from '../helpers/actionMenu';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { chatSteps } from './chatSteps';

const MATH = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';

describe('Sidebar chat in the real workbench', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'chat',
    emulator: { apiKey: 'chat-ui-key-5c2e', slowMs: 8000 },
    files: { 'src/math.ts': MATH },
    clusters: [
      { id: 'demo', label: 'Demo' },
      { id: 'slow-good', label: 'Slow' },
      { id: 'fault-500', label: 'Broken' },
    ],
    apiKey: true,
    cluster: 'Demo',
  });
  const { threeTurns, typeDraft, reloadToThreeTurns, stoppedTurn } = chatSteps(ui);

  it('holds a three-turn conversation, each reply after its question', async () => {
    await threeTurns();
    const chat = ui.workbench.chatView();
    assert.equal(await ui.workbench.chatMessageCount(), 6);
    assert.match(await chat.locator('li.chat-message[data-index="5"]').innerText(), /word-count/i);
  });

  it('saves an unsent draft with its conversation while it is typed', async () => {
    await threeTurns();
    await typeDraft('an unsent draft, line one');
    await ui.workbench.screenshot('chat-three-turns');
  });

  it('after a window reload, shows the conversation again', async () => {
    await threeTurns();
    await reloadToThreeTurns();
    assert.equal(await ui.workbench.chatMessageCount(), 6);
    await ui.workbench.screenshot('chat-after-reload');
  });

  it('after a window reload, puts the unsent draft back in the message box', async () => {
    await threeTurns();
    const draft = await typeDraft('a draft left before the reload, line one');
    await reloadToThreeTurns();
    assert.equal(await ui.workbench.chatView().locator('#chat-input').inputValue(), draft);
  });

  it('Stop during a slow reply cancels the request and keeps the user message', async () => {
    await stoppedTurn();
    assert.equal(await ui.workbench.chatMessageCount(), 1, 'the user message stays');
    await ui.workbench.screenshot('chat-stopped');
  });

  it('after Stop, Retry sends the kept message again, and a turn that fails says why', async () => {
    await stoppedTurn();
    await ui.workbench.selectCluster('Broken');
    await ui.workbench.openChat();
    const chat = ui.workbench.chatView();
    await chat.locator('.chat-error button[data-error-action="retry"]').click();
    await chat.locator('.chat-error', { hasText: /failed while handling the request/ }).waitFor();
    await ui.workbench.screenshot('chat-failed-turn');
  });

  it('a failed turn is sent again with Retry once the cluster works, and its error goes', async () => {
    const chat = ui.workbench.chatView();
    await ui.workbench.selectCluster('Broken');
    await startNewChat(ui.workbench);
    await chat.locator('#chat-input').fill('This will fail first');
    await ui.workbench.page.keyboard.press('Enter');
    await chat.locator('.chat-error', { hasText: /failed while handling the request/ }).waitFor({ timeout: 30_000 });
    await ui.workbench.selectCluster('Demo');
    await ui.workbench.openChat();
    await chat.locator('.chat-error button[data-error-action="retry"]').click();
    await chat.locator('li.chat-message[data-index="1"][data-role="assistant"]').waitFor({ timeout: 30_000 });
    assert.equal(await chat.locator('.chat-error').count(), 0);
  });

  it('exports the conversation to JSON that the API accepts unchanged (POSTed with curl)', async () => {
    await threeTurns();
    const target = path.join(ui.workbench.folder, 'exported-chat.json');
    await ui.workbench.runCommand('Cluster Chat: Export Chat as JSON…');
    await ui.workbench.answerSaveDialog('Export Chat as JSON', target, /\.json$/);
    await waitUntil('the exported file to be written', () => fs.existsSync(target));
    // Asynchronously: the emulator answers from this same process.
    const { stdout: status } = await promisify(execFile)('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      `Authorization: Bearer ${ui.emulator.apiKey}`,
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      `@${target}`,
      `${ui.emulator.baseUrl}/clusters?id=demo`,
    ]);
    assert.equal(status, '200');
    const exported = JSON.parse(fs.readFileSync(target, 'utf8')) as { content: { messages: Array<{ role: string }> } };
    assert.equal(exported.content.messages[0]?.role, 'system');
    assert.ok(exported.content.messages.length >= 7);
  });

  it('works keyboard-only: open the view, type, send, reach a code block’s Insert action, insert into the editor', async () => {
    await ui.workbench.selectCluster('Demo');
    // A chat view just loaded: Tab walks from its top, not from wherever an earlier test left its focus (after
    // the message box, Tab leaves the view, and in the editor it types a tab instead of moving on).
    await ui.workbench.reload();
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.editorFor('math.ts').locator('.view-lines').click();
    await ui.workbench.page.keyboard.press('Control+End');
    await ui.workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
    const chat = ui.workbench.chatView();
    await ui.workbench.waitForChatFocus();
    const inputFocused = () => chat.locator('#chat-input').evaluate((element) => element === element.ownerDocument.activeElement);
    for (let presses = 0; presses < 60 && !(await inputFocused()); presses++) {
      await ui.workbench.page.keyboard.press('Tab');
    }
    assert.ok(await inputFocused(), 'the message box is reachable with Tab');
    const count = await ui.workbench.chatMessageCount();
    await ui.workbench.page.keyboard.type('Review:');
    await ui.workbench.page.keyboard.press('Shift+Enter');
    await ui.workbench.page.keyboard.type('```ts');
    await ui.workbench.page.keyboard.press('Shift+Enter');
    await ui.workbench.page.keyboard.type('const answer = 42;');
    await ui.workbench.page.keyboard.press('Shift+Enter');
    await ui.workbench.page.keyboard.type('```');
    await ui.workbench.page.keyboard.press('Enter');
    const reply = chat.locator(`li.chat-message[data-index="${count + 1}"][data-role="assistant"]`);
    await reply.waitFor({ timeout: 30_000 });
    const insert = reply.locator('button[data-action="insert"]').first();
    for (let presses = 0; presses < 200; presses++) {
      if (await insert.evaluate((element) => element === element.ownerDocument.activeElement)) {
        break;
      }
      await ui.workbench.page.keyboard.press('Shift+Tab');
    }
    assert.ok(await insert.evaluate((element) => element === element.ownerDocument.activeElement), 'Insert at Cursor reached by keyboard');
    await ui.workbench.screenshot('chat-keyboard-focus');
    await ui.workbench.page.keyboard.press('Enter');
    await waitUntil('the code block inserted into math.ts', async () =>
      (await ui.workbench.editorText('math.ts')).includes('const answer = 42;'),
    );
    await ui.workbench.waitForEditorFocus('math.ts');
  });

  it('New Chat puts the caret in the message box, wherever focus last was in the chat', async () => {
    await ui.workbench.openChat();
    const chat = ui.workbench.chatView();
    const input = chat.locator('#chat-input');
    // The chat's own focus is left on a header button: VS Code's focus command alone would return there.
    await chat.locator('button[data-command="toggleHistory"]').focus();
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.editorFor('math.ts').locator('.view-lines').click();
    await ui.workbench.waitForEditorFocus('math.ts');
    await startNewChat(ui.workbench);
    await waitFor(
      'the message box to have keyboard focus (the element focused in the chat)',
      () =>
        input.evaluate((element) => (element.ownerDocument.hasFocus() ? (element.ownerDocument.activeElement?.id ?? 'body') : 'no focus')),
      (focused) => focused === 'chat-input',
    );
    await ui.workbench.page.keyboard.type('typed right after New Chat');
    await waitFor(
      'the message box to hold the keys typed',
      () => input.inputValue(),
      (value) => value === 'typed right after New Chat',
    );
    await input.fill('');
  });

  it('Continue in Chat opens an Explain reply’s conversation in the chat', async () => {
    await ui.workbench.selectCluster('Demo');
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.selectLines('math.ts', 1, 3);
    await ui.workbench.runCommand('Cluster Chat: Explain');
    const reply = ui.workbench.webview();
    await chooseFromActionMenu(reply, '.reply-actions', 'continueInChat');
    const chat = ui.workbench.chatView();
    // The chat showed the earlier conversation until now: wait for the one continued from the reply.
    const shown = await waitFor(
      'the chat to show the Explain conversation',
      () =>
        chat
          .locator('li.chat-message')
          .evaluateAll((items) => items.map((item) => `${item.getAttribute('data-role') ?? ''}: ${(item.textContent ?? '').slice(0, 80)}`)),
      (messages) => messages.length === 2 && /Explain what this code from src\/math\.ts does/.test(messages[0] ?? ''),
      { timeoutMs: 30_000 },
    );
    assert.match(shown[1] ?? '', /^assistant: /);
    await ui.workbench.screenshot('chat-continued-from-reply');
  });
});

import * as assert from 'node:assert/strict';
import { execFile } from 'node:child_process';
import { promisify } from 'node:util';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../scripts/emulator/server';
import { waitFor, waitUntil } from '../../scripts/workbench/wait';
import { conversationPath } from './helpers/savedConversation';
import { chooseFromActionMenu } from './helpers/actionMenu';
import { Workbench } from '../../scripts/workbench/workbench';

const MATH = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';

describe('Sidebar chat in the real workbench', function () {
  this.timeout(240_000);
  let emulator: RunningEmulator;
  let workbench: Workbench;

  before(async () => {
    emulator = await startEmulator({ apiKey: 'chat-ui-key-5c2e', slowMs: 8000 });
    workbench = await Workbench.open({
      files: { 'src/math.ts': MATH },
      settings: {
        'clusterChat.baseUrl': emulator.baseUrl,
        'clusterChat.clusters': [
          { id: 'demo', label: 'Demo' },
          { id: 'slow-good', label: 'Slow' },
          { id: 'fault-500', label: 'Broken' },
        ],
      },
    });
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for/, emulator.apiKey);
    await workbench.selectCluster('Demo');
  });
  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'chat');
  });
  after(async () => {
    await workbench?.close();
    await emulator?.close();
  });

  /** The drafts of the conversations the extension has saved in this run's profile. */
  function savedDrafts(): string[] {
    const folder = path.join(workbench.runFolder ?? '', 'user-data', path.dirname(conversationPath('any')));
    return fs.existsSync(folder)
      ? fs
          .readdirSync(folder)
          .filter((name) => name.endsWith('.draft.json'))
          .map((name) => (JSON.parse(fs.readFileSync(path.join(folder, name), 'utf8')) as { draft?: string }).draft ?? '')
      : [];
  }

  async function sendMessage(text: string, expectedMessages: number): Promise<void> {
    const input = workbench.chatView().locator('#chat-input');
    await input.click();
    await input.fill(text);
    await workbench.page.keyboard.press('Enter');
    await workbench
      .chatView()
      .locator(`li.chat-message[data-index="${expectedMessages - 1}"][data-role="assistant"]`)
      .waitFor({ timeout: 30_000 });
  }

  it('holds a three-turn conversation, and after a window reload the conversation and the unsent draft are back', async () => {
    await workbench.openChat();
    await sendMessage('First: what is a cluster?', 2);
    await sendMessage('Second: and a custom action?', 4);
    await sendMessage('Third: run action: word-count', 6);
    const chat = workbench.chatView();
    assert.equal(await workbench.chatMessageCount(), 6);
    assert.match(await chat.locator('li.chat-message[data-index="5"]').innerText(), /word-count/i);
    await chat.locator('#chat-input').fill('an unsent draft, line one');
    await workbench.page.keyboard.press('Shift+Enter');
    await workbench.page.keyboard.type('line two');
    await waitUntil('the draft saved with the conversation', () => savedDrafts().includes('an unsent draft, line one\nline two'));
    await workbench.screenshot('chat-three-turns');

    await workbench.reload();
    await workbench.openChat();
    await workbench.chatView().locator('li.chat-message[data-index="5"]').waitFor({ timeout: 30_000 });
    assert.equal(await workbench.chatMessageCount(), 6);
    assert.equal(await workbench.chatView().locator('#chat-input').inputValue(), 'an unsent draft, line one\nline two');
    await workbench.screenshot('chat-after-reload');
  });

  it('Stop during a slow reply cancels it and leaves the conversation usable; a failed turn can be retried', async () => {
    const chat = workbench.chatView();
    await chat.locator('#chat-input').fill('');
    await workbench.selectCluster('Slow');
    await workbench.openChat();
    const before = await workbench.chatMessageCount();
    await chat.locator('#chat-input').fill('This will take a while');
    await workbench.page.keyboard.press('Enter');
    await chat.locator('.chat-busy').waitFor({ state: 'visible' });
    await waitUntil('the slow cluster to receive the message', () => (emulator.stats().clusters['slow-good']?.received ?? 0) === 1);
    await chat.locator('button.chat-stop').click();
    await waitUntil('the slow request to be aborted', () => (emulator.stats().clusters['slow-good']?.aborted ?? 0) === 1);
    await chat.locator('.chat-busy').waitFor({ state: 'hidden' });
    assert.equal(await workbench.chatMessageCount(), before + 1, 'the user message stays');
    await workbench.screenshot('chat-stopped');

    await workbench.selectCluster('Broken');
    await workbench.openChat();
    await chat.locator('.chat-error button[data-error-action="retry"]').click();
    await chat.locator('.chat-error', { hasText: /failed while handling the request/ }).waitFor();
    await workbench.screenshot('chat-failed-turn');
    await workbench.selectCluster('Demo');
    await workbench.openChat();
    await chat.locator('.chat-error button[data-error-action="retry"]').click();
    await chat.locator(`li.chat-message[data-index="${before + 1}"][data-role="assistant"]`).waitFor({ timeout: 30_000 });
    assert.equal(await chat.locator('.chat-error').count(), 0);
  });

  it('exports the conversation to JSON that the API accepts unchanged (POSTed with curl)', async () => {
    const target = path.join(workbench.folder, 'exported-chat.json');
    await workbench.runCommand('Cluster Chat: Export Chat as JSON…');
    await workbench.answerSaveDialog('Export Chat as JSON', target, /\.json$/);
    await waitUntil('the exported file to be written', () => fs.existsSync(target));
    // Asynchronously: the emulator answers from this same process.
    const { stdout: status } = await promisify(execFile)('curl', [
      '-sS',
      '-o',
      '/dev/null',
      '-w',
      '%{http_code}',
      '-H',
      `Authorization: Bearer ${emulator.apiKey}`,
      '-H',
      'Content-Type: application/json',
      '--data-binary',
      `@${target}`,
      `${emulator.baseUrl}/clusters?id=demo`,
    ]);
    assert.equal(status, '200');
    const exported = JSON.parse(fs.readFileSync(target, 'utf8')) as { content: { messages: Array<{ role: string }> } };
    assert.equal(exported.content.messages[0]?.role, 'system');
    assert.ok(exported.content.messages.length >= 7);
  });

  it('works keyboard-only: open the view, type, send, reach a code block’s Insert action, insert into the editor', async () => {
    await workbench.openFile('src/math.ts');
    await workbench.editorFor('math.ts').locator('.view-lines').click();
    await workbench.page.keyboard.press('Control+End');
    await workbench.runCommand('Cluster Chat: Focus on Chat View');
    const chat = workbench.chatView();
    await chat.locator('#chat-input').waitFor();
    const inputFocused = () => chat.locator('#chat-input').evaluate((element) => element === element.ownerDocument.activeElement);
    for (let presses = 0; presses < 60 && !(await inputFocused()); presses++) {
      await workbench.page.keyboard.press('Tab');
    }
    assert.ok(await inputFocused(), 'the message box is reachable with Tab');
    const count = await workbench.chatMessageCount();
    await workbench.page.keyboard.type('Review:');
    await workbench.page.keyboard.press('Shift+Enter');
    await workbench.page.keyboard.type('```ts');
    await workbench.page.keyboard.press('Shift+Enter');
    await workbench.page.keyboard.type('const answer = 42;');
    await workbench.page.keyboard.press('Shift+Enter');
    await workbench.page.keyboard.type('```');
    await workbench.page.keyboard.press('Enter');
    const reply = chat.locator(`li.chat-message[data-index="${count + 1}"][data-role="assistant"]`);
    await reply.waitFor({ timeout: 30_000 });
    const insert = reply.locator('button[data-action="insert"]').first();
    for (let presses = 0; presses < 200; presses++) {
      if (await insert.evaluate((element) => element === element.ownerDocument.activeElement)) {
        break;
      }
      await workbench.page.keyboard.press('Shift+Tab');
    }
    assert.ok(await insert.evaluate((element) => element === element.ownerDocument.activeElement), 'Insert at Cursor reached by keyboard');
    await workbench.screenshot('chat-keyboard-focus');
    await workbench.page.keyboard.press('Enter');
    await waitUntil('the code block inserted into math.ts', async () =>
      (await workbench.editorText('math.ts')).includes('const answer = 42;'),
    );
    await workbench.waitForEditorFocus('math.ts');
  });

  it('Continue in Chat opens an Explain reply’s conversation in the chat', async () => {
    await workbench.openFile('src/math.ts');
    await workbench.selectLines('math.ts', 1, 3);
    await workbench.runCommand('Cluster Chat: Explain');
    const reply = workbench.webview();
    await chooseFromActionMenu(reply, '.reply-actions', 'continueInChat');
    const chat = workbench.chatView();
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
    await workbench.screenshot('chat-continued-from-reply');
  });
});

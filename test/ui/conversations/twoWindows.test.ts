import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { replayLog } from '../../../src/conversations/common/conversationLog';
import { waitUntil } from '../../../scripts/workbench/wait';
import { conversationPath } from '../helpers/savedConversation';
import type { Workbench } from '../../../scripts/workbench/workbench';
import { useWorkbench } from '../helpers/useWorkbench';

/** Two windows on one profile, as two browser tabs on one code-server: each has its own extension host. */
describe('Two windows on one profile: no message is lost, and each window shows the other’s changes', function () {
  this.timeout(300_000);
  let windowB: Workbench;
  // Registered before the fixture's hooks, so they run first: window B shares window A's browser.
  afterEach(async function () {
    await windowB?.screenshotIfFailed(this.currentTest, 'two-windows-b');
  });
  after(async () => {
    await windowB?.close();
  });
  const ui = useWorkbench({
    screenshots: 'two-windows-a',
    emulator: { apiKey: 'two-windows-key-41c7' },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  const conversationsFolder = () => path.join(ui.workbench.runFolder ?? '', 'user-data', path.dirname(conversationPath('any')));

  /** Types a message in a window's chat and waits for the cluster's reply at `replyIndex`. */
  async function send(window: Workbench, text: string, replyIndex: number): Promise<void> {
    await window.openChat();
    const chat = window.chatView();
    await chat.locator('#chat-input').fill(text);
    await window.page.keyboard.press('Enter');
    await chat.locator(`li.chat-message[data-index="${replyIndex}"][data-role="assistant"]`).waitFor({ timeout: 30_000 });
  }

  /** The user messages a window's chat shows, in order. */
  async function shownUserMessages(window: Workbench): Promise<string[]> {
    const texts = await window.chatView().locator('li.chat-message[data-role="user"] .message-content').allInnerTexts();
    return texts.map((text) => text.trim());
  }

  it('interleaved sends in one conversation from both windows: every message is on disk and in both views', async () => {
    const windowA = ui.workbench;
    await windowA.runCommand('Cluster Chat: New Chat');
    await windowA.waitForChatFocus(); // the chat takes focus after the command; a palette opened before would close
    await send(windowA, 'From A, first', 1);
    // B starts after A saved: it opens the conversation A last had active.
    windowB = await windowA.openAnotherWindow();
    await windowB.openChat();
    await windowB.chatView().locator('li.chat-message[data-index="1"]').waitFor({ timeout: 30_000 });

    await send(windowB, 'From B, second', 3);
    await waitUntil('window A to show B’s message and its reply', async () => (await shownUserMessages(windowA)).length === 2, {
      timeoutMs: 5_000,
    });
    await send(windowA, 'From A, third', 5);
    await waitUntil('window B to show A’s third message', async () => (await shownUserMessages(windowB)).length === 3, {
      timeoutMs: 5_000,
    });

    const expected = ['From A, first', 'From B, second', 'From A, third'];
    assert.deepEqual(await shownUserMessages(windowA), expected);
    assert.deepEqual(await shownUserMessages(windowB), expected);
    const logs = fs.readdirSync(conversationsFolder()).filter((name) => name.endsWith('.jsonl'));
    assert.equal(logs.length, 1, logs.join(', '));
    const onDisk = replayLog('any', fs.readFileSync(path.join(conversationsFolder(), logs[0] ?? ''), 'utf8')).conversation;
    assert.deepEqual(
      onDisk.messages.map((message) => message.role),
      ['user', 'assistant', 'user', 'assistant', 'user', 'assistant'],
    );
    assert.deepEqual(
      onDisk.messages.filter((message) => message.role === 'user').map((message) => message.content),
      expected,
    );
    assert.equal(ui.emulator.stats().clusters['demo']?.received, 3, 'each turn was sent once');
    await windowA.screenshot('two-windows-a');
    await windowB.screenshot('two-windows-b');
  });

  it('a conversation started in one window appears in the other window’s history within a second', async () => {
    const windowA = ui.workbench;
    await windowB.openChat();
    const history = windowB.chatView().locator('#chat-history');
    await windowB.chatView().locator('button[data-command="toggleHistory"]').click();
    await history.locator('li.history-item').first().waitFor();

    await windowA.runCommand('Cluster Chat: New Chat');
    await windowA.waitForChatFocus(); // the chat takes focus after the command; a palette opened before would close
    await send(windowA, 'A brand-new conversation from A', 1);
    const logged = Date.now();
    await waitUntil(
      'window B’s history to list A’s new conversation',
      async () => (await history.locator('li.history-item', { hasText: 'A brand-new conversation from A' }).count()) === 1,
      { timeoutMs: 1_000 },
    );
    console.log(`      (window B listed it ${Date.now() - logged} ms after window A showed the reply)`);
  });

  /** Opens a window's chat and its history panel (if closed), and returns the panel. */
  async function historyOf(window: Workbench) {
    await window.openChat();
    const history = window.chatView().locator('#chat-history');
    if (await history.isHidden()) {
      await window.chatView().locator('button[data-command="toggleHistory"]').click();
    }
    return history;
  }

  it('a rename and a deletion in one window show in the other within a second', async () => {
    const windowA = ui.workbench;
    const title = 'A brand-new conversation from A';
    const historyA = await historyOf(windowA);
    const historyB = await historyOf(windowB);

    await historyA.locator('li.history-item', { hasText: title }).locator('button.history-rename').click();
    await windowA.answerInputBox(/Rename Conversation/, 'Renamed in window A');
    await waitUntil(
      'window B’s history to show the new name',
      async () => (await historyB.locator('li.history-item', { hasText: 'Renamed in window A' }).count()) === 1,
      { timeoutMs: 1_000 },
    );

    await historyA.locator('li.history-item', { hasText: 'Renamed in window A' }).locator('button.history-delete').click();
    await windowA.page.locator('.monaco-dialog-box .monaco-button', { hasText: 'Delete' }).click();
    await waitUntil(
      'window B’s history to drop the deleted conversation',
      async () => (await historyB.locator('li.history-item', { hasText: 'Renamed in window A' }).count()) === 0,
      { timeoutMs: 1_000 },
    );
  });

  it('a search in the history finds a message’s words', async () => {
    const historyB = await historyOf(windowB);
    const search = historyB.locator('input.history-search');
    await search.fill('third');
    const result = historyB.locator('ul.history-results li.search-result');
    await result.first().waitFor({ timeout: 5_000 });
    const found = await result.allInnerTexts();
    assert.equal(found.length, 1, found.join(' | '));
    assert.match(
      found[0] ?? '',
      /From A, first[\s\S]*From A, third/,
      'the conversation whose message holds the word, with the words around it',
    );
    await search.fill('');
  });
});

import * as assert from 'node:assert/strict';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

/** Long enough for the gestures between two sends and a Stop, and past the 10 s after which a notification offers the reply. */
const SLOW_MS = 15_000;

describe('Parallel conversations and long waits in the real workbench', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'parallel',
    emulator: { apiKey: 'parallel-ui-key-7d41', slowMs: SLOW_MS },
    clusters: [
      { id: 'demo', label: 'Demo' },
      { id: 'slow-good', label: 'Slow' },
    ],
    apiKey: true,
    cluster: 'Demo',
  });

  const slow = () => ui.emulator.stats().clusters['slow-good'] ?? { received: 0, completed: 0, aborted: 0 };

  /** Types `text` into the message box and sends it with Enter. */
  async function typeAndSend(text: string): Promise<void> {
    const input = ui.workbench.chatView().locator('#chat-input');
    await input.click();
    await input.fill(text);
    await ui.workbench.page.keyboard.press('Enter');
  }

  /**
   * How many messages the conversation shown holds (each rendered message announces the size) and the
   * text of the first one rendered, read in one go: the list re-renders while a conversation opens.
   */
  function shownConversation(): Promise<{ readonly count: number; readonly first: string }> {
    return ui.workbench
      .chatView()
      .locator('li.chat-message')
      .evaluateAll((items) => ({
        count: items.length === 0 ? 0 : Number(items[items.length - 1]?.getAttribute('aria-setsize')),
        first: items[0]?.textContent ?? '',
      }));
  }

  /** Starts a new conversation with the New Chat command and waits until it is the one shown. */
  async function newChat(): Promise<void> {
    await ui.workbench.runCommand('Cluster Chat: New Chat');
    await waitUntil('the chat to show an empty conversation', async () => (await shownConversation()).count === 0);
  }

  /** Opens the history panel (if closed) and returns the row of the conversation titled `title`. */
  async function historyRow(title: string) {
    const chat = ui.workbench.chatView();
    const history = chat.locator('#chat-history');
    if (await history.isHidden()) {
      await chat.locator('button[data-command="toggleHistory"]').click();
    }
    const row = history.locator('li.history-item', { hasText: title });
    await row.waitFor();
    return row;
  }

  /** Opens the conversation titled `title` from the history and waits until it shows `messages` messages. */
  async function openConversation(title: string, messages: number): Promise<void> {
    await (await historyRow(title)).locator('button.history-open').click();
    await waitFor(
      `the chat to show “${title}” with ${messages} message(s)`,
      shownConversation,
      (shown) => shown.count === messages && shown.first.includes(title),
    );
  }

  it('two conversations wait at once; one is stopped, the other replies while a third is shown, marked unread until opened', async () => {
    const chat = ui.workbench.chatView();
    await ui.workbench.openChat();
    await typeAndSend('Third: a quick question');
    await chat.locator('li.chat-message[data-index="1"][data-role="assistant"]').waitFor({ timeout: 30_000 });

    await ui.workbench.selectCluster('Slow');
    await ui.workbench.openChat();
    await newChat();
    await typeAndSend('First: a slow question');
    await chat.locator('.chat-busy').waitFor({ state: 'visible' });
    await waitUntil('the slow cluster to receive the first question', () => slow().received === 1);

    await newChat();
    assert.equal(await chat.locator('.chat-busy').isVisible(), false, 'the new conversation is not waiting');
    assert.equal(await chat.locator('button.chat-send').isVisible(), true, 'the first conversation’s request does not block this one');
    await typeAndSend('Second: another slow question');
    await waitUntil('the slow cluster to receive the second question while the first waits', () => slow().received === 2);
    const statusItem = ui.workbench.page.locator('.part.statusbar [aria-label^="Cluster Chat: "]').first();
    await waitFor(
      'the status bar to count two requests under way',
      async () => ({ label: await statusItem.getAttribute('aria-label'), text: (await statusItem.innerText()).trim() }),
      (item) => item.label === 'Cluster Chat: 2 requests under way' && /^2\b/.test(item.text),
    );
    const elapsed = chat.locator('.chat-busy-elapsed');
    const firstReading = await elapsed.innerText();
    assert.match(firstReading, /^0:\d\d$/);
    await waitFor(
      'the elapsed time to count on',
      () => elapsed.innerText(),
      (text) => /^0:\d\d$/.test(text) && text !== firstReading,
    );
    await ui.workbench.screenshot('parallel-two-waiting');

    await openConversation('First: a slow question', 1);
    await chat.locator('.chat-busy').waitFor({ state: 'visible' });
    await chat.locator('button.chat-stop').click();
    await waitUntil('the first request to be aborted', () => slow().aborted === 1);
    await chat.locator('.chat-busy').waitFor({ state: 'hidden' });
    assert.equal(slow().completed, 0, 'the second conversation is still waiting');

    await openConversation('Third: a quick question', 2);
    await waitUntil('the second conversation’s reply to arrive', () => slow().completed === 1, { timeoutMs: SLOW_MS + 15_000 });
    const unread = await historyRow('Second: another slow question');
    await waitUntil(
      'the history to mark the second conversation unread',
      async () => (await unread.getAttribute('class'))?.includes('unread') ?? false,
    );
    assert.match(await unread.locator('button.history-open').innerText(), /Second: another slow question/);
    assert.equal(await chat.locator('#chat-history li.history-item.unread').count(), 1, 'only the conversation that got a reply');
    assert.equal((await shownConversation()).count, 2, 'the third conversation is still the one shown');
    await ui.workbench.screenshot('parallel-unread');

    await openConversation('Second: another slow question', 2);
    await chat.locator('li.chat-message[data-index="1"][data-role="assistant"]').waitFor();
    const read = await historyRow('Second: another slow question');
    await waitUntil(
      'the mark to clear once the conversation was opened',
      async () => !((await read.getAttribute('class')) ?? '').includes('unread'),
    );
    assert.equal(await chat.locator('#chat-history li.history-item.unread').count(), 0);
    await chat.locator('button[data-command="toggleHistory"]').click();
  });

  it('a reply that arrives while the chat is hidden sets the view’s badge, and after a long wait a notification opens it', async () => {
    await ui.workbench.openChat();
    await newChat();
    const before = slow().received;
    await typeAndSend('Worth the wait');
    await waitUntil('the slow cluster to receive the question', () => slow().received === before + 1);
    await ui.workbench.runCommand('View: Show Explorer');
    await ui.workbench.page.locator('.explorer-folders-view, .explorer-viewlet').first().waitFor();

    const badge = ui.workbench.page.locator('.part.activitybar li.action-item:has(a[aria-label^="Cluster Chat"]) .badge .badge-content');
    await waitFor(
      'the Cluster Chat view’s badge to count the reply',
      async () => ((await badge.count()) > 0 ? (await badge.innerText()).trim() : 'no badge'),
      (text) => text === '1',
      {
        timeoutMs: SLOW_MS + 15_000,
      },
    );
    const toast = await ui.workbench.notification(/the reply in “Worth the wait” has arrived/);
    await ui.workbench.screenshot('parallel-badge');

    await ui.workbench.clickNotificationButton(toast, 'Open');
    // Shown again, the view loads a new webview; the one it had while hidden may stay in the DOM, hidden.
    // Shown again, the view has a new webview, whose address (measured in 1.139) no longer names its purpose; no other
    // webview of the extension is open here, so the extension's one webview is the chat.
    const shown = ui.workbench.page
      .frameLocator('iframe.webview.ready[src*="extensionId=clusterchat.cluster-chat"]')
      .frameLocator('iframe#active-frame');
    await shown.locator('li.chat-message[data-index="1"][data-role="assistant"]').waitFor({ timeout: 30_000 });
    assert.match(await shown.locator('li.chat-message[data-index="0"]').innerText(), /Worth the wait/);
    await waitUntil('the badge to clear once the chat is shown', async () => (await badge.count()) === 0 || !(await badge.isVisible()));
  });
});

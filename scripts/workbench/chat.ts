/** The Cluster Chat view: opening it with keyboard focus, counting and visiting its messages. */
import type { Page } from 'playwright-core';
import { focusedElement } from './focus';
import { runCommand } from './quickInput';
import { waitFor } from './wait';
import { chatView } from './webviews';

/**
 * Waits until the chat view has keyboard focus and shows its message box: the end state of
 * commands that reveal the chat. Until then the view may still take focus from whatever the
 * test opens next (a palette would close).
 */
export async function waitForChatFocus(page: Page): Promise<void> {
  const input = chatView(page).locator('#chat-input');
  await input.waitFor({ timeout: 30_000 });
  // A chat that just loaded shows its box before the host has sent the conversation: until then
  // it lists no messages, and what a test counts or types would be measured against nothing.
  const root = chatView(page).locator('.view-chat');
  await waitFor(
    'the chat view to have keyboard focus and show a conversation',
    async () => ({
      chatFocused: await input.evaluate((element) => element.ownerDocument.hasFocus()),
      conversation: await root.getAttribute('data-conversation'),
      ...(await focusedElement(page)),
    }),
    (state) => state.chatFocused && Boolean(state.conversation),
  );
}

/**
 * Opens the Cluster Chat view and waits for its message box. A chat that already has keyboard
 * focus and shows a conversation is left as it is: VS Code hands focus into a webview in two
 * steps (its outer frame, then 50 ms later the page), and drops the second when the frame's report
 * that it lost focus, which it polls for every 250 ms, arrives after the focus command. Running
 * the command from a palette opened over the focused chat invites exactly that, and then keys go
 * nowhere.
 */
export async function openChat(page: Page): Promise<void> {
  if (await chatHasFocus(page)) {
    return;
  }
  await runCommand(page, 'Cluster Chat: Focus on Cluster Chat View');
  await waitForChatFocus(page);
}

/** Whether the chat view is open, has keyboard focus and shows a conversation, now. */
async function chatHasFocus(page: Page): Promise<boolean> {
  const input = chatView(page).locator('#chat-input');
  const root = chatView(page).locator('.view-chat');
  if ((await input.count()) === 0 || !(await root.getAttribute('data-conversation'))) {
    return false;
  }
  return input.evaluate((element) => element.ownerDocument.hasFocus());
}

/**
 * How many messages the chat's conversation holds. The list keeps only the messages near the
 * viewport in the DOM, so this reads the size each rendered item announces to screen readers.
 */
export async function chatMessageCount(page: Page): Promise<number> {
  // Read in one step: between a count and a read of the last item, a new conversation can empty the list.
  return chatView(page)
    .locator('.chat-scroll')
    .evaluate((scroller) => {
      const items = scroller.querySelectorAll('li.chat-message');
      const last = items[items.length - 1];
      return last === undefined ? 0 : Number(last.getAttribute('aria-setsize'));
    });
}

/**
 * Scrolls the chat from its first message to its last, a view at a time, and calls `visit` once
 * the messages of each view are rendered (the list renders only those near the viewport).
 * Resolves with the index of every message that was rendered on the way.
 */
export async function visitEveryChatMessage(page: Page, visit: () => Promise<void> = () => Promise.resolve()): Promise<number[]> {
  const scroller = chatView(page).locator('.chat-scroll');
  /** Where the list is scrolled, which messages are in the DOM, and whether they cover the whole viewport. */
  const state = () =>
    scroller.evaluate((element) => {
      const view = element.getBoundingClientRect();
      const items = Array.from(element.querySelectorAll('li.chat-message'));
      const boxes = items.map((item) => item.getBoundingClientRect());
      const indexes = items.map((item) => Number(item.getAttribute('data-index')));
      const last = Number(items[0]?.getAttribute('aria-setsize') ?? 0) - 1;
      return {
        top: element.scrollTop,
        atEnd: element.scrollTop + element.clientHeight >= element.scrollHeight - 1,
        indexes,
        // The first and the last message may sit inside the list's padding, short of the viewport's edges.
        covered:
          (indexes.includes(0) || boxes.some((box) => box.top <= view.top + 1)) &&
          (indexes.includes(last) || boxes.some((box) => box.bottom >= view.bottom - 1)),
      };
    });
  const seen = new Set<number>();
  await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
  let now = await waitFor('the chat to render its first messages', state, (current) => current.indexes.includes(0) && current.covered);
  for (;;) {
    now.indexes.forEach((index) => seen.add(index));
    await visit();
    if (now.atEnd) {
      return [...seen].sort((a, b) => a - b);
    }
    const from = now.top;
    await scroller.evaluate((element) => element.scrollBy({ top: element.clientHeight * 0.8 }));
    now = await waitFor('the chat to render the messages scrolled to', state, (current) => current.top > from && current.covered);
  }
}

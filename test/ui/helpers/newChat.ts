import { waitFor } from '../../../scripts/workbench/wait';
import type { Workbench } from '../../../scripts/workbench/workbench';

/**
 * Starts a new conversation with “Cluster Chat: New Chat” and waits until the chat has focus and
 * shows it, empty: a test's own starting point, whatever earlier tests left in the chat. The wait
 * is for another conversation than the one shown before, so a test cannot type into the old one.
 */
export async function startNewChat(workbench: Workbench): Promise<void> {
  const before = await shownConversation(workbench);
  await workbench.runCommand('Cluster Chat: New Chat');
  await workbench.waitForChatFocus();
  await waitFor(
    'the chat to show a new conversation, empty (conversation, messages shown, text in the box)',
    async () => ({
      conversation: await shownConversation(workbench),
      messages: await workbench.chatMessageCount(),
      input: await workbench.chatView().locator('#chat-input').inputValue(),
    }),
    (state) => state.conversation !== undefined && state.conversation !== before && state.messages === 0 && state.input === '',
  );
}

/** The id of the conversation the chat shows, or undefined while the chat has not shown one. */
async function shownConversation(workbench: Workbench): Promise<string | undefined> {
  const frames = workbench.page.locator('iframe.webview.ready[src*="purpose=webviewView"]');
  if ((await frames.count()) === 0) {
    return undefined;
  }
  const root = workbench.chatView().locator('.view-chat');
  return (await root.count()) === 0 ? undefined : ((await root.getAttribute('data-conversation')) ?? undefined);
}

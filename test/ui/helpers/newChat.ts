import { waitFor } from '../../../scripts/workbench/wait';
import type { Workbench } from '../../../scripts/workbench/workbench';

/**
 * Starts a new conversation with “Cluster Chat: New Chat” and waits until the chat has focus and
 * shows it, empty: a test's own starting point, whatever earlier tests left in the chat.
 */
export async function startNewChat(workbench: Workbench): Promise<void> {
  await workbench.runCommand('Cluster Chat: New Chat');
  await workbench.waitForChatFocus();
  await waitFor(
    'the chat to show an empty conversation (messages shown)',
    () => workbench.chatMessageCount(),
    (count) => count === 0,
  );
}

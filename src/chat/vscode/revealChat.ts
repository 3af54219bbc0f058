import * as vscode from 'vscode';
import type { ChatController } from './chatController';
import { CHAT_VIEW_ID } from './chatViewProvider';

/**
 * Shows the chat with keyboard focus in its message box. VS Code focuses a webview in two steps,
 * its outer frame and 50 ms later the page, and skips the second when the frame's own report that
 * it lost focus (polled every 250 ms) arrives in between, as after a palette opened over the chat:
 * the view then looks focused and every key is lost. The page focusing its box itself closes that gap.
 */
export async function revealChat(chat: Pick<ChatController, 'focusInput'>): Promise<void> {
  await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
  chat.focusInput();
}

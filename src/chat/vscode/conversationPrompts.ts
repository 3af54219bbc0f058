import * as vscode from 'vscode';
import type { StoredConversation } from '../../conversations/common/conversation';
import { confirmModal } from '../../base/vscode/confirm';

/** Asks for a conversation's new name; undefined when the user cancels. */
export async function askConversationTitle(conversation: StoredConversation): Promise<string | undefined> {
  const title = await vscode.window.showInputBox({
    title: vscode.l10n.t('Rename Conversation'),
    value: conversation.title,
    validateInput: (value) => (value.trim().length === 0 ? vscode.l10n.t('Enter a name.') : undefined),
  });
  return title?.trim();
}

/** Asks, in a modal dialog, before a conversation is deleted for good. */
export function confirmConversationDelete(conversation: StoredConversation): Promise<boolean> {
  return confirmModal(vscode.l10n.t('Delete the conversation “{0}”? This cannot be undone.', conversation.title), vscode.l10n.t('Delete'));
}

/** The title of a conversation continued from another one's message: the original's, marked once (a fork of a fork is not marked twice). */
export function forkTitle(title: string): string {
  const mark = vscode.l10n.t('{0} (fork)', '').trim();
  return title.endsWith(mark) ? title : vscode.l10n.t('{0} (fork)', title);
}

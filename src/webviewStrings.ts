import * as vscode from 'vscode';
import type { WebviewStrings } from './core/webviewStrings';

/** The webview's texts in the user's language (each a literal, so VS Code's l10n tooling finds it). */
export function localizedWebviewStrings(): WebviewStrings {
  return {
    copy: vscode.l10n.t('Copy'),
    copyDone: vscode.l10n.t('Copied'),
    insert: vscode.l10n.t('Insert at Cursor'),
    insertDone: vscode.l10n.t('Inserted'),
    replace: vscode.l10n.t('Replace Selection'),
    replaceDone: vscode.l10n.t('Replaced'),
    diff: vscode.l10n.t('Apply with Diff Preview'),
    diffDone: vscode.l10n.t('Diff Opened'),
    newFile: vscode.l10n.t('Open in New File'),
    newFileDone: vscode.l10n.t('Opened'),
    continueInChat: vscode.l10n.t('Continue in Chat'),
    continueInChatDone: vscode.l10n.t('Sent to Chat'),
    failed: vscode.l10n.t('Failed'),
    targetWholeReply: vscode.l10n.t('{0} (whole reply)'),
    targetBlock: vscode.l10n.t('{0} (block {1})'),
    codeBlockActions: vscode.l10n.t('Code block {0} actions'),
    replyActions: vscode.l10n.t('Reply actions'),
    noReply: vscode.l10n.t('No reply to show yet.'),
    image: vscode.l10n.t('[image]'),
    imageWithAlt: vscode.l10n.t('[image: {0}]'),
  };
}

import * as vscode from 'vscode';
import { exportAsJson, exportAsMarkdown } from '../../conversations/common/conversation';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { ChatController } from './chatController';
import { revealChat } from './revealChat';

const MAX_ATTACHED_FILE_BYTES = 1024 * 1024;

/** New Chat, Add Selection to Chat, Add File to Chat…, and the two exports. */
export function registerChatCommands(chat: ChatController, ignore: Pick<WorkspaceIgnore, 'allows'>): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('clusterChat.newChat', async () => {
      // The new conversation goes to the view before it takes focus, so nothing typed right away lands in the old one.
      await chat.newChat();
      await revealChat(chat);
    }),
    vscode.commands.registerCommand('clusterChat.addSelectionToChat', async () => {
      const editor = vscode.window.activeTextEditor;
      if (!editor) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: open a file and select the code to add.'));
        return;
      }
      const { document, selection } = editor;
      if (!(await ignore.allows(document.uri))) {
        return;
      }
      const range = selection.isEmpty ? new vscode.Range(0, 0, document.lineCount, 0) : selection;
      const fileName = vscode.workspace.asRelativePath(document.uri);
      const lines = selection.isEmpty ? '' : `:${range.start.line + 1}-${range.end.line + 1}`;
      chat.attachments.add({
        label: `${fileName}${lines}`,
        fileName,
        languageId: document.languageId,
        code: document.getText(range),
        uri: document.uri.toString(),
      });
      await revealChat(chat);
    }),
    vscode.commands.registerCommand('clusterChat.addFileToChat', async () => {
      const files = await vscode.workspace.findFiles('**/*', undefined, 5000);
      const picked = await vscode.window.showQuickPick(
        files.map((uri) => ({ label: vscode.workspace.asRelativePath(uri), uri })).sort((a, b) => a.label.localeCompare(b.label)),
        {
          title: vscode.l10n.t('Add File to Chat'),
          placeHolder: vscode.l10n.t('Choose a file to attach to your next message'),
          matchOnDescription: true,
        },
      );
      if (!picked || !(await ignore.allows(picked.uri))) {
        return;
      }
      const stat = await vscode.workspace.fs.stat(picked.uri);
      if (stat.size > MAX_ATTACHED_FILE_BYTES) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Cluster Chat: {0} is larger than 1 MB; attach a selection from it instead.', picked.label),
        );
        return;
      }
      const document = await vscode.workspace.openTextDocument(picked.uri);
      chat.attachments.add({
        label: picked.label,
        fileName: picked.label,
        languageId: document.languageId,
        code: document.getText(),
        uri: picked.uri.toString(),
      });
      await revealChat(chat);
    }),
    vscode.commands.registerCommand('clusterChat.exportChatMarkdown', () => exportChat(chat, 'markdown')),
    vscode.commands.registerCommand('clusterChat.exportChatJson', () => exportChat(chat, 'json')),
  );
}

async function exportChat(chat: ChatController, format: 'markdown' | 'json'): Promise<vscode.Uri | undefined> {
  const conversation = chat.activeConversation();
  const extension = format === 'json' ? 'json' : 'md';
  const base =
    conversation.title
      .replace(/[^\p{L}\p{N}]+/gu, '-')
      .replace(/^-+|-+$/g, '')
      .slice(0, 50) || 'conversation';
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri;
  const target = await vscode.window.showSaveDialog({
    title: format === 'json' ? vscode.l10n.t('Export Chat as JSON') : vscode.l10n.t('Export Chat as Markdown'),
    ...(folder ? { defaultUri: vscode.Uri.joinPath(folder, `${base}.${extension}`) } : {}),
    filters: format === 'json' ? { JSON: ['json'] } : { Markdown: ['md'] },
  });
  if (!target) {
    return undefined;
  }
  const text = format === 'json' ? exportAsJson(conversation) : exportAsMarkdown(conversation);
  await vscode.workspace.fs.writeFile(target, new TextEncoder().encode(text));
  const open = vscode.l10n.t('Open');
  void vscode.window
    .showInformationMessage(vscode.l10n.t('Cluster Chat: conversation exported to {0}.', vscode.workspace.asRelativePath(target)), open)
    .then(async (choice) => {
      if (choice === open) {
        await vscode.window.showTextDocument(target);
      }
    });
  return target;
}

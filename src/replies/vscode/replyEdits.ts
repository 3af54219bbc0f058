import * as vscode from 'vscode';
import type { ProposalDocuments } from './proposalDocuments';
import type { StoredReply } from './replyStore';

/** Applies the proposal shown at `uri` (the “Apply Proposed Change” command), closing its diff. */
export async function applyProposal(proposals: ProposalDocuments, uri: vscode.Uri | undefined): Promise<boolean> {
  const proposalUri = uri ?? vscode.window.activeTextEditor?.document.uri;
  const proposal = proposalUri ? proposals.get(proposalUri) : undefined;
  if (!proposal) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cluster Chat: there is no proposed change here to apply.'));
    return false;
  }
  const applied = await proposal.apply();
  // Looked up after applying: showing the changed file can replace the diff's tab object.
  const diffTab = vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .find((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === proposal.uri.toString());
  if (applied && diffTab) {
    await vscode.window.tabGroups.close(diffTab);
  }
  return applied;
}

/** Replaces `span` of `document` by `text` if the document still holds `before`, else says to copy from the diff. */
export async function applyIfUnchanged(
  reply: StoredReply,
  document: vscode.TextDocument,
  before: string,
  span: { readonly start: number; readonly end: number },
  text: string,
  fileName: string,
): Promise<boolean> {
  if (document.isClosed || document.getText() !== before) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Cluster Chat: {0} changed where the code came from; copy the parts you want from the diff.', fileName),
    );
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  edit.replace(document.uri, new vscode.Range(document.positionAt(span.start), document.positionAt(span.end)), text);
  return applyAndReveal(reply, edit, document, span.start, text.length);
}

/**
 * Applies an edit (one undo step) and shows the inserted text selected in its editor; the reply's
 * checkpoint keeps the file first, and records what was written after.
 */
export async function applyAndReveal(
  reply: StoredReply,
  edit: vscode.WorkspaceEdit,
  document: vscode.TextDocument,
  offset: number,
  length: number,
): Promise<boolean> {
  const kept = await reply.checkpoint?.(document);
  if (kept === false) {
    return false;
  }
  if (!(await vscode.workspace.applyEdit(edit))) {
    void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the editor refused the change (is the file read-only?).'));
    return false;
  }
  await kept?.();
  const selection = new vscode.Selection(document.positionAt(offset), document.positionAt(offset + length));
  const visible = vscode.window.visibleTextEditors.find((editor) => editor.document.uri.toString() === document.uri.toString());
  await vscode.window.showTextDocument(document, {
    viewColumn: visible?.viewColumn ?? vscode.ViewColumn.Active,
    selection,
    preserveFocus: false,
  });
  return true;
}

import * as vscode from 'vscode';
import type { OffsetChange } from '../../base/common/offsetTracking';

/** One replacement of a proposal's own edit, by offsets into the document before the edit. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

export function offsetChanges(edits: readonly OffsetEdit[]): OffsetChange[] {
  return edits.map((edit) => ({ rangeOffset: edit.start, rangeLength: edit.end - edit.start, textLength: edit.text.length }));
}

/**
 * Applies a proposal's own edit. In an editor showing the document it can join the undo step of
 * the proposal's previous edit (`join`), so inserting the new lines and accepting them undo as
 * one step, and leave that step open (`keepOpen`) for the next one; `workspace.applyEdit` (the
 * document shown in no editor) always makes an undo step of its own.
 */
export async function applyOwnEdit(
  document: vscode.TextDocument,
  edits: readonly OffsetEdit[],
  options: { readonly join: boolean; readonly keepOpen: boolean },
): Promise<boolean> {
  const ranges = edits.map((edit) => ({
    range: new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)),
    text: edit.text,
  }));
  const editor = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
  if (editor) {
    return editor.edit(
      (builder) => {
        for (const { range, text } of ranges) {
          builder.replace(range, text);
        }
      },
      { undoStopBefore: !options.join, undoStopAfter: !options.keepOpen },
    );
  }
  const edit = new vscode.WorkspaceEdit();
  for (const { range, text } of ranges) {
    edit.replace(document.uri, range, text);
  }
  return vscode.workspace.applyEdit(edit);
}

/**
 * Runs VS Code's own Undo in an editor of the document, and resolves whether it took the text
 * back to `expected`. Undo, unlike an edit that deletes the inserted lines again, also takes the
 * document back to the version it had, so a file that was saved before the proposal is not left
 * dirty. (Saving it again would clear the flag too, but would run the save participants, format on
 * save among them, and write a file the user did not ask to save.) The caller has checked that the
 * last undo step is the proposal's own; should Undo still land elsewhere, Redo puts it back.
 */
export async function undoOwnEdits(document: vscode.TextDocument, expected: string): Promise<boolean> {
  const visible = vscode.window.visibleTextEditors.find((candidate) => candidate.document === document);
  const editor = await vscode.window.showTextDocument(document, {
    preserveFocus: false,
    preview: false,
    ...(visible?.viewColumn === undefined ? {} : { viewColumn: visible.viewColumn }),
  });
  if (vscode.window.activeTextEditor !== editor) {
    return false;
  }
  const version = document.version;
  await vscode.commands.executeCommand('undo');
  if (document.getText() === expected) {
    return true;
  }
  if (document.version !== version) {
    await vscode.commands.executeCommand('redo');
  }
  return false;
}

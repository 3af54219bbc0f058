import * as vscode from 'vscode';
import type { OffsetChange } from '../../base/common/offsetTracking';
import * as shownHunks from '../common/proposalHunks';

/** One replacement of a proposal's own edit, by offsets into the document before the edit. */
export interface OffsetEdit {
  readonly start: number;
  readonly end: number;
  readonly text: string;
}

/** The hunk on a line of the document (its old or new lines), else the next one below, else the last one. */
export function hunkAtLine(
  document: vscode.TextDocument,
  hunks: readonly shownHunks.ShownHunk[],
  line: number,
): shownHunks.ShownHunk | undefined {
  const { range } = document.lineAt(Math.min(line, document.lineCount - 1));
  return shownHunks.hunkNear(hunks, document.offsetAt(range.start), document.offsetAt(range.end));
}

/** VS Code's description of a batch of changes, by offsets alone. */
export function offsetsOf(changes: readonly vscode.TextDocumentContentChangeEvent[]): OffsetChange[] {
  return changes.map((change) => ({ rangeOffset: change.rangeOffset, rangeLength: change.rangeLength, textLength: change.text.length }));
}

export function deletions(document: vscode.TextDocument, spans: readonly OffsetEdit[]): vscode.TextEdit[] {
  return spans.map((span) => vscode.TextEdit.delete(new vscode.Range(document.positionAt(span.start), document.positionAt(span.end))));
}

export function reportRefused(): false {
  void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the editor refused the change (is the file read-only?).'));
  return false;
}

export function reportWithdrawn(title: string, uri: vscode.Uri): void {
  void vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Cluster Chat: the proposal “{0}” was withdrawn because {1} changed where it applies. Run it again for the current code.',
      title,
      vscode.workspace.asRelativePath(uri),
    ),
  );
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
): Promise<{ readonly applied: boolean; readonly joined: boolean }> {
  const ranges = edits.map((edit) => ({
    range: new vscode.Range(document.positionAt(edit.start), document.positionAt(edit.end)),
    text: edit.text,
  }));
  // The user's own editor of the document first: a diff shows the same document read-only (a
  // multi-file diff's editors have no view column).
  const shown = vscode.window.visibleTextEditors.filter((candidate) => candidate.document === document);
  const active = vscode.window.activeTextEditor;
  const editor = active?.document === document ? active : (shown.find((candidate) => candidate.viewColumn !== undefined) ?? shown[0]);
  if (editor) {
    const version = document.version;
    const applied = await editor.edit(
      (builder) => {
        for (const { range, text } of ranges) {
          builder.replace(range, text);
        }
      },
      { undoStopBefore: !options.join, undoStopAfter: !options.keepOpen },
    );
    // A read-only editor (e.g. the original side of a diff) reports the edit applied and drops it.
    if (!applied || document.version !== version || ranges.length === 0) {
      return { applied, joined: options.join };
    }
  }
  const edit = new vscode.WorkspaceEdit();
  for (const { range, text } of ranges) {
    edit.replace(document.uri, range, text);
  }
  return { applied: await vscode.workspace.applyEdit(edit), joined: false };
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

/**
 * After every hunk was rejected, where VS Code saves on its own (`files.autoSave`): an automatic save
 * may have written the proposed lines to disk meanwhile, so the file as it was goes back there at
 * once, not a delay later, and the editor is not left modified.
 */
export async function saveIfAutoSaved(document: vscode.TextDocument, original: string): Promise<void> {
  const autoSave = vscode.workspace.getConfiguration('files', document.uri).get<string>('autoSave', 'off');
  if (autoSave !== 'off' && document.isDirty && !document.isUntitled && document.getText() === original) {
    await document.save();
  }
}

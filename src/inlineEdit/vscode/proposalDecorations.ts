import * as vscode from 'vscode';
import { shownEnd, type ShownHunk } from '../common/proposalHunks';

/**
 * How a pending proposal looks: the lines it removes on the diff editor's removed-line colour and
 * struck through, the lines it inserts below them on the inserted-line colour, both marked in the
 * overview ruler. Whole-line theme colours keep it readable in light, dark and high-contrast
 * themes, and no decoration text sits in a line, so none runs past the right edge.
 */
export class ProposalDecorations implements vscode.Disposable {
  private readonly removed = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.removedLineBackground'),
    textDecoration: 'line-through',
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.deletedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly added = vscode.window.createTextEditorDecorationType({
    isWholeLine: true,
    backgroundColor: new vscode.ThemeColor('diffEditor.insertedLineBackground'),
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });

  render(editor: vscode.TextEditor, hunks: readonly ShownHunk[]): void {
    const removed: vscode.Range[] = [];
    const added: vscode.Range[] = [];
    const { document } = editor;
    for (const hunk of hunks) {
      if (hunk.end > hunk.start) {
        removed.push(new vscode.Range(document.positionAt(hunk.start), document.positionAt(hunk.end - 1)));
      }
      if (hunk.shown.length > 0) {
        // After old lines that end the document without a line break, the new ones start a line below.
        const first = document.positionAt(hunk.end).line + (hunk.oldText.length > 0 && !hunk.oldText.endsWith('\n') ? 1 : 0);
        added.push(new vscode.Range(first, 0, document.positionAt(shownEnd(hunk) - 1).line, 0));
      }
    }
    editor.setDecorations(this.removed, removed);
    editor.setDecorations(this.added, added);
  }

  dispose(): void {
    this.removed.dispose();
    this.added.dispose();
  }
}

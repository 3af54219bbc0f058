import * as vscode from 'vscode';
import type { PlacedHunk } from '../common/proposalHunks';
import { fenceCode } from '../../replies/common/selectionPrompt';

/** Longest ghost text on one line; the hover shows the rest. */
const MAX_GHOST = 160;
const LINE_JOIN = '  ⏎  ';

/**
 * How a pending proposal looks: the lines it removes struck through on the diff editor's removed
 * colour, what it adds as text on the inserted colour after them (each new line after the old line
 * it replaces, extra ones joined on the last), and the whole hunk as a diff in a hover. Theme
 * colours keep it readable in light, dark and high-contrast themes.
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
    after: {
      color: new vscode.ThemeColor('editor.foreground'),
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground'),
      margin: '0 0 0 2ch',
    },
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });
  private readonly inserted = vscode.window.createTextEditorDecorationType({
    before: {
      color: new vscode.ThemeColor('editor.foreground'),
      backgroundColor: new vscode.ThemeColor('diffEditor.insertedTextBackground'),
      margin: '0 2ch 0 0',
    },
    overviewRulerColor: new vscode.ThemeColor('editorOverviewRuler.addedForeground'),
    overviewRulerLane: vscode.OverviewRulerLane.Left,
  });

  render(editor: vscode.TextEditor, hunks: readonly PlacedHunk[]): void {
    const removed: vscode.DecorationOptions[] = [];
    const added: vscode.DecorationOptions[] = [];
    const inserted: vscode.DecorationOptions[] = [];
    for (const hunk of hunks) {
      const hover = hunkHover(hunk);
      const first = editor.document.positionAt(hunk.start).line;
      const newLines = hunk.newLines.map((line) => line.replace(/\r?\n$/, ''));
      if (hunk.oldLineCount === 0) {
        const anchor = new vscode.Range(first, 0, first, 0);
        inserted.push({
          range: anchor,
          hoverMessage: hover,
          renderOptions: { before: { contentText: ghost(`＋ ${newLines.join(LINE_JOIN)}  ⏎`) } },
        });
        continue;
      }
      for (let index = 0; index < hunk.oldLineCount; index++) {
        const line = editor.document.lineAt(first + index);
        removed.push({ range: line.range, hoverMessage: hover });
        const last = index === hunk.oldLineCount - 1;
        const shown = last ? newLines.slice(index) : newLines.slice(index, index + 1);
        if (shown.length > 0) {
          added.push({
            range: new vscode.Range(line.range.end, line.range.end),
            hoverMessage: hover,
            renderOptions: { after: { contentText: ghost(`⟶ ${shown.map((text) => text.trim()).join(LINE_JOIN)}`) } },
          });
        }
      }
    }
    editor.setDecorations(this.removed, removed);
    editor.setDecorations(this.added, added);
    editor.setDecorations(this.inserted, inserted);
  }

  clear(editor: vscode.TextEditor): void {
    this.render(editor, []);
  }

  dispose(): void {
    this.removed.dispose();
    this.added.dispose();
    this.inserted.dispose();
  }
}

function ghost(text: string): string {
  // Decoration text shows spaces collapsed; non-breaking ones keep an indentation readable.
  const shown = text.length > MAX_GHOST ? `${text.slice(0, MAX_GHOST - 1)}…` : text;
  return shown.replace(/ /g, '\u00a0');
}

function hunkHover(hunk: PlacedHunk): vscode.MarkdownString {
  const lines = [
    ...hunk.oldLines.map((line) => `- ${line.replace(/\r?\n$/, '')}`),
    ...hunk.newLines.map((line) => `+ ${line.replace(/\r?\n$/, '')}`),
  ].join('\n');
  const hover = new vscode.MarkdownString(`${vscode.l10n.t('Proposed by Cluster Chat:')}\n\n${fenceCode(lines, 'diff')}`);
  hover.isTrusted = false;
  return hover;
}

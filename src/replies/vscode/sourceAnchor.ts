import * as vscode from 'vscode';
import { applyChanges, type TrackedSpan } from '../../base/common/offsetTracking';

/**
 * Where a request's code came from: the document, the sent range and the cursor, followed through
 * later edits, so a reply goes back to that place even after focus moved or lines were added above.
 */
export class SourceAnchor implements vscode.Disposable {
  readonly uri: vscode.Uri;
  readonly languageId: string;
  readonly originalText: string;
  private range: TrackedSpan;
  private cursor: TrackedSpan;
  private closed = false;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(document: vscode.TextDocument, sent: vscode.Range, cursor: vscode.Position) {
    this.uri = document.uri;
    this.languageId = document.languageId;
    this.originalText = document.getText(sent);
    this.range = { start: document.offsetAt(sent.start), end: document.offsetAt(sent.end), intact: true };
    const cursorOffset = document.offsetAt(cursor);
    this.cursor = { start: cursorOffset, end: cursorOffset, intact: true };
    this.subscriptions.push(
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() !== this.uri.toString() || event.contentChanges.length === 0) {
          return;
        }
        const changes = event.contentChanges.map((change) => ({
          rangeOffset: change.rangeOffset,
          rangeLength: change.rangeLength,
          textLength: change.text.length,
        }));
        this.range = applyChanges(this.range, changes);
        this.cursor = applyChanges(this.cursor, changes);
      }),
      vscode.workspace.onDidCloseTextDocument((document) => {
        if (document.uri.toString() === this.uri.toString()) {
          this.closed = true;
        }
      }),
    );
  }

  /** The document, opened again if it was closed. */
  async document(): Promise<vscode.TextDocument> {
    return vscode.workspace.openTextDocument(this.uri);
  }

  /** The sent range now, if its text is still exactly what was sent. */
  currentRange(document: vscode.TextDocument): vscode.Range | undefined {
    const range = new vscode.Range(document.positionAt(this.range.start), document.positionAt(this.range.end));
    return document.getText(range) === this.originalText ? range : undefined;
  }

  /**
   * The cursor position at the time of the request, moved with later edits; undefined when the
   * sent code around it changed, or the file was closed meanwhile (edits to it were not followed).
   */
  currentCursor(document: vscode.TextDocument): vscode.Position | undefined {
    if (this.currentRange(document) === undefined || (this.closed && this.cursor.start > document.getText().length)) {
      return undefined;
    }
    return document.positionAt(this.cursor.start);
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}

import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import { moveHunks, type PlacedHunk } from '../common/proposalHunks';

/** Why a proposal ended. */
export type ProposalEnd = 'done' | 'withdrawn' | 'closed';

/**
 * A cluster's change shown in an editor before it is applied: the document keeps its text until a
 * hunk is accepted (one undo step each, or one for Accept All). The hunks follow edits made around
 * them; an edit that touches one withdraws the whole proposal, so no hunk is ever applied to text
 * it was not made for.
 */
export class InlineProposal implements vscode.Disposable {
  private pending: PlacedHunk[];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly ended = new vscode.EventEmitter<ProposalEnd>();
  /** The hunks moved or one was settled: decorations and CodeLenses redraw. */
  readonly onDidChange = this.changed.event;
  readonly onDidEnd = this.ended.event;
  private readonly subscriptions: vscode.Disposable[];
  private over = false;

  constructor(
    readonly document: vscode.TextDocument,
    hunks: readonly PlacedHunk[],
    /** e.g. "Fix · math.ts", named in the message when the proposal is withdrawn. */
    readonly title: string,
    /** The request and the reply the proposal came from. */
    readonly conversation: readonly Message[],
  ) {
    this.pending = [...hunks];
    this.subscriptions = [
      this.changed,
      this.ended,
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document.uri.toString() === this.document.uri.toString() && event.contentChanges.length > 0) {
          this.follow(event.contentChanges);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((closed) => {
        if (closed.uri.toString() === this.document.uri.toString()) {
          this.end('closed');
        }
      }),
    ];
  }

  get hunks(): readonly PlacedHunk[] {
    return this.pending;
  }

  get isOver(): boolean {
    return this.over;
  }

  /** The hunk at a line, else the next one below it, else the last one. */
  hunkNear(line: number): PlacedHunk | undefined {
    const offset = this.document.offsetAt(new vscode.Position(line, 0));
    const lineEnd = this.document.offsetAt(this.document.lineAt(Math.min(line, this.document.lineCount - 1)).range.end);
    return (
      this.pending.find((hunk) => hunk.start <= lineEnd && hunk.end >= offset) ??
      this.pending.find((hunk) => hunk.start >= offset) ??
      this.pending.at(-1)
    );
  }

  /** Applies the hunks with these ids (all pending ones by default) as one undo step. */
  async accept(ids?: readonly number[]): Promise<boolean> {
    const chosen = this.pending.filter((hunk) => ids === undefined || ids.includes(hunk.id));
    if (chosen.length === 0) {
      return false;
    }
    for (const hunk of chosen) {
      const range = new vscode.Range(this.document.positionAt(hunk.start), this.document.positionAt(hunk.end));
      if (this.document.getText(range) !== hunk.oldText) {
        // Cannot happen while edits are followed; checked so a missed event can never misplace a hunk.
        this.withdraw();
        return false;
      }
    }
    // Settled before the edit, so its own change event moves only the hunks that remain.
    const before = this.pending;
    this.pending = this.pending.filter((hunk) => !chosen.includes(hunk));
    const edit = new vscode.WorkspaceEdit();
    for (const hunk of chosen) {
      edit.replace(
        this.document.uri,
        new vscode.Range(this.document.positionAt(hunk.start), this.document.positionAt(hunk.end)),
        hunk.newText,
      );
    }
    if (!(await vscode.workspace.applyEdit(edit))) {
      this.pending = before;
      void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the editor refused the change (is the file read-only?).'));
      return false;
    }
    this.settled();
    return true;
  }

  /** Drops the hunks with these ids (all pending ones by default); the document is not touched. */
  reject(ids?: readonly number[]): boolean {
    const remaining = this.pending.filter((hunk) => ids !== undefined && !ids.includes(hunk.id));
    if (remaining.length === this.pending.length) {
      return false;
    }
    this.pending = remaining;
    this.settled();
    return true;
  }

  dispose(): void {
    this.end('closed');
  }

  private follow(changes: readonly vscode.TextDocumentContentChangeEvent[]): void {
    if (this.over) {
      return;
    }
    const moved = moveHunks(
      this.pending,
      changes.map((change) => ({ rangeOffset: change.rangeOffset, rangeLength: change.rangeLength, textLength: change.text.length })),
    );
    if (!moved) {
      this.withdraw();
      return;
    }
    this.pending = moved;
    this.changed.fire();
  }

  private withdraw(): void {
    const name = vscode.workspace.asRelativePath(this.document.uri);
    void vscode.window.showWarningMessage(
      vscode.l10n.t(
        'Cluster Chat: the proposal “{0}” was withdrawn because {1} changed where it applies. Run it again for the current code.',
        this.title,
        name,
      ),
    );
    this.end('withdrawn');
  }

  private settled(): void {
    if (this.pending.length === 0) {
      this.end('done');
    } else {
      this.changed.fire();
    }
  }

  private end(reason: ProposalEnd): void {
    if (this.over) {
      return;
    }
    this.over = true;
    this.pending = [];
    this.ended.fire(reason);
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}

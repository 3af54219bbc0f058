import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import type { OffsetChange } from '../../base/common/offsetTracking';
import { insertedLeft, moveHunks, settlingEdit, showHunks, shownEnd, type PlacedHunk, type ShownHunk } from '../common/proposalHunks';
import { applyOwnEdit, offsetChanges, undoOwnEdits, type OffsetEdit } from './proposalEdits';

/** Why a proposal ended. */
export type ProposalEnd = 'done' | 'withdrawn' | 'closed' | 'saved';

/**
 * A cluster's change shown in an editor before it is applied: each hunk's new lines are inserted
 * as real lines right below its old ones, so every line reads whole at any length. Accepting a
 * hunk deletes its old lines, rejecting it deletes its new ones. The proposal's own edits share
 * one undo step while the user makes none in between, so one Undo after accepting takes the file
 * back to where it was, and rejecting everything undoes the insertion (text and saved state as
 * before). The hunks follow edits made around them; an edit that touches one withdraws the whole
 * proposal (its inserted lines taken out), so no hunk is ever applied to text it was not made for.
 */
export class InlineProposal implements vscode.Disposable {
  private pending: ShownHunk[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly ended = new vscode.EventEmitter<ProposalEnd>();
  /** The hunks moved or one was settled: decorations and CodeLenses redraw. */
  readonly onDidChange = this.changed.event;
  readonly onDidEnd = this.ended.event;
  private readonly subscriptions: vscode.Disposable[];
  private over = false;
  /** The text before the new lines were inserted: what rejecting every hunk gives back. */
  private readonly original: string;
  /** The version after the proposal's last own edit: while it is current, that edit's undo step is the last one. */
  private ownVersion = -1;
  /** Set while an own edit runs: its change events are not the user's, and a second Accept or Reject waits its turn. */
  private editing = false;
  /** The user changed the document, or a hunk was accepted: Undo no longer leads back to `original`. */
  private diverged = false;

  private constructor(
    readonly document: vscode.TextDocument,
    /** e.g. "Fix · math.ts", named in the message when the proposal is withdrawn. */
    readonly title: string,
    /** The request and the reply the proposal came from. */
    readonly conversation: readonly Message[],
  ) {
    this.original = document.getText();
    this.subscriptions = [
      this.changed,
      this.ended,
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) {
          this.follow(event.contentChanges);
        }
      }),
      vscode.workspace.onDidCloseTextDocument((closed) => {
        if (closed === this.document) {
          this.end('closed');
        }
      }),
    ];
  }

  /**
   * Inserts the new lines of `hunks` (placed in the document as it is now) below their old ones;
   * undefined when the document no longer holds the old lines or refuses the edit.
   */
  static async show(
    document: vscode.TextDocument,
    hunks: readonly PlacedHunk[],
    title: string,
    conversation: readonly Message[],
  ): Promise<InlineProposal | undefined> {
    const proposal = new InlineProposal(document, title, conversation);
    const holdsOld = hunks.every((hunk) => proposal.original.slice(hunk.start, hunk.end) === hunk.oldText);
    const shown = showHunks(hunks, document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n', proposal.original.length);
    const edits = hunks.map((hunk, index) => ({ start: hunk.end, end: hunk.end, text: shown[index]?.shown ?? '' }));
    const inserts = edits.filter((edit) => edit.text.length > 0);
    // The undo step stays open, so accepting joins it: one Undo then restores the text as it was.
    if (document.isClosed || !holdsOld || (inserts.length > 0 && !(await proposal.ownEdit(inserts, true)))) {
      proposal.end('closed');
      return undefined;
    }
    proposal.pending = shown;
    return proposal;
  }

  get hunks(): readonly ShownHunk[] {
    return this.pending;
  }

  get isOver(): boolean {
    return this.over;
  }

  /** The hunk at a line (its old or new lines), else the next one below it, else the last one. */
  hunkNear(line: number): ShownHunk | undefined {
    const offset = this.document.offsetAt(new vscode.Position(line, 0));
    const lineEnd = this.document.offsetAt(this.document.lineAt(Math.min(line, this.document.lineCount - 1)).range.end);
    return (
      this.pending.find((hunk) => hunk.start <= lineEnd && shownEnd(hunk) >= offset) ??
      this.pending.find((hunk) => hunk.start >= offset) ??
      this.pending.at(-1)
    );
  }

  /** Applies the hunks with these ids (all pending ones by default): their old lines go. */
  async accept(ids?: readonly number[]): Promise<boolean> {
    const chosen = this.choose(ids);
    if (chosen.length === 0 || !this.holdsShownText(chosen)) {
      return false;
    }
    const edits = chosen.map((hunk) => settlingEdit(hunk, 'accept'));
    const settled = await this.settle(chosen, edits);
    this.diverged ||= settled;
    return settled;
  }

  /** Drops the hunks with these ids (all pending ones by default): their inserted lines go. */
  async reject(ids?: readonly number[]): Promise<boolean> {
    const chosen = this.choose(ids);
    if (chosen.length === 0 || !this.holdsShownText(chosen)) {
      return false;
    }
    if (chosen.length === this.pending.length && !this.diverged && this.document.version === this.ownVersion) {
      this.editing = true;
      const undone = await undoOwnEdits(this.document, this.original).finally(() => (this.editing = false));
      if (undone) {
        this.end('done');
        return true;
      }
    }
    const edits = chosen.filter((hunk) => hunk.shown.length > 0).map((hunk) => settlingEdit(hunk, 'reject'));
    return this.settle(chosen, edits);
  }

  /**
   * Ends the proposal because its document is being saved: the returned edits take the inserted
   * lines out first, so only what was accepted reaches the disk.
   */
  endForSave(): vscode.TextEdit[] {
    const edits = this.leftovers([]).map((left) =>
      vscode.TextEdit.delete(new vscode.Range(this.document.positionAt(left.start), this.document.positionAt(left.end))),
    );
    this.end('saved');
    return edits;
  }

  dispose(): void {
    this.end('closed');
  }

  private choose(ids: readonly number[] | undefined): ShownHunk[] {
    return this.editing || this.over ? [] : this.pending.filter((hunk) => ids === undefined || ids.includes(hunk.id));
  }

  /** Whether the hunks' old and new lines are as shown; withdraws the proposal when not. */
  private holdsShownText(hunks: readonly ShownHunk[]): boolean {
    const text = this.document.getText();
    // Cannot fail while edits are followed; checked so a missed event can never misplace a hunk.
    if (hunks.every((hunk) => text.slice(hunk.start, shownEnd(hunk)) === hunk.oldText + hunk.shown)) {
      return true;
    }
    void this.withdraw(this.leftovers([]));
    return false;
  }

  /** Makes the edits that settle `chosen`; the other hunks stay pending, moved by them. */
  private async settle(chosen: readonly ShownHunk[], edits: readonly OffsetEdit[]): Promise<boolean> {
    const remaining = this.pending.filter((hunk) => !chosen.includes(hunk));
    // Hunks are kept apart by unchanged lines, so one hunk's edit only ever moves the others.
    const next = moveHunks(remaining, offsetChanges(edits), shownEnd) ?? [];
    if (edits.length > 0 && !(await this.ownEdit(edits, next.length > 0))) {
      void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the editor refused the change (is the file read-only?).'));
      return false;
    }
    this.pending = next;
    if (next.length === 0) {
      this.end('done');
    } else {
      this.changed.fire();
    }
    return true;
  }

  private async ownEdit(edits: readonly OffsetEdit[], keepOpen: boolean): Promise<boolean> {
    const join = this.document.version === this.ownVersion;
    this.editing = true;
    const applied = await applyOwnEdit(this.document, edits, { join, keepOpen }).finally(() => (this.editing = false));
    if (applied) {
      this.ownVersion = this.document.version;
    }
    return applied;
  }

  private follow(changes: readonly vscode.TextDocumentContentChangeEvent[]): void {
    if (this.over || this.editing) {
      return;
    }
    this.diverged = true;
    const offsets = changes.map((change) => ({
      rangeOffset: change.rangeOffset,
      rangeLength: change.rangeLength,
      textLength: change.text.length,
    }));
    const moved = moveHunks(this.pending, offsets, shownEnd);
    if (!moved) {
      void this.withdraw(this.leftovers(offsets));
      return;
    }
    this.pending = moved;
    this.changed.fire();
  }

  /** The inserted lines still in the document after `changes`, as deletions. */
  private leftovers(changes: readonly OffsetChange[]): OffsetEdit[] {
    return insertedLeft(this.document.getText(), this.pending, changes).map((span) => ({ ...span, text: '' }));
  }

  private async withdraw(leftovers: readonly OffsetEdit[]): Promise<void> {
    // The user's Undo took the proposal out: nothing to report.
    const undone = leftovers.length === 0 && this.document.getText() === this.original;
    this.end('withdrawn');
    if (leftovers.length > 0) {
      await applyOwnEdit(this.document, leftovers, { join: false, keepOpen: false });
    }
    if (!undone) {
      const name = vscode.workspace.asRelativePath(this.document.uri);
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Cluster Chat: the proposal “{0}” was withdrawn because {1} changed where it applies. Run it again for the current code.',
          this.title,
          name,
        ),
      );
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

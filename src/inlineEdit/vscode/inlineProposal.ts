import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import type { OffsetChange } from '../../base/common/offsetTracking';
import * as shownHunks from '../common/proposalHunks';
import type { PlacedHunk, ShownHunk } from '../common/proposalHunks';
import { SettleHistory } from '../common/settleHistory';
import * as own from './proposalEdits';
import type { OffsetEdit } from './proposalEdits';

/** Why a proposal ended. */
export type ProposalEnd = 'done' | 'withdrawn' | 'closed' | 'saved';

/**
 * A cluster's change shown in an editor before it is applied: each hunk's new lines inserted as real lines right below
 * its old ones, so every line reads whole at any length. Accept deletes a hunk's old lines, Reject its new ones. The
 * proposal's own edits share one undo step while the user makes none in between: one Undo after accepting restores the
 * file, and rejecting all undoes the insertion (text and saved state as before); undoing an accept or reject that is a
 * step of its own brings its hunks back. The hunks follow edits around them; an edit that touches one withdraws the
 * proposal (its inserted lines taken out), so no hunk is applied to other text.
 */
export class InlineProposal implements vscode.Disposable {
  private pending: ShownHunk[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  private readonly ended = new vscode.EventEmitter<ProposalEnd>();
  private readonly resumed = new vscode.EventEmitter<void>();
  /** The hunks moved or one was settled: decorations and CodeLenses redraw. */
  readonly onDidChange = this.changed.event;
  readonly onDidEnd = this.ended.event;
  /** An Undo brought back hunks of a proposal that had ended 'done': it is pending again. */
  readonly onDidResume = this.resumed.event;
  private readonly subscriptions: vscode.Disposable[];
  private history = new SettleHistory<ShownHunk>();
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
      this.resumed,
      vscode.workspace.onDidChangeTextDocument((event) => {
        if (event.document === this.document && event.contentChanges.length > 0) {
          this.follow(event);
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
    const shown = shownHunks.showIn(proposal.original, hunks, document.eol === vscode.EndOfLine.CRLF ? '\r\n' : '\n');
    // The undo step stays open, so accepting joins it: one Undo then restores the text as it was.
    if (document.isClosed || !shown || (shown.inserts.length > 0 && !(await proposal.ownEdit(shown.inserts, true)).applied)) {
      proposal.end('closed');
      return undefined;
    }
    proposal.pending = shown.hunks;
    return proposal;
  }

  get hunks(): readonly ShownHunk[] {
    return this.pending;
  }

  get isOver(): boolean {
    return this.over;
  }

  /** Applies the hunks with these ids (all pending ones by default): their old lines go. */
  accept(ids?: readonly number[]): Promise<boolean> {
    return this.decide('accept', ids);
  }

  /** Drops the hunks with these ids (all pending ones by default): their inserted lines go. */
  async reject(ids?: readonly number[]): Promise<boolean> {
    const settled = await this.decide('reject', ids);
    if (settled && this.over) await own.saveIfAutoSaved(this.document, this.original);
    return settled;
  }

  /** Ends the proposal as its document is saved: the edits take the inserted lines out first. */
  endForSave(): vscode.TextEdit[] {
    const edits = this.leftovers([]);
    this.end('saved');
    return own.deletions(this.document, edits);
  }

  dispose(): void {
    this.end('closed');
    this.stopWatching();
  }

  /**
   * The pending hunks with these ids (all by default); none while an own edit runs, or when the text
   * is not as shown (checked so a missed event can never misplace a hunk: the proposal is withdrawn).
   */
  private choose(ids: readonly number[] | undefined): ShownHunk[] {
    const chosen = this.editing || this.over ? [] : this.pending.filter((hunk) => ids === undefined || ids.includes(hunk.id));
    if (chosen.length > 0 && !shownHunks.holdsShown(this.document.getText(), chosen)) {
      void this.withdraw(this.leftovers([]));
      return [];
    }
    return chosen;
  }

  private async decide(action: 'accept' | 'reject', ids: readonly number[] | undefined): Promise<boolean> {
    const chosen = this.choose(ids);
    if (chosen.length === 0) {
      return false;
    }
    if (action === 'reject' && chosen.length === this.pending.length && !this.diverged && this.document.version === this.ownVersion) {
      this.editing = true;
      if (await own.undoOwnEdits(this.document, this.original).finally(() => (this.editing = false))) {
        this.end('done');
        return true;
      }
    }
    const edits = chosen.map((hunk) => shownHunks.settlingEdit(hunk, action)).filter((edit) => edit.start < edit.end || edit.text);
    const settled = await this.settle(chosen, edits);
    this.diverged ||= settled && action === 'accept';
    return settled;
  }

  /** Makes the edits that settle `chosen`; the other hunks stay pending, moved by them. */
  private async settle(chosen: readonly ShownHunk[], edits: readonly OffsetEdit[]): Promise<boolean> {
    const remaining = this.pending.filter((hunk) => !chosen.includes(hunk));
    // Hunks are kept apart by unchanged lines, so one hunk's edit only ever moves the others.
    const next = shownHunks.moveHunks(remaining, own.offsetChanges(edits), shownHunks.shownEnd) ?? [];
    const before = this.document.getText();
    // An accept of lines that only add (no old lines to take out) changes nothing: no undo step to follow.
    if (edits.length > 0) {
      const { applied, joined } = await this.ownEdit(edits, next.length > 0);
      if (!applied) return own.reportRefused();
      this.history.record({ before, after: this.document.getText(), pendingBefore: this.pending, pendingAfter: next }, joined);
    }
    this.update(next);
    return true;
  }

  /** Ends the proposal when no hunk is left, else redraws it (pending again, if an Undo brought hunks back). */
  private update(next: readonly ShownHunk[]): void {
    this.pending = [...next];
    if (next.length === 0) {
      this.end('done');
    } else if (this.over) {
      this.over = false;
      this.resumed.fire();
    } else {
      this.changed.fire();
    }
  }

  private async ownEdit(edits: readonly OffsetEdit[], keepOpen: boolean): Promise<{ applied: boolean; joined: boolean }> {
    const join = this.document.version === this.ownVersion;
    this.editing = true;
    const result = await own.applyOwnEdit(this.document, edits, { join, keepOpen }).finally(() => (this.editing = false));
    if (result.applied) {
      this.ownVersion = this.document.version;
    }
    return result;
  }

  private follow(event: vscode.TextDocumentChangeEvent): void {
    if (this.editing) {
      return;
    }
    const undoOrRedo = { [vscode.TextDocumentChangeReason.Undo]: 'undo', [vscode.TextDocumentChangeReason.Redo]: 'redo' } as const;
    const restored = event.reason && this.history.follow(undoOrRedo[event.reason], () => this.document.getText());
    if (restored) {
      this.update(restored);
      return;
    }
    if (this.over) {
      this.stopWatching();
      return;
    }
    this.diverged = true;
    const offsets = own.offsetsOf(event.contentChanges);
    const moved = shownHunks.moveHunks(this.pending, offsets, shownHunks.shownEnd);
    if (!moved) {
      // Lines an Undo or Redo put back are left to the user's undo stack.
      void this.withdraw(event.reason === undefined ? this.leftovers(offsets) : []);
      return;
    }
    this.update(moved);
  }

  /** The inserted lines still in the document after `changes`, as deletions. */
  private leftovers(changes: readonly OffsetChange[]): OffsetEdit[] {
    return shownHunks.insertedLeft(this.document.getText(), this.pending, changes).map((span) => ({ ...span, text: '' }));
  }

  private async withdraw(leftovers: readonly OffsetEdit[]): Promise<void> {
    // The user's Undo took the proposal out: nothing to report.
    const undone = leftovers.length === 0 && this.document.getText() === this.original;
    this.end('withdrawn');
    if (leftovers.length > 0) {
      await own.applyOwnEdit(this.document, leftovers, { join: false, keepOpen: false });
    }
    if (!undone) {
      own.reportWithdrawn(this.title, this.document.uri);
    }
  }

  private end(reason: ProposalEnd): void {
    if (this.over) return;
    this.over = true;
    this.pending = [];
    this.ended.fire(reason);
    // Settled by steps an Undo could take back: watched until the document changes otherwise.
    if (reason !== 'done' || !this.history.canUndo) {
      this.stopWatching();
    }
  }

  private stopWatching(): void {
    this.history = new SettleHistory();
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }
}

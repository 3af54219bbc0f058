import * as vscode from 'vscode';
import type { CheckpointEntry, CheckpointStore } from '../../checkpoints/common/checkpoints';
import { CheckpointTooLarge } from '../../checkpoints/node/checkpointFiles';
import { contentHash } from '../../checkpoints/node/blobFiles';

const encoder = new TextEncoder();

/** A file about to be changed: its text before (undefined: no file) and what is written. */
export interface KeptFile {
  readonly uri: vscode.Uri;
  readonly label: string;
  readonly before: string | undefined;
  readonly after: string | undefined;
}

/** How {@link TurnCheckpoints.keep} ended: a copy kept, the file to be changed without one, or not to be changed. */
export type KeepOutcome = 'kept' | 'unkept' | false;

/** What a kept copy would undo, named in the question about a file that cannot be kept. */
export type UndoneBy = 'turn' | 'edit';

/** A chat turn: the conversation, and the reply's message id. */
export interface TurnRef {
  readonly conversationId: string;
  readonly turn: string;
}

/**
 * The checkpoints of chat turns, as the files' text: before Cluster Chat changes a file in a turn,
 * what the file held is kept, so "Undo changes of this turn" can bring it back.
 */
export class TurnCheckpoints implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<string>();
  /** A conversation's turns changed: one was kept, or undone and dropped, or all were freed. */
  readonly onDidChange = this.changed.event;

  constructor(
    readonly store: CheckpointStore,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** The turns of a conversation that changed a file (kept one that now differs), by id. */
  async changingTurns(conversationId: string): Promise<ReadonlySet<string>> {
    const turns = await this.store.turns(conversationId);
    return new Set(turns.filter(({ entries }) => entries.some(({ before, after }) => before !== after)).map(({ turn }) => turn));
  }

  /**
   * Keeps `before` (undefined: no such file) as the turn's pre-image of `uri` unless it has one,
   * and `after` as what was written. Resolves whether the change may go ahead: 'kept', or for a
   * file that cannot be kept (too large, a failing disk), 'unkept' if the user says to change it
   * anyway, else false. `undoneBy` names what the copy would undo in that question.
   */
  async keep(
    turn: TurnRef,
    uri: vscode.Uri,
    label: string,
    before: string | undefined,
    after: string | undefined,
    undoneBy: UndoneBy = 'turn',
  ): Promise<KeepOutcome> {
    const failed = await this.record(turn, uri, label, before, after);
    if (!failed) {
      return 'kept';
    }
    const change = vscode.l10n.t('Change It');
    const question =
      undoneBy === 'edit'
        ? vscode.l10n.t('Cluster Chat cannot keep a copy of {0} to undo this edit. Change it anyway?', label)
        : vscode.l10n.t('Cluster Chat cannot keep a copy of {0} to undo this turn. Change it anyway?', label);
    const choice = await vscode.window.showWarningMessage(
      question,
      { modal: true, detail: failed.error instanceof CheckpointTooLarge ? vscode.l10n.t('The file is too large to keep.') : undefined },
      change,
    );
    return choice === change ? 'unkept' : false;
  }

  /**
   * Records what a file kept by {@link keep} holds once its change is made. The change is done by
   * then, so a failure (a failing disk) is logged, not asked about; resolves whether it was recorded. A file
   * grown past what a copy may hold is no failure: only the copy from before is kept whole, the rest by its hash.
   */
  async recordAfter(turn: TurnRef, uri: vscode.Uri, label: string, before: string | undefined, after: string): Promise<boolean> {
    return (await this.record(turn, uri, label, before, after)) === undefined;
  }

  /** Stores the pair; resolves the error when it could not (logged unless the file is just too large). */
  private async record(
    turn: TurnRef,
    uri: vscode.Uri,
    label: string,
    before: string | undefined,
    after: string | undefined,
  ): Promise<{ readonly error: unknown } | undefined> {
    try {
      await this.store.record(turn.conversationId, turn.turn, uri.toString(), bytes(before), bytes(after));
      this.changed.fire(turn.conversationId);
      return undefined;
    } catch (error) {
      if (!(error instanceof CheckpointTooLarge)) {
        this.log.warn(`No checkpoint kept for ${label}: ${error instanceof Error ? error.message : String(error)}`);
      }
      return { error };
    }
  }

  /**
   * {@link keep} for the files of one accept at once; resolves those that may be changed. When one
   * is too large to keep, each is kept on its own, so the user is asked about that one alone.
   */
  async keepAll<File extends KeptFile>(turn: TurnRef, files: readonly File[]): Promise<File[]> {
    const changes = files.map((file) => ({ uri: file.uri.toString(), before: bytes(file.before), after: bytes(file.after) }));
    try {
      await this.store.recordAll(turn.conversationId, turn.turn, changes);
      this.changed.fire(turn.conversationId);
      return [...files];
    } catch {
      const allowed: File[] = [];
      for (const file of files) {
        if (await this.keep(turn, file.uri, file.label, file.before, file.after)) {
          allowed.push(file);
        }
      }
      return allowed;
    }
  }

  /** Whether `text` (undefined: no file) is what Cluster Chat last wrote, by the hash the turn kept. */
  static isAfter(entry: CheckpointEntry, text: string | undefined): boolean {
    return entry.after === (text === undefined ? undefined : contentHash(encoder.encode(text)));
  }

  /** Drops a turn (it was undone). */
  async forgetTurn(turn: TurnRef): Promise<void> {
    await this.store.forgetTurn(turn.conversationId, turn.turn);
    this.changed.fire(turn.conversationId);
  }

  /** Frees what the conversation's turns kept (the conversation was deleted). */
  async forgetConversation(conversationId: string): Promise<void> {
    await this.store.forgetConversation(conversationId);
    this.changed.fire(conversationId);
  }

  dispose(): void {
    this.changed.dispose();
  }
}

function bytes(text: string | undefined): Uint8Array | undefined {
  return text === undefined ? undefined : encoder.encode(text);
}

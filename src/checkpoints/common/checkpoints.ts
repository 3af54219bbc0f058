/** One file a turn changed: what it held before the turn's first change, and what Cluster Chat last wrote. */
export interface CheckpointEntry {
  /** The file's URI as a string. */
  readonly uri: string;
  /** Content hash of the pre-image; undefined when the file did not exist. */
  readonly before: string | undefined;
  /** Hash of what Cluster Chat last wrote (undefined when it deleted the file): a file that no longer hashes to it was edited since. */
  readonly after: string | undefined;
}

export interface TurnCheckpoint {
  readonly conversationId: string;
  readonly turn: string;
  readonly entries: readonly CheckpointEntry[];
}

/** A change to one file, as a turn records it: its bytes before (undefined: no file) and after. */
export interface CheckpointChange {
  readonly uri: string;
  readonly before: Uint8Array | undefined;
  readonly after: Uint8Array | undefined;
}

/** The pre-images of the files each chat turn changed, so that "Undo changes of this turn" can restore them. */
export interface CheckpointStore {
  /**
   * Records a change Cluster Chat makes to `uri` in this turn, before it makes it. The pre-image is
   * kept only the first time a turn touches a file; `after` is updated every time. Rejects with
   * {@link CheckpointTooLarge} when the pre-image is too large to keep.
   */
  record(conversationId: string, turn: string, uri: string, before: Uint8Array | undefined, after: Uint8Array | undefined): Promise<void>;
  /**
   * {@link record} for several files of one turn at once (one write of the turn's manifest). When
   * one pre-image is too large, nothing is recorded and it rejects with {@link CheckpointTooLarge}.
   */
  recordAll(conversationId: string, turn: string, changes: readonly CheckpointChange[]): Promise<void>;
  turn(conversationId: string, turn: string): Promise<TurnCheckpoint | undefined>;
  /** The turns of a conversation that have a checkpoint, oldest first. */
  turns(conversationId: string): Promise<TurnCheckpoint[]>;
  /** The bytes a hash names (undefined if pruned). Only pre-images are kept: an `after` hash is for comparing. */
  content(hash: string): Promise<Uint8Array | undefined>;
  /** Drops a turn after it was undone. */
  forgetTurn(conversationId: string, turn: string): Promise<void>;
  /** Drops every turn of a conversation (when it is deleted) and frees blobs nothing references any more. */
  forgetConversation(conversationId: string): Promise<void>;
  /** Bytes held on disk by blobs. */
  size(): Promise<number>;
}

/** A pre-image larger than this is not kept: the caller warns that the change cannot be undone. */
export const MAX_CHECKPOINT_FILE_BYTES = 8 * 1024 * 1024;
/** The blobs' total on disk, past which the oldest turns are dropped. */
export const MAX_CHECKPOINT_BYTES = 200 * 1024 * 1024;

/** Thrown by `record` for a file too large to keep, before anything is written, so the caller can warn first. */
export class CheckpointTooLarge extends Error {
  override readonly name = 'CheckpointTooLarge';

  constructor(
    readonly uri: string,
    readonly bytes: number,
    readonly limit: number,
  ) {
    super(`${uri} is ${bytes} bytes, more than the ${limit} bytes a checkpoint keeps`);
  }
}

/** Conversation and turn ids become file names, so only letters, digits, `_` and `-` may reach the disk. */
export function checkedCheckpointId(kind: 'conversation' | 'turn', id: string): string {
  if (!isCheckpointId(id)) {
    throw new Error(`invalid ${kind} id ${JSON.stringify(id)}: only A-Z, a-z, 0-9, _ and - (1 to 100 of them)`);
  }
  return id;
}

export function isCheckpointId(id: string): boolean {
  return /^[A-Za-z0-9_-]{1,100}$/.test(id);
}

import * as path from 'node:path';
import { SerialQueues } from '../../base/common/serialQueues';
import { diffBytes, type ByteDelta } from './byteDelta';
import {
  checkedCheckpointId,
  CheckpointTooLarge,
  MAX_CHECKPOINT_BYTES,
  MAX_CHECKPOINT_FILE_BYTES,
  type CheckpointChange,
  type CheckpointStore,
  type TurnCheckpoint,
} from '../common/checkpoints';
import { BlobFiles, contentHash } from './blobFiles';
import { type StoredTurn, TurnManifests } from './turnManifests';

export { CheckpointTooLarge, MAX_CHECKPOINT_BYTES, MAX_CHECKPOINT_FILE_BYTES } from '../common/checkpoints';

export interface CheckpointLimits {
  /** A larger pre-image is refused with {@link CheckpointTooLarge}. */
  readonly maxFileBytes?: number;
  /** The blobs' total past which the oldest turns are dropped. */
  readonly maxBytes?: number;
}

/**
 * Deltas a pre-image may be rebuilt through: restoring walks the chain back to its whole blob,
 * a copy of the file a step (about 0.2 ms a megabyte), so the walk stays well under a second.
 */
export const MAX_CHAIN_DEPTH = 512;
/** Files whose last pre-image is held in memory as the base of the next one's delta. */
const REMEMBERED_FILES = 16;
/** Operations on the store run one at a time: two records must not race on a manifest. */
const QUEUE = 'checkpoints';

/**
 * The checkpoints on disk under `root`: `blobs/<sha256>` (see {@link BlobFiles}) and
 * `turns/<conversationId>.json`. A pre-image is stored as a delta against the previous pre-image
 * of the same file when that is small, so a thousand turns that each change a few bytes of a
 * large file cost about one copy of it. A chain of deltas starts again with a whole blob once it
 * is {@link MAX_CHAIN_DEPTH} long or its deltas together outweigh its whole blob, which keeps the
 * deltas at most as large as the whole blobs. Blobs are freed by reachability from the manifests
 * (a delta keeps its bases), computed on demand.
 */
export class FileCheckpointStore implements CheckpointStore {
  private readonly blobs: BlobFiles;
  private readonly manifests: TurnManifests;
  private readonly queue = new SerialQueues();
  /** By URI, the last pre-image kept, most recently used last. */
  private readonly lastPreImages = new Map<string, { readonly hash: string; readonly content: Uint8Array }>();
  private lastRecordedAt = 0;
  private readonly maxFileBytes: number;
  private readonly maxBytes: number;

  constructor(root: string, limits: CheckpointLimits = {}) {
    this.blobs = new BlobFiles(path.join(root, 'blobs'));
    this.manifests = new TurnManifests(path.join(root, 'turns'));
    this.maxFileBytes = limits.maxFileBytes ?? MAX_CHECKPOINT_FILE_BYTES;
    this.maxBytes = limits.maxBytes ?? MAX_CHECKPOINT_BYTES;
  }

  record(conversationId: string, turn: string, uri: string, before: Uint8Array | undefined, after: Uint8Array | undefined): Promise<void> {
    return this.recordAll(conversationId, turn, [{ uri, before, after }]);
  }

  recordAll(conversationId: string, turn: string, changes: readonly CheckpointChange[]): Promise<void> {
    // Taken now: the caller may reuse its buffers once this returns, and a pre-image becomes the next delta's base.
    const taken = changes.map(({ uri, before, after }) => ({
      uri,
      preImage: before && before.length <= this.maxFileBytes ? before.slice() : before,
      afterHash: after && contentHash(after),
    }));
    return this.serially(async () => {
      checkedCheckpointId('conversation', conversationId);
      checkedCheckpointId('turn', turn);
      const turns = await this.manifests.read(conversationId);
      let stored = turns.find((candidate) => candidate.turn === turn);
      for (const { uri, preImage } of taken) {
        const entry = stored?.entries.find((candidate) => candidate.uri === uri);
        if (!entry && preImage && preImage.length > this.maxFileBytes) {
          throw new CheckpointTooLarge(uri, preImage.length, this.maxFileBytes);
        }
      }
      if (!stored) {
        stored = { turn, recordedAt: this.nextRecordedAt(), entries: [] };
        turns.push(stored);
      }
      let kept = false;
      for (const { uri, preImage, afterHash } of taken) {
        const entry = stored.entries.find((candidate) => candidate.uri === uri);
        if (entry) {
          entry.after = afterHash;
          continue;
        }
        const beforeHash = preImage && (await this.keep(uri, preImage));
        kept ||= beforeHash !== undefined;
        stored.entries.push({ uri, before: beforeHash, after: afterHash });
      }
      await this.manifests.write(conversationId, turns);
      if (kept && (await this.blobs.size()) > this.maxBytes) {
        await this.evictOldest({ conversationId, turn });
      }
    });
  }

  async turn(conversationId: string, turn: string): Promise<TurnCheckpoint | undefined> {
    checkedCheckpointId('turn', turn);
    return (await this.turns(conversationId)).find((candidate) => candidate.turn === turn);
  }

  turns(conversationId: string): Promise<TurnCheckpoint[]> {
    return this.serially(async () =>
      (await this.manifests.read(conversationId)).map(({ turn, entries }) => ({
        conversationId,
        turn,
        entries: entries.map(({ uri, before, after }) => ({ uri, before, after })),
      })),
    );
  }

  content(hash: string): Promise<Uint8Array | undefined> {
    return this.serially(() => this.blobs.read(hash));
  }

  forgetTurn(conversationId: string, turn: string): Promise<void> {
    return this.serially(async () => {
      await this.manifests.drop(conversationId, new Set([checkedCheckpointId('turn', turn)]));
      await this.collectGarbage();
    });
  }

  forgetConversation(conversationId: string): Promise<void> {
    return this.serially(async () => {
      await this.manifests.write(conversationId, []);
      await this.collectGarbage();
    });
  }

  size(): Promise<number> {
    return this.serially(() => this.blobs.size());
  }

  private serially<T>(task: () => Promise<T>): Promise<T> {
    return this.queue.run(QUEUE, task);
  }

  /** Strictly increasing, so that eviction finds one oldest turn even among turns of one millisecond. */
  private nextRecordedAt(): number {
    this.lastRecordedAt = Math.max(Date.now(), this.lastRecordedAt + 1);
    return this.lastRecordedAt;
  }

  /** Writes a pre-image's blob unless one of its content is there already; resolves with its hash. */
  private async keep(uri: string, content: Uint8Array): Promise<string> {
    const hash = contentHash(content);
    const previous = this.lastPreImages.get(uri);
    this.lastPreImages.delete(uri);
    this.lastPreImages.set(uri, { hash, content });
    if (this.lastPreImages.size > REMEMBERED_FILES) {
      this.lastPreImages.delete(this.lastPreImages.keys().next().value as string);
    }
    if (await this.blobs.info(hash)) {
      return hash;
    }
    const delta = previous && (await this.deltaWorthKeeping(previous.hash, previous.content, content));
    await (delta ? this.blobs.putDelta(hash, previous.hash, delta) : this.blobs.putWhole(hash, content));
    return hash;
  }

  private async deltaWorthKeeping(baseHash: string, base: Uint8Array, content: Uint8Array): Promise<ByteDelta | undefined> {
    const lineage = await this.blobs.lineage(baseHash);
    if (!lineage || lineage.length >= MAX_CHAIN_DEPTH) {
      return undefined;
    }
    const delta = diffBytes(base, content);
    let chainBytes = delta.middle.length;
    let wholeBytes = 0;
    for (const hash of lineage) {
      const info = await this.blobs.info(hash);
      if (info?.base === undefined) {
        wholeBytes = info?.bytes ?? 0;
      } else {
        chainBytes += info.bytes;
      }
    }
    return chainBytes <= wholeBytes ? delta : undefined;
  }

  /** The blobs each turn needs: the pre-images its entries name and the bases they are rebuilt from. */
  private async blobsOf(turn: StoredTurn): Promise<Set<string>> {
    const needed = new Set<string>();
    for (const { before } of turn.entries) {
      for (const hash of (before && (await this.blobs.lineage(before))) ?? []) {
        needed.add(hash);
      }
    }
    return needed;
  }

  private async allTurns(): Promise<{ readonly conversationId: string; readonly turn: StoredTurn }[]> {
    const all = [];
    for (const conversationId of await this.manifests.conversations()) {
      all.push(...(await this.manifests.read(conversationId)).map((turn) => ({ conversationId, turn })));
    }
    return all;
  }

  /** Deletes the blobs no turn needs any more. */
  private async collectGarbage(): Promise<void> {
    const needed = new Set<string>();
    for (const { turn } of await this.allTurns()) {
      (await this.blobsOf(turn)).forEach((hash) => needed.add(hash));
    }
    await this.blobs.remove([...(await this.blobs.all()).keys()].filter((hash) => !needed.has(hash)));
  }

  /** Drops the oldest turns, never the one just recorded, until the blobs the rest need fit the budget. */
  private async evictOldest(keep: { readonly conversationId: string; readonly turn: string }): Promise<void> {
    const turns = (await this.allTurns()).sort((a, b) => a.turn.recordedAt - b.turn.recordedAt);
    const needs = await Promise.all(turns.map(({ turn }) => this.blobsOf(turn)));
    const holders = new Map<string, number>();
    needs.forEach((hashes) => hashes.forEach((hash) => holders.set(hash, (holders.get(hash) ?? 0) + 1)));
    let total = 0;
    for (const hash of holders.keys()) {
      total += (await this.blobs.info(hash))?.bytes ?? 0;
    }
    const dropped = new Map<string, Set<string>>();
    for (const [index, { conversationId, turn }] of turns.entries()) {
      if (total <= this.maxBytes) {
        break;
      }
      if (conversationId === keep.conversationId && turn.turn === keep.turn) {
        continue;
      }
      dropped.set(conversationId, (dropped.get(conversationId) ?? new Set()).add(turn.turn));
      for (const hash of needs[index] ?? []) {
        const left = (holders.get(hash) ?? 1) - 1;
        holders.set(hash, left);
        total -= left === 0 ? ((await this.blobs.info(hash))?.bytes ?? 0) : 0;
      }
    }
    for (const [conversationId, gone] of dropped) {
      await this.manifests.drop(conversationId, gone);
    }
    await this.collectGarbage();
  }
}

import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { checkedCheckpointId, isCheckpointId } from '../common/checkpoints';
import { notFound, writeAtomically } from './blobFiles';

const MANIFEST = '.json';

const EntrySchema = z.object({ uri: z.string(), before: z.optional(z.string()), after: z.optional(z.string()) });
const TurnSchema = z.object({ turn: z.string(), recordedAt: z.number(), entries: z.array(EntrySchema) });
const ManifestSchema = z.object({ version: z.literal(1), turns: z.array(TurnSchema) });

/** A turn as its conversation's manifest holds it; `recordedAt` (ms) orders turns across conversations for eviction. */
export type StoredTurn = z.infer<typeof TurnSchema>;

/** One small JSON file per conversation, `<folder>/<conversationId>.json`, listing its turns and the files each changed. */
export class TurnManifests {
  constructor(readonly folder: string) {}

  /** The conversation's turns, oldest first; none when it has no manifest or the manifest is damaged. */
  async read(conversationId: string): Promise<StoredTurn[]> {
    const text = await fs.readFile(this.fileOf(conversationId), 'utf8').catch(notFound);
    try {
      const parsed = text === undefined ? undefined : ManifestSchema.safeParse(JSON.parse(text));
      return parsed?.success ? parsed.data.turns : [];
    } catch {
      return [];
    }
  }

  /** Replaces the conversation's turns; with none left, its manifest is removed. */
  async write(conversationId: string, turns: readonly StoredTurn[]): Promise<void> {
    if (turns.length === 0) {
      await fs.rm(this.fileOf(conversationId), { force: true });
      return;
    }
    await fs.mkdir(this.folder, { recursive: true });
    await writeAtomically(this.fileOf(conversationId), JSON.stringify({ version: 1, turns }));
  }

  /** Removes these turns from the conversation's manifest. */
  async drop(conversationId: string, turns: ReadonlySet<string>): Promise<void> {
    const kept = (await this.read(conversationId)).filter((stored) => !turns.has(stored.turn));
    await this.write(conversationId, kept);
  }

  /** The conversations that have a manifest. */
  async conversations(): Promise<string[]> {
    const names = await fs.readdir(this.folder).catch(notFound);
    return (names ?? [])
      .filter((name) => name.endsWith(MANIFEST))
      .map((name) => name.slice(0, -MANIFEST.length))
      .filter(isCheckpointId);
  }

  private fileOf(conversationId: string): string {
    return path.join(this.folder, `${checkedCheckpointId('conversation', conversationId)}${MANIFEST}`);
  }
}

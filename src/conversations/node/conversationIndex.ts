import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as z from 'zod/mini';
import type { StoredConversation } from '../common/conversation';

/** In the conversation folder beside the logs; never a conversation of the earlier format. */
export const INDEX_FILE = 'index.json';
/**
 * The newest entries of the index, written with it: opening the chat reads this small file and
 * the active conversation, and the whole index only afterwards. (The dot in its name keeps it
 * from ever being taken for a conversation of the earlier format, `<id>.json`.)
 */
export const RECENT_FILE = 'index.recent.json';
/** How many of the newest entries the recent file holds: as many as the history panel lists. */
export const RECENT_ENTRIES = 200;

const EntrySchema = z.object({
  id: z.string(),
  title: z.string(),
  updatedAt: z.string(),
  messageCount: z.number(),
  /** Bytes of the log this entry was made from: a log of another size has changed since. */
  size: z.number(),
});
/** What the history lists of a conversation, without reading its messages. */
export type IndexEntry = z.infer<typeof EntrySchema>;

const IndexSchema = z.object({ version: z.literal(1), entries: z.array(EntrySchema) });

/** Orders entries by their last change, newest first (ISO times compare as text, without locale rules). */
export function newestFirst(a: { readonly updatedAt: string }, b: { readonly updatedAt: string }): number {
  return a.updatedAt < b.updatedAt ? 1 : a.updatedAt > b.updatedAt ? -1 : 0;
}

export function indexEntry(conversation: StoredConversation, size: number): IndexEntry {
  return {
    id: conversation.id,
    title: conversation.title,
    updatedAt: conversation.updatedAt,
    messageCount: conversation.messages.length,
    size,
  };
}

/**
 * The history index (`index.json`): a cache, never the truth. Each entry records the size of the
 * log it was made from, so an entry another window left stale (or a crash left unwritten) is
 * noticed and rebuilt from its log.
 */
export async function readIndex(folder: string): Promise<Map<string, IndexEntry>> {
  try {
    const parsed = IndexSchema.safeParse(JSON.parse(await fs.readFile(path.join(folder, INDEX_FILE), 'utf8')));
    return new Map(parsed.success ? parsed.data.entries.map((entry) => [entry.id, entry]) : []);
  } catch {
    return new Map();
  }
}

/** The newest `RECENT_ENTRIES` entries in the recent file, newest first; undefined when there is no such file. */
export async function readRecent(folder: string): Promise<IndexEntry[] | undefined> {
  try {
    const parsed = IndexSchema.safeParse(JSON.parse(await fs.readFile(path.join(folder, RECENT_FILE), 'utf8')));
    return parsed.success ? parsed.data.entries : undefined;
  } catch {
    return undefined;
  }
}

/** The index's files and their contents: the whole index, and the recent file. */
export function indexFiles(entries: Iterable<IndexEntry>): Array<[name: string, contents: string]> {
  const all = [...entries];
  const recent = [...all].sort(newestFirst).slice(0, RECENT_ENTRIES);
  return [
    [INDEX_FILE, JSON.stringify({ version: 1, entries: all })],
    [RECENT_FILE, JSON.stringify({ version: 1, entries: recent })],
  ];
}

export async function writeIndex(folder: string, entries: Iterable<IndexEntry>): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  for (const [name, contents] of indexFiles(entries)) {
    const target = path.join(folder, name);
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    await fs.writeFile(temporary, contents);
    await fs.rename(temporary, target);
  }
}

/** Sizes of the logs, read in parallel (a stat each, no contents); a log gone meanwhile is left out. */
export async function logSizes(logFiles: ReadonlyMap<string, string>): Promise<Map<string, number>> {
  const sizes = new Map<string, number>();
  await Promise.all(
    [...logFiles].map(async ([id, file]) => {
      const stat = await fs.stat(file).catch(() => undefined);
      if (stat) {
        sizes.set(id, stat.size);
      }
    }),
  );
  return sizes;
}

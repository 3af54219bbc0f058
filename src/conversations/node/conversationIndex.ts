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
/** How many of the newest entries the recent file holds: enough to fill the history panel's first screens. */
export const RECENT_ENTRIES = 200;
/**
 * The entries changed since the index was last written whole, one JSON line each, appended: a turn
 * writes one entry (and the recent file), not the whole history. Folded into the index once it
 * grows long. (Not named `*.jsonl`: that is a conversation's log.)
 */
export const JOURNAL_FILE = 'index.journal';
/** Journal lines past which loading the history writes the index whole again. */
export const JOURNAL_COMPACT_LINES = 500;

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
const JournalLineSchema = z.union([z.object({ set: EntrySchema }), z.object({ delete: z.string() })]);
/** One change to the index: an entry set, or a conversation gone. */
export type IndexChange = z.infer<typeof JournalLineSchema>;

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
 * The history index (`index.json` and the changes appended since): a cache, never the truth. Each
 * entry records the size of the log it was made from, so an entry another window left stale (or a
 * crash left unwritten) is noticed and rebuilt from its log.
 */
export async function readIndex(folder: string): Promise<Map<string, IndexEntry>> {
  return (await readIndexAndJournal(folder)).entries;
}

/** The index with its journal applied, and how many lines the journal holds. */
export async function readIndexAndJournal(folder: string): Promise<{ entries: Map<string, IndexEntry>; journalLines: number }> {
  const entries = new Map<string, IndexEntry>();
  try {
    const parsed = IndexSchema.safeParse(JSON.parse(await fs.readFile(path.join(folder, INDEX_FILE), 'utf8')));
    for (const entry of parsed.success ? parsed.data.entries : []) {
      entries.set(entry.id, entry);
    }
  } catch {
    // No index (or a damaged one): the logs it would list are read instead.
  }
  const journal = await fs.readFile(path.join(folder, JOURNAL_FILE), 'utf8').catch(() => '');
  const lines = journal.split('\n').filter((line) => line.length > 0);
  for (const line of lines) {
    const change = parseJournalLine(line);
    if (change && 'set' in change) {
      entries.set(change.set.id, change.set);
    } else if (change) {
      entries.delete(change.delete);
    }
  }
  return { entries, journalLines: lines.length };
}

function parseJournalLine(line: string): IndexChange | undefined {
  try {
    const parsed = JournalLineSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined; // a line cut short by a crash
  }
}

/** Appends changes to the journal and rewrites the recent file: a write whose size does not grow with the history. */
export async function appendIndexChanges(folder: string, changes: readonly IndexChange[], recent: readonly IndexEntry[]): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  await fs.appendFile(path.join(folder, JOURNAL_FILE), changes.map((change) => `${JSON.stringify(change)}\n`).join(''));
  await replaceFile(path.join(folder, RECENT_FILE), JSON.stringify({ version: 1, entries: recent }));
}

/** The newest `RECENT_ENTRIES` entries, newest first, in one pass over all of them. */
export function newestEntries(entries: Iterable<IndexEntry>): IndexEntry[] {
  const newest: IndexEntry[] = [];
  for (const entry of entries) {
    if (newest.length === RECENT_ENTRIES && newestFirst(entry, newest[newest.length - 1] as IndexEntry) >= 0) {
      continue;
    }
    const at = newest.findIndex((kept) => newestFirst(entry, kept) < 0);
    newest.splice(at < 0 ? newest.length : at, 0, entry);
    newest.length = Math.min(newest.length, RECENT_ENTRIES);
  }
  return newest;
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
  return [
    [INDEX_FILE, JSON.stringify({ version: 1, entries: all })],
    [RECENT_FILE, JSON.stringify({ version: 1, entries: newestEntries(all) })],
  ];
}

/** Writes the index whole, then empties the journal it now holds. */
export async function writeIndex(folder: string, entries: Iterable<IndexEntry>): Promise<void> {
  await fs.mkdir(folder, { recursive: true });
  for (const [name, contents] of indexFiles(entries)) {
    await replaceFile(path.join(folder, name), contents);
  }
  await fs.rm(path.join(folder, JOURNAL_FILE), { force: true });
}

async function replaceFile(target: string, contents: string): Promise<void> {
  const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
  await fs.writeFile(temporary, contents);
  await fs.rename(temporary, target);
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

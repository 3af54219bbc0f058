import * as fs from 'node:fs';
import { type IndexEntry, newestFirst } from './conversationIndex';
import { replayLog } from '../common/conversationLog';
import { escapeRegExp } from '../../base/common/escapeRegExp';

/** A conversation that matches a search, and where. */
export interface SearchHit {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  /** The text around the first match in a message; empty when only the title matched. */
  readonly snippet: string;
  /** The message the snippet is from. */
  readonly index: number | undefined;
}

const SNIPPET_CONTEXT = 40;
const MAX_HITS = 200;
/**
 * Logs are read synchronously, a slice at a time, with a turn of the event loop between slices:
 * for thousands of small files that is several times faster than asynchronous reads (each of those
 * is four trips through Node's thread pool), and a slice is small enough that the extension host
 * stays responsive (about a millisecond or two). A slice ends at whichever limit it reaches first.
 */
const SLICE_FILES = 64;
const SLICE_BYTES = 1024 * 1024;

/**
 * Searches titles and message text (case-insensitive), newest conversations first, and reports
 * hits in batches as they are found: titles at once from the index, then each log in turn. A log
 * is searched as raw text first (cheap), and replayed only when that text holds the query.
 */
export async function searchConversations(
  entries: readonly IndexEntry[],
  logOf: (id: string) => string,
  query: string,
  report: (hits: readonly SearchHit[]) => void,
  cancelled: () => boolean = () => false,
): Promise<void> {
  const needle = query.trim().toLowerCase();
  if (needle.length === 0) {
    return;
  }
  const ordered = [...entries].sort(newestFirst);
  const byTitle = ordered.filter((entry) => entry.title.toLowerCase().includes(needle)).slice(0, MAX_HITS);
  if (byTitle.length > 0) {
    report(byTitle.map((entry) => ({ id: entry.id, title: entry.title, updatedAt: entry.updatedAt, snippet: '', index: undefined })));
  }
  let found = byTitle.length;
  const titled = new Set(byTitle.map((entry) => entry.id));
  // As JSON writes it inside a string: quotes, backslashes and line breaks escaped.
  const inLog = rawMatcher(JSON.stringify(needle).slice(1, -1));
  const rest = ordered.filter((entry) => !titled.has(entry.id));
  for (let start = 0; start < rest.length && found < MAX_HITS && !cancelled();) {
    const slice = nextSlice(rest, start);
    start += slice.length;
    const matched = slice
      .map((entry) => searchLog(entry, logOf(entry.id), needle, inLog))
      .filter((hit): hit is SearchHit => hit !== undefined)
      .slice(0, MAX_HITS - found);
    if (matched.length > 0 && !cancelled()) {
      found += matched.length;
      report(matched);
    }
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
}

/** The entries from `start` that one slice reads: at least one, then up to the slice's limits. */
function nextSlice(entries: readonly IndexEntry[], start: number): IndexEntry[] {
  const slice: IndexEntry[] = [];
  let bytes = 0;
  for (let at = start; at < entries.length && slice.length < SLICE_FILES; at++) {
    const entry = entries[at];
    if (!entry || (slice.length > 0 && bytes + entry.size > SLICE_BYTES)) {
      break;
    }
    slice.push(entry);
    bytes += entry.size;
  }
  return slice;
}

/**
 * Whether a log's raw text may hold the query, as lower-casing it would tell (the messages are
 * compared so). For a query of ASCII characters a case-insensitive regular expression does, three
 * times faster than lower-casing each log (which copies it); Unicode's case folding takes the
 * Kelvin sign for a k, as lower-casing does. Lowered, "İ" is "i" and a combining dot, which only a
 * query ending in "i" can meet: such a query, and any other, is compared as lower-cased text.
 */
function rawMatcher(escaped: string): (raw: string) => boolean {
  if (/^[\x20-\x7e]*$/u.test(escaped) && !escaped.endsWith('i')) {
    const pattern = new RegExp(escapeRegExp(escaped), 'iu');
    return (raw) => pattern.test(raw);
  }
  return (raw) => raw.toLowerCase().includes(escaped);
}

function searchLog(entry: IndexEntry, file: string, needle: string, inLog: (raw: string) => boolean): SearchHit | undefined {
  const raw = readOrEmpty(file);
  if (!inLog(raw)) {
    return undefined;
  }
  const messages = replayLog(entry.id, raw).conversation.messages;
  const index = messages.findIndex((message) => message.content.toLowerCase().includes(needle));
  const message = messages[index];
  if (!message) {
    return undefined; // the text was in a removed message or a field that is not shown
  }
  return { id: entry.id, title: entry.title, updatedAt: entry.updatedAt, snippet: snippetAround(message.content, needle), index };
}

/** A log deleted since the index was read has nothing to find. */
function readOrEmpty(file: string): string {
  try {
    return fs.readFileSync(file, 'utf8');
  } catch {
    return '';
  }
}

/** The match with some text on each side, on one line, marked with … where cut. */
export function snippetAround(content: string, needle: string): string {
  const at = content.toLowerCase().indexOf(needle);
  const start = Math.max(0, at - SNIPPET_CONTEXT);
  const end = Math.min(content.length, at + needle.length + SNIPPET_CONTEXT);
  const text = content.slice(start, end).replace(/\s+/g, ' ').trim();
  return `${start > 0 ? '…' : ''}${text}${end < content.length ? '…' : ''}`;
}

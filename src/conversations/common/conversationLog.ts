import * as z from 'zod/mini';
import { newConversation, type StoredConversation, type StoredMessage, titleFrom, UNTITLED } from './conversation';

/**
 * A conversation on disk is an append-only log, one JSON record a line. Windows never rewrite a
 * log, they only append to it, so no window can erase what another wrote; the conversation is the
 * replay of its records. Each record is written with a leading newline, so a record cut short by
 * a crash ends at the next record's start and is the only one skipped.
 */

const text = z.string();
const at = z.string();

const RecordSchema = z.discriminatedUnion('t', [
  /** The first record: who the conversation is and how it began. */
  z.object({ t: z.literal('meta'), v: z.literal(2), id: text, createdAt: at, systemPrompt: text }),
  z.object({
    t: z.literal('msg'),
    id: text,
    role: z.enum(['user', 'assistant']),
    content: text,
    cluster: z.optional(text),
    instructions: z.optional(text),
    attached: z.optional(z.number().check(z.int(), z.nonnegative())),
    at,
  }),
  /** Messages removed (edit and resend, regenerate), named so that others' new messages stay. */
  z.object({ t: z.literal('drop'), ids: z.array(text), at }),
  /**
   * Messages left out of (or taken back into) what is sent. A version without this record skips it
   * as an unreadable line, and then sends those messages again: what it shows stays whole.
   */
  z.object({ t: z.literal('excl'), ids: z.array(text), excluded: z.boolean(), at }),
  z.object({ t: z.literal('title'), title: text, at }),
  z.object({ t: z.literal('prompt'), systemPrompt: text, at }),
]);
export type LogRecord = z.infer<typeof RecordSchema>;

/** What a log holds, and the state replaying it needs to go on from where it ended. */
export interface ReplayedLog {
  readonly conversation: StoredConversation;
  /** Lines that were not a record (a write cut short by a crash, or damage). */
  readonly skipped: number;
  /** The title a rename set, if any (otherwise the title follows the first user message). */
  readonly explicitTitle: string | undefined;
}

/** One record as it is appended to a log. */
export function encodeRecord(record: LogRecord): string {
  return `\n${JSON.stringify(record)}`;
}

/** The records of a log's text, skipping any line that is not a whole record. */
export function decodeRecords(textOfLog: string): { records: LogRecord[]; skipped: number } {
  const records: LogRecord[] = [];
  let skipped = 0;
  for (const line of textOfLog.split('\n')) {
    if (line.trim().length === 0) {
      continue;
    }
    const parsed = parseLine(line);
    if (parsed) {
      records.push(parsed);
    } else {
      skipped++;
    }
  }
  return { records, skipped };
}

function parseLine(line: string): LogRecord | undefined {
  try {
    const parsed = RecordSchema.safeParse(JSON.parse(line));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}

/** An empty replay, for a log that does not exist yet or holds no meta record. */
export function emptyReplay(id: string): ReplayedLog {
  return { conversation: newConversation(id, '', new Date(0)), skipped: 0, explicitTitle: undefined };
}

/** Applies records, in order, to what an earlier part of the log replayed to. */
export function applyRecords(start: ReplayedLog, records: readonly LogRecord[], skipped = 0): ReplayedLog {
  let conversation = start.conversation;
  let explicitTitle = start.explicitTitle;
  let messages: StoredMessage[] = [...conversation.messages];
  for (const record of records) {
    switch (record.t) {
      case 'meta':
        conversation = { ...conversation, createdAt: record.createdAt, systemPrompt: record.systemPrompt };
        break;
      case 'msg':
        if (!messages.some((message) => message.id === record.id)) {
          messages.push({
            id: record.id,
            role: record.role,
            content: record.content,
            at: record.at,
            ...optionalCluster(record.cluster),
            ...(record.instructions === undefined ? {} : { instructions: record.instructions }),
            ...(record.attached === undefined ? {} : { attached: record.attached }),
          });
        }
        break;
      case 'drop': {
        const dropped = new Set(record.ids);
        messages = messages.filter((message) => message.id === undefined || !dropped.has(message.id));
        break;
      }
      case 'excl': {
        const marked = new Set(record.ids);
        messages = messages.map((message) =>
          message.id !== undefined && marked.has(message.id) ? withExcluded(message, record.excluded) : message,
        );
        break;
      }
      case 'title':
        explicitTitle = record.title;
        break;
      case 'prompt':
        conversation = { ...conversation, systemPrompt: record.systemPrompt };
        break;
    }
    conversation = { ...conversation, updatedAt: later(conversation.updatedAt, record.t === 'meta' ? record.createdAt : record.at) };
  }
  const title = explicitTitle ?? derivedTitle(messages);
  return { conversation: { ...conversation, messages, title }, skipped: start.skipped + skipped, explicitTitle };
}

/** The conversation a whole log holds. */
export function replayLog(id: string, textOfLog: string): ReplayedLog {
  const { records, skipped } = decodeRecords(textOfLog);
  return applyRecords(emptyReplay(id), records, skipped);
}

/** Without a rename, a conversation is titled by its first user message. */
export function derivedTitle(messages: readonly StoredMessage[]): string {
  const first = messages.find((message) => message.role === 'user');
  return first ? titleFrom(first.content) : UNTITLED;
}

function optionalCluster(cluster: string | undefined): { cluster?: string } {
  return cluster === undefined ? {} : { cluster };
}

function withExcluded(message: StoredMessage, excluded: boolean): StoredMessage {
  const { excluded: _previous, ...rest } = message;
  return excluded ? { ...rest, excluded: true } : rest;
}

function later(a: string, b: string): string {
  return b > a ? b : a;
}

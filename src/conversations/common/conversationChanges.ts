import type { StoredConversation } from './conversation';
import { applyRecords, type LogRecord, type ReplayedLog } from './conversationLog';

export interface Changes {
  /** What to append to the log, in order (none when nothing changed). */
  readonly records: LogRecord[];
  /** The wanted conversation with an id given to each message that had none. */
  readonly conversation: StoredConversation;
}

/**
 * The records that take a log from what it holds (`saved`, as this window last read it) to the
 * conversation this window wants. Removals name the messages this window saw, and new messages
 * are appended, so messages another window added meanwhile are never touched.
 */
export function changesBetween(
  saved: ReplayedLog | undefined,
  wanted: StoredConversation,
  newMessageId: () => string,
  now: string,
): Changes {
  const records: LogRecord[] = [];
  if (!saved) {
    records.push({ t: 'meta', v: 2, id: wanted.id, createdAt: wanted.createdAt, systemPrompt: wanted.systemPrompt });
  }
  const kept = new Set(wanted.messages.flatMap((message) => (message.id === undefined ? [] : [message.id])));
  const dropped = (saved?.conversation.messages ?? []).flatMap((message) =>
    message.id !== undefined && !kept.has(message.id) ? [message.id] : [],
  );
  if (dropped.length > 0) {
    records.push({ t: 'drop', ids: dropped, at: now });
  }
  const messages = wanted.messages.map((message) => {
    if (message.id !== undefined) {
      return message;
    }
    const withId = { ...message, id: newMessageId() };
    const { excluded: _excluded, ...record } = withId;
    records.push({ t: 'msg', ...record });
    return withId;
  });
  const start = saved ?? { conversation: { ...wanted, messages: [] }, skipped: 0, explicitTitle: undefined };
  const after = applyRecords(start, records).conversation;
  records.push(...exclusionRecords(after, messages, now));
  if (after.systemPrompt !== wanted.systemPrompt) {
    records.push({ t: 'prompt', systemPrompt: wanted.systemPrompt, at: now });
  }
  if (after.title !== wanted.title) {
    records.push({ t: 'title', title: wanted.title, at: now });
  }
  return { records, conversation: { ...wanted, messages } };
}

/** Records that bring each message's exclusion mark in the log in line with the wanted one. */
function exclusionRecords(after: StoredConversation, wanted: StoredConversation['messages'], now: string): LogRecord[] {
  const logged = new Map(after.messages.map((message) => [message.id, message.excluded === true]));
  const changed = (excluded: boolean): string[] =>
    wanted.flatMap((message) =>
      message.id !== undefined && logged.has(message.id) && (message.excluded === true) === excluded && logged.get(message.id) !== excluded
        ? [message.id]
        : [],
    );
  return [true, false].flatMap((excluded) => {
    const ids = changed(excluded);
    return ids.length > 0 ? [{ t: 'excl' as const, ids, excluded, at: now }] : [];
  });
}

/** Whether two versions of a conversation hold the same messages, title and system prompt. */
export function sameContent(a: StoredConversation, b: StoredConversation): boolean {
  return (
    a.title === b.title &&
    a.systemPrompt === b.systemPrompt &&
    a.messages.length === b.messages.length &&
    a.messages.every(
      (message, index) => message.id === b.messages[index]?.id && (message.excluded === true) === (b.messages[index]?.excluded === true),
    )
  );
}

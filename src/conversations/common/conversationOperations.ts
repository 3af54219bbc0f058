import { importedMessages, type NewMessage, type StoredConversation, type StoredMessage } from './conversation';
import type { LogRecord } from './conversationLog';

/**
 * What can be done to a conversation. Each operation becomes the log records that say it, so the
 * log is the model: nothing compares versions of a conversation to find out what changed.
 */
export type ConversationOperation =
  /** Keeps a conversation that has nothing else to save yet (a draft typed into a new chat). */
  | { readonly kind: 'keep' }
  | { readonly kind: 'append'; readonly messages: readonly NewMessage[] }
  /** Drops the messages from `index` on (edit and resend, regenerate). */
  | { readonly kind: 'truncate'; readonly index: number }
  | { readonly kind: 'exclude'; readonly index: number; readonly excluded: boolean }
  | { readonly kind: 'rename'; readonly title: string }
  | { readonly kind: 'systemPrompt'; readonly systemPrompt: string };

export interface RecordContext {
  /** Whether the conversation has records already (written, or on their way): else it begins with its meta record. */
  readonly logged: boolean;
  readonly newMessageId: () => string;
  readonly now: string;
}

/** The records that carry out `operation` on `conversation` (none when it changes nothing). */
export function recordsFor(operation: ConversationOperation, conversation: StoredConversation, context: RecordContext): LogRecord[] {
  const records = operationRecords(operation, conversation, context);
  return context.logged || (records.length === 0 && operation.kind !== 'keep') ? records : [metaRecord(conversation), ...records];
}

function operationRecords(
  operation: ConversationOperation,
  conversation: StoredConversation,
  { newMessageId, now }: RecordContext,
): LogRecord[] {
  const ids = (messages: readonly StoredMessage[]): string[] =>
    messages.flatMap((message) => (message.id === undefined ? [] : [message.id]));
  switch (operation.kind) {
    case 'keep':
      return [];
    case 'append':
      return operation.messages.map((message) => ({ t: 'msg', ...message, id: newMessageId() }));
    case 'truncate': {
      const dropped = ids(conversation.messages.slice(operation.index));
      return dropped.length > 0 ? [{ t: 'drop', ids: dropped, at: now }] : [];
    }
    case 'exclude': {
      const message = conversation.messages[operation.index];
      // The newest message is what a turn asks: it is always sent.
      const newest = operation.index === conversation.messages.length - 1;
      if (!message?.id || newest || (message.excluded === true) === operation.excluded) {
        return [];
      }
      return [{ t: 'excl', ids: [message.id], excluded: operation.excluded, at: now }];
    }
    case 'rename':
      return operation.title === conversation.title ? [] : [{ t: 'title', title: operation.title, at: now }];
    case 'systemPrompt':
      return operation.systemPrompt === conversation.systemPrompt ? [] : [{ t: 'prompt', systemPrompt: operation.systemPrompt, at: now }];
  }
}

function metaRecord(conversation: StoredConversation): LogRecord {
  return { t: 'meta', v: 2, id: conversation.id, createdAt: conversation.createdAt, systemPrompt: conversation.systemPrompt };
}

/**
 * The records of a whole conversation held elsewhere (a file of the earlier format, a fixture):
 * its messages, their exclusion marks and its title, as of its last change.
 */
export function recordsOfWhole(conversation: StoredConversation, newMessageId: () => string): LogRecord[] {
  const messages = conversation.messages.map((message) => ({ ...message, id: message.id ?? newMessageId() }));
  const excluded = messages.flatMap((message) => (message.excluded === true ? [message.id] : []));
  return [
    metaRecord(conversation),
    ...messages.map(({ excluded: _excluded, ...message }): LogRecord => ({ t: 'msg', ...message })),
    ...(excluded.length > 0 ? [{ t: 'excl' as const, ids: excluded, excluded: true, at: conversation.updatedAt }] : []),
    // The title record keeps both the title and the time of the last change, which a draft or a
    // rename may have set later than the last message.
    { t: 'title', title: conversation.title, at: conversation.updatedAt },
  ];
}

/** The operations that make a new conversation of messages held elsewhere (a reply opened with “Continue in Chat”). */
export function importOperations(messages: Parameters<typeof importedMessages>[0], cluster: string, at: string): ConversationOperation[] {
  const { systemPrompt, messages: imported } = importedMessages(messages, cluster, at);
  return [
    { kind: 'systemPrompt', systemPrompt },
    { kind: 'append', messages: imported },
  ];
}

/**
 * The operations that make a new conversation continue `conversation` from message `upTo`: its
 * system prompt, the messages up to that one as they were sent (with the instructions each turn went
 * with, so a regenerate there resends the same bytes), which of them were excluded, and the title
 * `marked` makes of the original's. A fork before the first message (-1) holds none, and its first
 * message will name it.
 */
export function forkOperations(conversation: StoredConversation, upTo: number, marked: (title: string) => string): ConversationOperation[] {
  const kept = conversation.messages.slice(0, upTo + 1);
  return [
    { kind: 'systemPrompt', systemPrompt: conversation.systemPrompt },
    { kind: 'append', messages: kept.map(({ id: _id, excluded: _excluded, ...message }): NewMessage => message) },
    ...kept.flatMap((message, at): ConversationOperation[] =>
      message.excluded === true ? [{ kind: 'exclude', index: at, excluded: true }] : [],
    ),
    ...(kept.length === 0 ? [] : [{ kind: 'rename' as const, title: marked(conversation.title) }]),
  ];
}

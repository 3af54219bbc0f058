import * as z from 'zod/mini';
import type { Message } from '../../client/common/messages';
import { sentMessages } from '../../chat/common/contextMeter';
import { fenceCode, fenceLanguageFor } from '../../replies/common/selectionPrompt';

/** One chat message as stored: who said it, the text, and (for replies) which cluster answered. */
const StoredMessageSchema = z.object({
  /** Names the message in the conversation's log once it is saved; absent until then. */
  id: z.optional(z.string()),
  role: z.enum(['user', 'assistant']),
  content: z.string(),
  cluster: z.optional(z.string()),
  at: z.string(),
  /** Left out of what is sent (kept in the conversation and shown as excluded). */
  excluded: z.optional(z.boolean()),
  /**
   * On a user message: the workspace's instruction files as they were sent with its turn, after the
   * system prompt. Frozen here so that regenerate, retry and edit send the very same bytes.
   */
  instructions: z.optional(z.string()),
  /** On a user message: how many attachment blocks (`composeUserMessage`'s) end its content, shown as chips. */
  attached: z.optional(z.number()),
});
export type StoredMessage = z.infer<typeof StoredMessageSchema>;

/** A message as a caller adds it; the store names it. */
export type NewMessage = Omit<StoredMessage, 'id' | 'excluded'>;

/** A conversation as its log replays to (and, with a version and draft, as the earlier format saved it). */
export const StoredConversationSchema = z.object({
  id: z.string().check(z.minLength(1)),
  title: z.string(),
  createdAt: z.string(),
  updatedAt: z.string(),
  systemPrompt: z.string(),
  messages: z.array(StoredMessageSchema),
});
export type StoredConversation = z.infer<typeof StoredConversationSchema>;

export const UNTITLED = 'New chat';

export function newConversation(id: string, systemPrompt: string, now: Date): StoredConversation {
  const at = now.toISOString();
  return { id, title: UNTITLED, createdAt: at, updatedAt: at, systemPrompt, messages: [] };
}

/**
 * The conversation as the API takes it: the system prompt (if any), then every message the user did
 * not exclude, in order. The newest message is always sent, even if marked: it is what the turn asks.
 */
export function requestMessages(conversation: StoredConversation): Message[] {
  return sentMessages(conversation.systemPrompt, conversation.messages);
}

export function appendMessage(conversation: StoredConversation, message: StoredMessage): StoredConversation {
  const messages = [...conversation.messages, message];
  const title = conversation.title === UNTITLED && message.role === 'user' ? titleFrom(message.content) : conversation.title;
  return { ...conversation, messages, title, updatedAt: message.at };
}

/**
 * Existing messages (e.g. a reply's exchange continued in the chat) as a new conversation takes
 * them: the system message becomes its system prompt, and `cluster` is named as the one that answered.
 */
export function importedMessages(
  messages: readonly { readonly role: string; readonly content: string }[],
  cluster: string,
  at: string,
): { systemPrompt: string; messages: NewMessage[] } {
  const system = [...messages].reverse().find((message) => message.role === 'system');
  const kept = messages.flatMap((message): NewMessage[] =>
    message.role === 'user' || message.role === 'assistant'
      ? [{ role: message.role, content: message.content, ...(message.role === 'assistant' ? { cluster } : {}), at }]
      : [],
  );
  return { systemPrompt: system?.content ?? '', messages: kept };
}

/** A short title from the first words of a message (code fences left out). */
export function titleFrom(text: string): string {
  const prose = text
    .replace(/(`{3,}|~{3,})[\s\S]*?(\1|$)/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  const title = prose.length > 0 ? prose : text.replace(/\s+/g, ' ').trim();
  if (title.length === 0) {
    return UNTITLED;
  }
  return title.length <= 60 ? title : `${title.slice(0, 59).trimEnd()}…`;
}

/** Code attached to the next message, shown as a removable chip until it is sent. */
export interface Attachment {
  readonly id: string;
  /** e.g. "src/math.ts:1-3". */
  readonly label: string;
  readonly fileName: string;
  readonly languageId: string;
  readonly code: string;
  /** The file it came from (a URI's text), when it came from one: instruction files apply by it. */
  readonly uri?: string;
  /** What follows the `@` that put it there: deleting `@mention` from the message box takes it off. */
  readonly mention?: string;
}

/** The user's text followed by each attachment in a fenced block named by its file (and lines). */
export function composeUserMessage(text: string, attachments: readonly Attachment[]): string {
  const parts = [text.trim()];
  for (const attachment of attachments) {
    parts.push(`${attachment.label}:\n\n${fenceCode(attachment.code, fenceLanguageFor(attachment.languageId))}`);
  }
  return parts.filter((part) => part.length > 0).join('\n\n');
}

/** JSON whose `content.messages` can be POSTed to the API unchanged. */
export function exportAsJson(conversation: StoredConversation): string {
  return `${JSON.stringify({ content: { messages: requestMessages(conversation) } }, null, 2)}\n`;
}

/** A readable Markdown transcript. */
export function exportAsMarkdown(conversation: StoredConversation): string {
  const lines = [`# ${conversation.title}`, ''];
  if (conversation.systemPrompt.trim().length > 0) {
    lines.push('**System prompt**', '', quote(conversation.systemPrompt), '');
  }
  for (const message of conversation.messages) {
    const who = message.role === 'user' ? 'You' : `Cluster${message.cluster ? ` (${message.cluster})` : ''}`;
    lines.push(`## ${who}`, '', message.content, '');
  }
  return `${lines.join('\n').trimEnd()}\n`;
}

function quote(text: string): string {
  return text
    .split('\n')
    .map((line) => `> ${line}`)
    .join('\n');
}

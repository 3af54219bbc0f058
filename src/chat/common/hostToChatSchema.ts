import * as z from 'zod/mini';
import { type HostToChatMessage, MAX_HISTORY_LISTED } from './chatProtocol';
import { messageParser } from '../../webview/common/messageParser';
import { RECOVERY_ACTIONS } from '../../webview/common/recoveryActions';
import { CODE_ACTIONS, MAX_MESSAGE_LENGTH } from '../../replies/common/replyProtocol';

/**
 * Checks what the chat view receives from the host before it touches the DOM. The webview bundles
 * this too, so both directions of the chat protocol are checked by schemas written once, here.
 * Anything malformed is refused as a whole; only the known fields are kept.
 */

export const CHAT_LIMITS = {
  id: 200,
  label: 4096,
  title: 4096,
  content: MAX_MESSAGE_LENGTH,
  draft: 1_000_000,
  systemPrompt: 1_000_000,
  errorMessage: 64 * 1024,
  index: 1_000_000,
  messages: 100_000,
  history: MAX_HISTORY_LISTED,
  attachments: 1000,
  lines: 100_000_000,
  attached: 64 * 1024 * 1024,
  tokens: 1_000_000_000,
} as const;

const text = (max: number) => z.string().check(z.maxLength(max));
const count = (max: number) => z.number().check(z.int(), z.gte(0), z.lte(max));
const list = <Item extends z.ZodMiniType>(item: Item, max: number) => z.array(item).check(z.maxLength(max));
/** Absent, undefined and null all mean "none". */
const none = <Value extends z.ZodMiniType>(value: Value) =>
  z.pipe(
    z.nullish(value),
    z.transform((parsed: z.output<Value> | null | undefined) => parsed ?? undefined),
  );

const id = text(CHAT_LIMITS.id);
const index = count(CHAT_LIMITS.index);

const MessageSchema = z.object({
  index,
  role: z.enum(['user', 'assistant']),
  content: text(CHAT_LIMITS.content),
  cluster: z.optional(none(text(CHAT_LIMITS.label))),
  excluded: z.optional(z.boolean()),
});

/** Messages in strictly increasing index order. */
const MessagesSchema = list(MessageSchema, CHAT_LIMITS.messages).check(
  z.refine((messages) => messages.every((message, position) => position === 0 || message.index > (messages[position - 1]?.index ?? -1))),
);

const ErrorSchema = z.object({
  index,
  message: text(CHAT_LIMITS.errorMessage),
  actions: z.pipe(
    list(z.enum(RECOVERY_ACTIONS), 10),
    z.transform((actions) => [...new Set(actions)]),
  ),
});

const AttachmentSchema = z.object({ id, label: text(CHAT_LIMITS.label), lines: count(CHAT_LIMITS.lines) });
const AttachmentsSchema = list(AttachmentSchema, CHAT_LIMITS.attachments);
const HistoryItemSchema = z.object({
  id,
  title: text(CHAT_LIMITS.title),
  updatedAt: text(100),
  messageCount: index,
  unread: z.optional(none(z.boolean())),
});
const HistorySchema = list(HistoryItemSchema, CHAT_LIMITS.history);
const SearchResultSchema = z.object({ id, title: text(CHAT_LIMITS.title), updatedAt: text(100), snippet: text(1000) });
const ClusterSchema = none(z.object({ id, label: text(CHAT_LIMITS.label) }));

const ConversationSchema = z.object({
  id,
  title: text(CHAT_LIMITS.title),
  systemPrompt: text(CHAT_LIMITS.systemPrompt),
  messages: MessagesSchema,
  error: z.optional(none(ErrorSchema)),
  busy: z.boolean(),
  waitedMs: z.optional(none(z.number().check(z.gte(0)))),
});

const HostToChatSchema = z.discriminatedUnion('type', [
  z.object({
    type: z.literal('chatState'),
    conversation: ConversationSchema,
    draft: text(CHAT_LIMITS.draft),
    attachments: AttachmentsSchema,
    cluster: ClusterSchema,
    history: HistorySchema,
    historyComplete: z.boolean(),
  }),
  z.object({ type: z.literal('messagesAppended'), conversationId: id, messages: MessagesSchema }),
  z.object({ type: z.literal('earlierMessages'), conversationId: id, messages: MessagesSchema }),
  z.object({ type: z.literal('messagesTruncated'), conversationId: id, index }),
  z.object({ type: z.literal('busy'), conversationId: id, busy: z.boolean() }),
  z.object({ type: z.literal('error'), conversationId: id, error: none(ErrorSchema) }),
  z.object({ type: z.literal('attachments'), attachments: AttachmentsSchema }),
  z.object({ type: z.literal('cluster'), cluster: ClusterSchema }),
  z.object({ type: z.literal('history'), history: HistorySchema, complete: z.boolean(), activeId: id }),
  z.object({ type: z.literal('historyItem'), item: HistoryItemSchema, activeId: id }),
  z.object({ type: z.literal('searchResults'), requestId: index, results: list(SearchResultSchema, 1000), done: z.boolean() }),
  z.object({ type: z.literal('systemPrompt'), conversationId: id, systemPrompt: text(CHAT_LIMITS.systemPrompt) }),
  z.object({ type: z.literal('excluded'), conversationId: id, index, excluded: z.boolean() }),
  z.object({
    type: z.literal('meter'),
    settings: z.object({ warningTokens: count(CHAT_LIMITS.tokens), limitTokens: count(CHAT_LIMITS.tokens) }),
    attached: text(CHAT_LIMITS.attached),
  }),
  z.object({ type: z.literal('setDraft'), text: text(CHAT_LIMITS.draft) }),
  z.object({ type: z.literal('focusInput') }),
  z.object({
    type: z.literal('actionDone'),
    reply: z.object({ conversationId: id, index }),
    action: z.enum(CODE_ACTIONS),
    ok: z.boolean(),
  }),
]);

/** The message if it is a well-formed HostToChatMessage, else undefined. */
export const parseChatHostMessage = messageParser<HostToChatMessage, z.output<typeof HostToChatSchema>>(HostToChatSchema);

const SavedDraftSchema = z.object({ view: z.literal('chat'), draft: text(CHAT_LIMITS.draft) });

/** The draft in the chat view's saved state (which an older version may have written), if well formed. */
export function parseSavedDraft(state: unknown): string | undefined {
  const parsed = SavedDraftSchema.safeParse(state);
  return parsed.success ? parsed.data.draft : undefined;
}

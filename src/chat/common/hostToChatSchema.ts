import * as z from 'zod/mini';
import { MAX_DROPPED, MAX_MENTION_OPTIONS, MENTION_KINDS } from '../../mentions/common/mentionOptions';
import { MAX_HISTORY_LISTED } from './chatLimits';
import { type Immutable, schemaParser } from '../../webview/common/messageParser';
import { RECOVERY_ACTIONS } from '../../webview/common/recoveryActions';
import { CODE_ACTIONS, MAX_MESSAGE_LENGTH } from '../../replies/common/replyProtocol';

/**
 * What the host sends the chat view, declared once as the schemas that check it before it touches
 * the DOM (the webview bundles this file; the types below are the schemas' own). Anything malformed
 * is refused as a whole; only the known fields are kept.
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
  /** Position in the conversation (0-based, system message excluded). */
  index,
  role: z.enum(['user', 'assistant']),
  /** Markdown (assistant) or the user's text (shown as markdown too, raw HTML as text). */
  content: text(CHAT_LIMITS.content),
  /** For assistant messages: the cluster that answered (label or id). */
  cluster: z.optional(none(text(CHAT_LIMITS.label))),
  /** Left out of what is sent (kept in the conversation). */
  excluded: z.optional(z.boolean()),
  /** On a reply: its turn changed files that "Undo changes of this turn" restores (from `undoableTurns`). */
  undoable: z.optional(z.boolean()),
  /** On a user message: how many attachment blocks end its content, shown as chips that open what was sent. */
  attached: z.optional(count(CHAT_LIMITS.attachments)),
});
export type ChatMessageView = Output<typeof MessageSchema>;

/** Messages in strictly increasing index order. */
const MessagesSchema = list(MessageSchema, CHAT_LIMITS.messages).check(
  z.refine((messages) => messages.every((message, position) => position === 0 || message.index > (messages[position - 1]?.index ?? -1))),
);

const ErrorSchema = z.object({
  /** Index of the user message whose turn failed. */
  index,
  message: text(CHAT_LIMITS.errorMessage),
  actions: z.pipe(
    list(z.enum(RECOVERY_ACTIONS), 10),
    z.transform((actions) => [...new Set(actions)]),
  ),
});
export type ChatErrorView = Output<typeof ErrorSchema>;

/** Code attached to the next message; `label` e.g. "src/math.ts:1-3" or "README.md". */
const AttachmentSchema = z.object({
  id,
  label: text(CHAT_LIMITS.label),
  lines: count(CHAT_LIMITS.lines),
  /** Put there by `@mention` in the box: deleting that text takes the attachment off. */
  mention: z.optional(text(4096)),
});
export type AttachmentView = Output<typeof AttachmentSchema>;
const AttachmentsSchema = list(AttachmentSchema, CHAT_LIMITS.attachments);
const HistoryItemSchema = z.object({
  id,
  title: text(CHAT_LIMITS.title),
  /** ISO time of the last change. */
  updatedAt: text(100),
  messageCount: index,
  /** A reply arrived while another conversation was shown, and this one has not been opened since. */
  unread: z.optional(none(z.boolean())),
});
export type HistoryItemView = Output<typeof HistoryItemSchema>;
const HistorySchema = list(HistoryItemSchema, CHAT_LIMITS.history);
/** A conversation that matches a history search; `snippet` is the text around the first match (empty when only the title matched). */
const SearchResultSchema = z.object({ id, title: text(CHAT_LIMITS.title), updatedAt: text(100), snippet: text(1000) });
export type SearchResultView = Output<typeof SearchResultSchema>;
/** The cluster the chat sends to, as the view shows it: its label is the one the user gave it, or its id. */
const ClusterObjectSchema = z.object({ id, label: text(CHAT_LIMITS.label) });
export type ClusterView = Output<typeof ClusterObjectSchema>;
const ClusterSchema = none(ClusterObjectSchema);
/**
 * An instruction file that concerns the next send: `on` goes out with it, `off` would but the user
 * turned it off, `skipped` cannot go out (`detail` says why, in the user's language). `uri` names it
 * back to the host.
 */
const InstructionFileSchema = z.object({
  uri: text(CHAT_LIMITS.label),
  source: text(CHAT_LIMITS.label),
  state: z.enum(['on', 'off', 'skipped']),
  detail: text(CHAT_LIMITS.label),
  /** For a file that goes out: the send asks first, as it is new to the user or changed since the yes. */
  asks: z.optional(z.enum(['new', 'changed'])),
});
export type InstructionFileView = Output<typeof InstructionFileSchema>;

/** The context meter's thresholds, in estimated tokens (0: none). */
const MeterSettingsSchema = z.object({ warningTokens: count(CHAT_LIMITS.tokens), limitTokens: count(CHAT_LIMITS.tokens) });
export type MeterSettings = Output<typeof MeterSettingsSchema>;
/** Names one message of one conversation: what a code action acts on and what its answer refers to. */
const MessageRefSchema = z.object({ conversationId: id, index });
export type ChatMessageRef = Output<typeof MessageRefSchema>;

const ConversationSchema = z.object({
  id,
  title: text(CHAT_LIMITS.title),
  systemPrompt: text(CHAT_LIMITS.systemPrompt),
  /** The newest messages; the view asks for the ones before them (`loadEarlier`) once these are on screen. */
  messages: MessagesSchema,
  error: z.optional(none(ErrorSchema)),
  /** A turn of this conversation waits for its reply (each conversation has its own). */
  busy: z.boolean(),
  /** How long that turn has waited when the view was sent, in milliseconds. */
  waitedMs: z.optional(none(z.number().check(z.gte(0)))),
});
export type ConversationView = Output<typeof ConversationSchema>;

/** A workspace prompt file the view offers as `/name`. */
const PromptCommandSchema = z.object({
  name: text(200),
  description: z.optional(text(2000)),
  argumentHint: z.optional(text(500)),
  source: text(CHAT_LIMITS.label),
});
export type PromptCommandView = Output<typeof PromptCommandSchema>;

const MentionOptionSchema = z.object({
  kind: z.enum(MENTION_KINDS),
  name: text(CHAT_LIMITS.label),
  detail: text(CHAT_LIMITS.label),
  ref: z.optional(text(4096)),
  continues: z.optional(z.boolean()),
});
export type MentionOptionView = Output<typeof MentionOptionSchema>;

const HostToChatSchema = z.discriminatedUnion('type', [
  /** The whole view: on ready, after switching or starting a conversation. */
  z.object({
    type: z.literal('chatState'),
    conversation: ConversationSchema,
    draft: text(CHAT_LIMITS.draft),
    attachments: AttachmentsSchema,
    cluster: ClusterSchema,
    history: HistorySchema,
    /** Whether `history` holds every conversation (else the panel asks for them when it opens). */
    historyComplete: z.boolean(),
  }),
  /** Messages added at the end (a sent user message, an assistant reply). */
  z.object({ type: z.literal('messagesAppended'), conversationId: id, messages: MessagesSchema }),
  /** The answer to `loadEarlier`: the messages before those `chatState` brought. */
  z.object({ type: z.literal('earlierMessages'), conversationId: id, messages: MessagesSchema }),
  /** Messages from `index` on were removed (edit and resend, regenerate). */
  z.object({ type: z.literal('messagesTruncated'), conversationId: id, index }),
  z.object({ type: z.literal('busy'), conversationId: id, busy: z.boolean() }),
  /** The inline error on a failed turn, or none. */
  z.object({ type: z.literal('error'), conversationId: id, error: none(ErrorSchema) }),
  z.object({ type: z.literal('attachments'), attachments: AttachmentsSchema }),
  z.object({ type: z.literal('cluster'), cluster: ClusterSchema }),
  /** The history list, newest first: sent when the history is (re)loaded, asked for, or a conversation is gone. */
  z.object({ type: z.literal('history'), history: HistorySchema, complete: z.boolean(), activeId: id }),
  /** One conversation's entry added or changed (a turn in it), so a turn never re-sends the history. */
  z.object({ type: z.literal('historyItem'), item: HistoryItemSchema, activeId: id }),
  /** The answer to `searchHistory`, in batches as they are found: results add to the earlier batches of the same request. */
  z.object({ type: z.literal('searchResults'), requestId: index, results: list(SearchResultSchema, 1000), done: z.boolean() }),
  z.object({ type: z.literal('systemPrompt'), conversationId: id, systemPrompt: text(CHAT_LIMITS.systemPrompt) }),
  /** The replies of a conversation whose turns changed files: only they offer "Undo changes of this turn". */
  z.object({ type: z.literal('undoableTurns'), conversationId: id, indexes: list(index, CHAT_LIMITS.messages) }),
  /** Message `index` was left out of (or taken back into) what is sent. */
  z.object({ type: z.literal('excluded'), conversationId: id, index, excluded: z.boolean() }),
  /** What the context meter needs besides the conversation: its thresholds, and the pending attachments as the next message carries them. */
  z.object({ type: z.literal('meter'), settings: MeterSettingsSchema, attached: text(CHAT_LIMITS.attached) }),
  /** The instruction files of the next send, and the text they add to its system message (for the meter). */
  z.object({
    type: z.literal('instructions'),
    files: list(InstructionFileSchema, CHAT_LIMITS.attachments),
    text: text(CHAT_LIMITS.attached),
  }),
  /** The answer to `frozenInstructions`: what message `index` was sent with, which an edit of it resends. */
  z.object({ type: z.literal('frozenInstructions'), conversationId: id, index, text: text(CHAT_LIMITS.attached) }),
  /** The workspace's prompt files, offered as slash commands (none in Restricted Mode). */
  z.object({ type: z.literal('promptCommands'), commands: list(PromptCommandSchema, 1000) }),
  /** The answer to `expandPrompt`: the prompt with its variables filled in, to replace `line` in the box (never sent). */
  z.object({ type: z.literal('promptExpanded'), line: text(CHAT_LIMITS.draft), text: text(CHAT_LIMITS.draft) }),
  /** The answer to `mentionQuery`: what `@` offers for that query; `note` says why there is nothing to offer. */
  z.object({
    type: z.literal('mentionOptions'),
    requestId: index,
    options: list(MentionOptionSchema, MAX_MENTION_OPTIONS),
    note: z.optional(text(1000)),
  }),
  /** Files dropped or pasted were attached: `@name` goes into the box for each (the ones it does not hold yet). */
  z.object({ type: z.literal('mentionsAdded'), names: list(text(4096), MAX_DROPPED) }),
  /**
   * Puts text in the input box and focuses it; with `editIndex`, as the edit of that message again
   * (its resend was cancelled), so that what the user wrote is not lost.
   */
  z.object({ type: z.literal('setDraft'), text: text(CHAT_LIMITS.draft), editIndex: z.optional(index) }),
  z.object({ type: z.literal('focusInput') }),
  /** The answer to a `codeAction` or `copyMessage`: its outcome, for the button's feedback. */
  z.object({
    type: z.literal('actionDone'),
    reply: MessageRefSchema,
    action: z.enum(CODE_ACTIONS),
    ok: z.boolean(),
  }),
]);
export type HostToChatMessage = Output<typeof HostToChatSchema>;

type Output<Schema extends z.ZodMiniType> = Immutable<z.output<Schema>>;

/** The message if it is a well-formed HostToChatMessage, else undefined. */
export const parseChatHostMessage = schemaParser(HostToChatSchema);

const SavedDraftSchema = z.object({ view: z.literal('chat'), draft: text(CHAT_LIMITS.draft) });

/** The draft in the chat view's saved state (which an older version may have written), if well formed. */
export function parseSavedDraft(state: unknown): string | undefined {
  const parsed = SavedDraftSchema.safeParse(state);
  return parsed.success ? parsed.data.draft : undefined;
}

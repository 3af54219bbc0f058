import * as z from 'zod/mini';
import { RECOVERY_ACTIONS, type RecoveryAction } from './recoveryActions';
import { CODE_ACTIONS } from './replyProtocol';

/**
 * The typed messages between the extension host and the chat view (the sidebar webview). The
 * webview only displays state and reports gestures; the host owns the conversation, sends it,
 * persists it, and validates every message from the webview here before acting on it.
 */

/** What an inline error offers; the host carries the action out. */
export type ErrorAction = RecoveryAction;

/** Names one message of one conversation: what a code action acts on and what its answer refers to. */
export interface ChatMessageRef {
  readonly conversationId: string;
  /** Position in the conversation (0-based, system message excluded). */
  readonly index: number;
}

export interface ChatMessageView {
  /** Position in the conversation (0-based, system message excluded). */
  readonly index: number;
  readonly role: 'user' | 'assistant';
  /** Markdown (assistant) or the user's text (shown as markdown too, raw HTML as text). */
  readonly content: string;
  /** For assistant messages: the cluster that answered (label or id). */
  readonly cluster?: string;
}

export interface ChatErrorView {
  /** Index of the user message whose turn failed. */
  readonly index: number;
  readonly message: string;
  readonly actions: readonly ErrorAction[];
}

export interface AttachmentView {
  readonly id: string;
  /** e.g. "src/math.ts:1-3" or "README.md". */
  readonly label: string;
  readonly lines: number;
}

export interface ConversationView {
  readonly id: string;
  readonly title: string;
  readonly systemPrompt: string;
  readonly messages: readonly ChatMessageView[];
  readonly error?: ChatErrorView;
  readonly busy: boolean;
}

export interface HistoryItemView {
  readonly id: string;
  readonly title: string;
  /** ISO time of the last change. */
  readonly updatedAt: string;
  readonly messageCount: number;
}

export type HostToChatMessage =
  /** The whole view: on ready, after switching or starting a conversation. */
  | {
      readonly type: 'chatState';
      readonly conversation: ConversationView;
      readonly draft: string;
      readonly attachments: readonly AttachmentView[];
      readonly cluster: { readonly id: string; readonly label: string } | undefined;
      readonly history: readonly HistoryItemView[];
    }
  /** Messages added at the end (a sent user message, an assistant reply). */
  | { readonly type: 'messagesAppended'; readonly conversationId: string; readonly messages: readonly ChatMessageView[] }
  /** Messages from `index` on were removed (edit and resend, regenerate). */
  | { readonly type: 'messagesTruncated'; readonly conversationId: string; readonly index: number }
  | { readonly type: 'busy'; readonly conversationId: string; readonly busy: boolean }
  /** The inline error on a failed turn, or none. */
  | { readonly type: 'error'; readonly conversationId: string; readonly error: ChatErrorView | undefined }
  | { readonly type: 'attachments'; readonly attachments: readonly AttachmentView[] }
  | { readonly type: 'cluster'; readonly cluster: { readonly id: string; readonly label: string } | undefined }
  | { readonly type: 'history'; readonly history: readonly HistoryItemView[]; readonly activeId: string }
  | { readonly type: 'systemPrompt'; readonly conversationId: string; readonly systemPrompt: string }
  /** Puts text in the input box (e.g. the message being edited) and focuses it. */
  | { readonly type: 'setDraft'; readonly text: string }
  | { readonly type: 'focusInput' }
  /** The answer to a `codeAction` or `copyMessage`: its outcome, for the button's feedback. */
  | { readonly type: 'actionDone'; readonly reply: ChatMessageRef; readonly action: (typeof CODE_ACTIONS)[number]; readonly ok: boolean };

const text = (max: number) => z.string().check(z.maxLength(max));
const index = z.number().check(z.int(), z.gte(0), z.lte(1_000_000));
const id = text(200);

const ChatToHostSchema = z.discriminatedUnion('type', [
  z.object({ type: z.literal('ready') }),
  /** Send the input text (with the pending attachments) as a new user message. */
  z.object({ type: z.literal('send'), text: text(1_000_000) }),
  z.object({ type: z.literal('stop') }),
  /** The unsent input changed (the webview debounces). */
  z.object({ type: z.literal('draftChanged'), text: text(1_000_000) }),
  z.object({ type: z.literal('regenerate') }),
  /** Replace user message `index` with `text` and send again; everything after it is dropped. */
  z.object({ type: z.literal('editAndResend'), index, text: text(1_000_000) }),
  z.object({ type: z.literal('copyMessage'), index }),
  /** A code block action on an assistant message; answered by `actionDone` with the same `reply`. */
  z.object({
    type: z.literal('codeAction'),
    reply: z.object({ conversationId: id, index }),
    action: z.enum(CODE_ACTIONS),
    block: z.union([z.literal('all'), z.number().check(z.int(), z.gte(0), z.lte(100_000))]),
  }),
  z.object({ type: z.literal('addSelection') }),
  z.object({ type: z.literal('addFile') }),
  z.object({ type: z.literal('removeAttachment'), id }),
  z.object({ type: z.literal('newChat') }),
  z.object({ type: z.literal('switchConversation'), id }),
  z.object({ type: z.literal('renameConversation'), id }),
  z.object({ type: z.literal('deleteConversation'), id }),
  z.object({ type: z.literal('setSystemPrompt'), text: text(100_000) }),
  z.object({ type: z.literal('errorAction'), action: z.enum(RECOVERY_ACTIONS) }),
  z.object({ type: z.literal('selectCluster') }),
  z.object({ type: z.literal('export'), format: z.enum(['markdown', 'json']) }),
  z.object({ type: z.literal('openLink'), href: text(8192) }),
]);

export type ChatToHostMessage = z.infer<typeof ChatToHostSchema>;

/** The message if the chat protocol allows it, else undefined. */
export function parseChatMessage(raw: unknown): ChatToHostMessage | undefined {
  const parsed = ChatToHostSchema.safeParse(raw);
  return parsed.success ? parsed.data : undefined;
}

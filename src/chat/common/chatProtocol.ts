import type { RecoveryAction } from '../../webview/common/recoveryActions';
import type { CodeAction } from '../../replies/common/replyProtocol';

/**
 * The chat view's protocol (the sidebar webview): what the host sends it and what it sends back.
 * The webview only displays state and reports gestures; the host owns the conversation, sends it,
 * persists it, and validates every message from the webview (`chatSchema.ts`) before acting on it.
 * Plain types and data, so the webview imports it as it is.
 */

/** What an inline error offers; the host carries the action out. */
export type ErrorAction = RecoveryAction;

/** Names one message of one conversation: what a code action acts on and what its answer refers to. */
export interface ChatMessageRef {
  readonly conversationId: string;
  /** Position in the conversation (0-based, system message excluded). */
  readonly index: number;
}

/** The cluster the chat sends to, as the view shows it. */
export interface ClusterView {
  readonly id: string;
  /** The label the user gave it, or its id. */
  readonly label: string;
}

export interface ChatMessageView {
  /** Position in the conversation (0-based, system message excluded). */
  readonly index: number;
  readonly role: 'user' | 'assistant';
  /** Markdown (assistant) or the user's text (shown as markdown too, raw HTML as text). */
  readonly content: string;
  /** For assistant messages: the cluster that answered (label or id). */
  readonly cluster?: string;
  /** Left out of what is sent (kept in the conversation). */
  readonly excluded?: boolean;
}

/** The context meter's thresholds, in estimated tokens (0: none). */
export interface MeterSettings {
  readonly warningTokens: number;
  readonly limitTokens: number;
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
  /** The newest messages; the view asks for the ones before them (`loadEarlier`) once these are on screen. */
  readonly messages: readonly ChatMessageView[];
  readonly error?: ChatErrorView;
  /** A turn of this conversation waits for its reply (each conversation has its own). */
  readonly busy: boolean;
  /** How long that turn has waited when the view was sent, in milliseconds. */
  readonly waitedMs?: number;
}

/**
 * The most conversations the history panel lists, newest first (the search finds any older ones).
 * The panel lists every conversation, so this is ten times the 5,000 its frame budget is held to:
 * 5,000 entries are about 700 KB, which the webview receives and checks in about 15 ms.
 */
export const MAX_HISTORY_LISTED = 50_000;

/** How many of the newest conversations the chat's state carries until the history panel is opened. */
export const FIRST_HISTORY_LISTED = 200;

export interface HistoryItemView {
  readonly id: string;
  readonly title: string;
  /** ISO time of the last change. */
  readonly updatedAt: string;
  readonly messageCount: number;
  /** A reply arrived while another conversation was shown, and this one has not been opened since. */
  readonly unread?: boolean;
}

/** A conversation that matches a history search. */
export interface SearchResultView {
  readonly id: string;
  readonly title: string;
  readonly updatedAt: string;
  /** The text around the first match in a message; empty when only the title matched. */
  readonly snippet: string;
}

export type HostToChatMessage =
  /** The whole view: on ready, after switching or starting a conversation. */
  | {
      readonly type: 'chatState';
      readonly conversation: ConversationView;
      readonly draft: string;
      readonly attachments: readonly AttachmentView[];
      readonly cluster: ClusterView | undefined;
      readonly history: readonly HistoryItemView[];
      /** Whether `history` holds every conversation (else the panel asks for them when it opens). */
      readonly historyComplete: boolean;
    }
  /** Messages added at the end (a sent user message, an assistant reply). */
  | { readonly type: 'messagesAppended'; readonly conversationId: string; readonly messages: readonly ChatMessageView[] }
  /** The answer to `loadEarlier`: the messages before those `chatState` brought. */
  | { readonly type: 'earlierMessages'; readonly conversationId: string; readonly messages: readonly ChatMessageView[] }
  /** Messages from `index` on were removed (edit and resend, regenerate). */
  | { readonly type: 'messagesTruncated'; readonly conversationId: string; readonly index: number }
  | { readonly type: 'busy'; readonly conversationId: string; readonly busy: boolean }
  /** The inline error on a failed turn, or none. */
  | { readonly type: 'error'; readonly conversationId: string; readonly error: ChatErrorView | undefined }
  | { readonly type: 'attachments'; readonly attachments: readonly AttachmentView[] }
  | { readonly type: 'cluster'; readonly cluster: ClusterView | undefined }
  /** Every conversation's entry, newest first: sent when the history is (re)loaded and after a deletion. */
  | { readonly type: 'history'; readonly history: readonly HistoryItemView[]; readonly complete: boolean; readonly activeId: string }
  /** One conversation's entry added or changed (a turn in it), so a turn never re-sends the whole history. */
  | { readonly type: 'historyItem'; readonly item: HistoryItemView; readonly activeId: string }
  /** The answer to `searchHistory`, in batches as they are found: results add to the earlier batches of the same request. */
  | {
      readonly type: 'searchResults';
      readonly requestId: number;
      readonly results: readonly SearchResultView[];
      readonly done: boolean;
    }
  | { readonly type: 'systemPrompt'; readonly conversationId: string; readonly systemPrompt: string }
  /** Message `index` was left out of (or taken back into) what is sent. */
  | { readonly type: 'excluded'; readonly conversationId: string; readonly index: number; readonly excluded: boolean }
  /**
   * What the context meter needs besides the conversation shown: its thresholds, and the pending
   * attachments as the next message carries them after the typed text.
   */
  | { readonly type: 'meter'; readonly settings: MeterSettings; readonly attached: string }
  /** Puts text in the input box (e.g. the message being edited) and focuses it. */
  | { readonly type: 'setDraft'; readonly text: string }
  | { readonly type: 'focusInput' }
  /** The answer to a `codeAction` or `copyMessage`: its outcome, for the button's feedback. */
  | { readonly type: 'actionDone'; readonly reply: ChatMessageRef; readonly action: CodeAction; readonly ok: boolean };

/** What the chat view sends; `chatSchema.ts` checks each message before the host acts on it. */
export type ChatToHostMessage =
  | { readonly type: 'ready' }
  /** The messages before `before`, asked for once the newest ones `chatState` brought are on screen. */
  | { readonly type: 'loadEarlier'; readonly conversationId: string; readonly before: number }
  /** Send the input text (with the pending attachments) as a new user message. */
  | { readonly type: 'send'; readonly text: string }
  | { readonly type: 'stop' }
  /** The unsent input changed (the webview debounces). */
  | { readonly type: 'draftChanged'; readonly text: string }
  | { readonly type: 'regenerate' }
  /** Replace user message `index` with `text` and send again; everything after it is dropped. */
  | { readonly type: 'editAndResend'; readonly index: number; readonly text: string }
  /** Answered by `actionDone`. */
  | { readonly type: 'copyMessage'; readonly index: number }
  /** Leave message `index` out of what is sent, or take it back in; answered by `excluded`. */
  | { readonly type: 'setExcluded'; readonly index: number; readonly excluded: boolean }
  /** A code block action on an assistant message; answered by `actionDone` with the same `reply`. */
  | { readonly type: 'codeAction'; readonly reply: ChatMessageRef; readonly action: CodeAction; readonly block: 'all' | number }
  | { readonly type: 'addSelection' }
  | { readonly type: 'addFile' }
  | { readonly type: 'removeAttachment'; readonly id: string }
  | { readonly type: 'newChat' }
  | { readonly type: 'switchConversation'; readonly id: string }
  | { readonly type: 'renameConversation'; readonly id: string }
  | { readonly type: 'deleteConversation'; readonly id: string }
  | { readonly type: 'setSystemPrompt'; readonly text: string }
  | { readonly type: 'errorAction'; readonly action: ErrorAction }
  | { readonly type: 'selectCluster' }
  | { readonly type: 'export'; readonly format: 'markdown' | 'json' }
  /** Titles and message text of every conversation; answered by `searchResults` with the same `requestId`. An empty query ends the search. */
  | { readonly type: 'searchHistory'; readonly requestId: number; readonly query: string }
  /** The history panel opened on a list without every conversation. */
  | { readonly type: 'listHistory' }
  | { readonly type: 'openLink'; readonly href: string };

/**
 * The chat view's protocol (the sidebar webview): what the host sends it and what it sends back.
 * The webview only displays state and reports gestures; the host owns the conversation, sends it,
 * persists it, and validates every message from the webview before acting on it. The messages are
 * declared once, as the schemas that check them (`hostToChatSchema.ts`, `chatToHostSchema.ts`);
 * this file names them for both sides.
 */
export type { RecoveryAction as ErrorAction } from '../../webview/common/recoveryActions';
export { FIRST_HISTORY_LISTED, MAX_HISTORY_LISTED } from './chatLimits';
export type {
  AttachmentView,
  ChatErrorView,
  ChatMessageRef,
  ChatMessageView,
  ClusterView,
  ConversationView,
  HistoryItemView,
  HostToChatMessage,
  InstructionFileView,
  MentionOptionView,
  MeterSettings,
  PromptCommandView,
  SearchResultView,
} from './hostToChatSchema';
export type { ChatToHostMessage } from './chatToHostSchema';

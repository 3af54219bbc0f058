import type {
  AttachmentView,
  ChatErrorView,
  ChatMessageView,
  ConversationView,
  HistoryItemView,
  HostToChatMessage,
} from '../../../src/chat/common/chatProtocol';

/** Host messages for the chat view, typed by the protocol so they stay what the host sends. */

export const CONVERSATION_ID = 'c1';
export const DEMO_CLUSTER = { id: 'demo', label: 'Demo' } as const;

export function user(index: number, content: string): ChatMessageView {
  return { index, role: 'user', content };
}

export function assistant(index: number, content: string, cluster = 'Demo'): ChatMessageView {
  return { index, role: 'assistant', content, cluster };
}

/** Alternating user and assistant messages 0…count-1; every reply holds a TypeScript block. */
export function turns(count: number): ChatMessageView[] {
  return Array.from({ length: count }, (_, index) =>
    index % 2 === 0
      ? user(index, `Question ${index}`)
      : assistant(index, `Answer ${index}\n\n\`\`\`ts\nconst value${index} = ${index};\n\`\`\`\n`),
  );
}

export function historyItem(id: string, title: string, messageCount = 2): HistoryItemView {
  return { id, title, updatedAt: '2026-11-21T10:00:00.000Z', messageCount };
}

export interface ChatStateOptions {
  readonly id?: string;
  readonly title?: string;
  readonly systemPrompt?: string;
  readonly messages?: readonly ChatMessageView[];
  readonly error?: ChatErrorView;
  readonly busy?: boolean;
  readonly draft?: string;
  readonly attachments?: readonly AttachmentView[];
  readonly cluster?: { readonly id: string; readonly label: string } | null;
  readonly history?: readonly HistoryItemView[];
  readonly historyComplete?: boolean;
}

/** A whole `chatState`; by default conversation c1 on cluster Demo, no messages. */
export function chatState(options: ChatStateOptions = {}): HostToChatMessage {
  const id = options.id ?? CONVERSATION_ID;
  const conversation: ConversationView = {
    id,
    title: options.title ?? 'A conversation',
    systemPrompt: options.systemPrompt ?? '',
    messages: options.messages ?? [],
    busy: options.busy ?? false,
    ...(options.error ? { error: options.error } : {}),
  };
  return {
    type: 'chatState',
    conversation,
    draft: options.draft ?? '',
    attachments: options.attachments ?? [],
    cluster: options.cluster === null ? undefined : (options.cluster ?? DEMO_CLUSTER),
    history: options.history ?? [historyItem(id, conversation.title)],
    historyComplete: options.historyComplete ?? true,
  };
}

export function appended(messages: readonly ChatMessageView[], conversationId = CONVERSATION_ID): HostToChatMessage {
  return { type: 'messagesAppended', conversationId, messages };
}

export function truncated(index: number, conversationId = CONVERSATION_ID): HostToChatMessage {
  return { type: 'messagesTruncated', conversationId, index };
}

export function busy(isBusy: boolean, conversationId = CONVERSATION_ID): HostToChatMessage {
  return { type: 'busy', conversationId, busy: isBusy };
}

export function chatError(error: ChatErrorView | undefined, conversationId = CONVERSATION_ID): HostToChatMessage {
  return { type: 'error', conversationId, error };
}

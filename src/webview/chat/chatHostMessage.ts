import type {
  AttachmentView,
  ChatErrorView,
  ChatMessageView,
  ClusterView,
  ConversationView,
  ErrorAction,
  HistoryItemView,
  HostToChatMessage,
} from '../../core/protocol/chatProtocol';
import { isCodeAction } from '../codeActions/actionLabels';
import { isRecoveryAction } from '../../core/protocol/recoveryActions';
import { isIndex, isRecord, isText, parseList } from './shapes';

/**
 * Strict shape checks for what the chat view receives from the host. Anything malformed is
 * refused as a whole; the result holds only the known fields.
 */

export const CHAT_LIMITS = {
  id: 200,
  label: 4096,
  title: 4096,
  content: 10 * 1024 * 1024,
  draft: 1_000_000,
  systemPrompt: 1_000_000,
  errorMessage: 64 * 1024,
  index: 1_000_000,
  messages: 100_000,
  history: 10_000,
  attachments: 1000,
  lines: 100_000_000,
} as const;

type Cluster = ClusterView | undefined;

function isId(value: unknown): value is string {
  return isText(value, CHAT_LIMITS.id);
}

/** Absent, undefined or null mean "none"; anything else must be well formed. */
function parseOptional<T>(value: unknown, parse: (raw: unknown) => T | undefined): { value: T | undefined } | undefined {
  if (value === undefined || value === null) {
    return { value: undefined };
  }
  const parsed = parse(value);
  return parsed === undefined ? undefined : { value: parsed };
}

export function parseChatMessageView(raw: unknown): ChatMessageView | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { index, role, content } = raw;
  const cluster = parseOptional(raw['cluster'], (value) => (isText(value, CHAT_LIMITS.label) ? value : undefined));
  if (
    !isIndex(index, CHAT_LIMITS.index) ||
    (role !== 'user' && role !== 'assistant') ||
    !isText(content, CHAT_LIMITS.content) ||
    !cluster
  ) {
    return undefined;
  }
  return cluster.value === undefined ? { index, role, content } : { index, role, content, cluster: cluster.value };
}

/** Messages in strictly increasing index order, else undefined. */
function parseMessages(raw: unknown): ChatMessageView[] | undefined {
  const messages = parseList(raw, CHAT_LIMITS.messages, parseChatMessageView);
  if (!messages) {
    return undefined;
  }
  return messages.every((message, position) => position === 0 || message.index > (messages[position - 1]?.index ?? -1))
    ? messages
    : undefined;
}

function parseErrorActions(raw: unknown): ErrorAction[] | undefined {
  const actions = parseList(raw, 10, (item) => (isRecoveryAction(item) ? item : undefined));
  return actions ? [...new Set(actions)] : undefined;
}

export function parseChatError(raw: unknown): ChatErrorView | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { index, message } = raw;
  const actions = parseErrorActions(raw['actions']);
  if (!isIndex(index, CHAT_LIMITS.index) || !isText(message, CHAT_LIMITS.errorMessage) || !actions) {
    return undefined;
  }
  return { index, message, actions };
}

function parseAttachment(raw: unknown): AttachmentView | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { id, label, lines } = raw;
  return isId(id) && isText(label, CHAT_LIMITS.label) && isIndex(lines, CHAT_LIMITS.lines) ? { id, label, lines } : undefined;
}

function parseHistoryItem(raw: unknown): HistoryItemView | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { id, title, updatedAt, messageCount } = raw;
  return isId(id) && isText(title, CHAT_LIMITS.title) && isText(updatedAt, 100) && isIndex(messageCount, CHAT_LIMITS.index)
    ? { id, title, updatedAt, messageCount }
    : undefined;
}

function parseCluster(raw: unknown): { value: Cluster } | undefined {
  return parseOptional(raw, (value) =>
    isRecord(value) && isId(value['id']) && isText(value['label'], CHAT_LIMITS.label)
      ? { id: value['id'], label: value['label'] }
      : undefined,
  );
}

export function parseConversation(raw: unknown): ConversationView | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { id, title, systemPrompt, busy } = raw;
  const messages = parseMessages(raw['messages']);
  const error = parseOptional(raw['error'], parseChatError);
  if (
    !isId(id) ||
    !isText(title, CHAT_LIMITS.title) ||
    !isText(systemPrompt, CHAT_LIMITS.systemPrompt) ||
    typeof busy !== 'boolean' ||
    !messages ||
    !error
  ) {
    return undefined;
  }
  return error.value === undefined
    ? { id, title, systemPrompt, messages, busy }
    : { id, title, systemPrompt, messages, error: error.value, busy };
}

const attachments = (raw: unknown): AttachmentView[] | undefined => parseList(raw, CHAT_LIMITS.attachments, parseAttachment);
const history = (raw: unknown): HistoryItemView[] | undefined => parseList(raw, CHAT_LIMITS.history, parseHistoryItem);

function parseChatState(raw: Readonly<Record<string, unknown>>): HostToChatMessage | undefined {
  const conversation = parseConversation(raw['conversation']);
  const parsedAttachments = attachments(raw['attachments']);
  const cluster = parseCluster(raw['cluster']);
  const parsedHistory = history(raw['history']);
  const { draft } = raw;
  if (!conversation || !isText(draft, CHAT_LIMITS.draft) || !parsedAttachments || !cluster || !parsedHistory) {
    return undefined;
  }
  return { type: 'chatState', conversation, draft, attachments: parsedAttachments, cluster: cluster.value, history: parsedHistory };
}

/** The message if it is a well-formed HostToChatMessage, else undefined. */
export function parseChatHostMessage(raw: unknown): HostToChatMessage | undefined {
  if (!isRecord(raw)) {
    return undefined;
  }
  const { conversationId } = raw;
  switch (raw['type']) {
    case 'chatState':
      return parseChatState(raw);
    case 'messagesAppended': {
      const messages = parseMessages(raw['messages']);
      return isId(conversationId) && messages ? { type: 'messagesAppended', conversationId, messages } : undefined;
    }
    case 'messagesTruncated': {
      const { index } = raw;
      return isId(conversationId) && isIndex(index, CHAT_LIMITS.index) ? { type: 'messagesTruncated', conversationId, index } : undefined;
    }
    case 'busy': {
      const { busy } = raw;
      return isId(conversationId) && typeof busy === 'boolean' ? { type: 'busy', conversationId, busy } : undefined;
    }
    case 'error': {
      const error = parseOptional(raw['error'], parseChatError);
      return isId(conversationId) && error ? { type: 'error', conversationId, error: error.value } : undefined;
    }
    case 'attachments': {
      const parsed = attachments(raw['attachments']);
      return parsed ? { type: 'attachments', attachments: parsed } : undefined;
    }
    case 'cluster': {
      const cluster = parseCluster(raw['cluster']);
      return cluster ? { type: 'cluster', cluster: cluster.value } : undefined;
    }
    case 'history': {
      const parsed = history(raw['history']);
      const { activeId } = raw;
      return parsed && isId(activeId) ? { type: 'history', history: parsed, activeId } : undefined;
    }
    case 'systemPrompt': {
      const { systemPrompt } = raw;
      return isId(conversationId) && isText(systemPrompt, CHAT_LIMITS.systemPrompt)
        ? { type: 'systemPrompt', conversationId, systemPrompt }
        : undefined;
    }
    case 'setDraft': {
      const { text } = raw;
      return isText(text, CHAT_LIMITS.draft) ? { type: 'setDraft', text } : undefined;
    }
    case 'focusInput':
      return { type: 'focusInput' };
    case 'actionDone': {
      const { reply, action, ok } = raw;
      const conversationId: unknown = isRecord(reply) ? reply['conversationId'] : undefined;
      const index: unknown = isRecord(reply) ? reply['index'] : undefined;
      return isId(conversationId) && isIndex(index, CHAT_LIMITS.index) && isCodeAction(action) && typeof ok === 'boolean'
        ? { type: 'actionDone', reply: { conversationId, index }, action, ok }
        : undefined;
    }
    default:
      return undefined;
  }
}

import type * as View from '../common/chatProtocol';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import type { Attachment, StoredConversation } from '../../conversations/common/conversation';
import type { ClusterEntry } from '../../base/vscode/settings';

/** What the chat view shows, built from the stored conversations: plain data for the protocol. */

export function messageView(conversation: StoredConversation, index: number): View.ChatMessageView {
  const message = conversation.messages[index];
  if (!message) {
    throw new Error(`no message ${index}`);
  }
  return {
    index,
    role: message.role,
    content: message.content,
    ...(message.cluster ? { cluster: message.cluster } : {}),
    ...(message.excluded === true ? { excluded: true } : {}),
    ...(message.attached ? { attached: message.attached } : {}),
  };
}

export function lastMessageView(conversation: StoredConversation): View.ChatMessageView {
  return messageView(conversation, conversation.messages.length - 1);
}

/** Messages `start` … `end` - 1 of a conversation. */
export function messageViews(conversation: StoredConversation, start: number, end: number): View.ChatMessageView[] {
  const views: View.ChatMessageView[] = [];
  for (let index = Math.max(0, start); index < Math.min(end, conversation.messages.length); index++) {
    views.push(messageView(conversation, index));
  }
  return views;
}

/** The answer to `loadEarlier`: the messages before `before`, if `conversation` is the one the view asked about. */
export function earlierMessages(conversation: StoredConversation, conversationId: string, before: number): View.HostToChatMessage {
  const messages = conversation.id === conversationId ? messageViews(conversation, 0, before) : [];
  return { type: 'earlierMessages', conversationId, messages };
}

/**
 * How many of a conversation's newest messages the view gets when it shows it: enough to fill the
 * view and scroll a little, so the first render costs the same however long the conversation. The
 * view asks for the rest once these are on screen.
 */
export const FIRST_MESSAGES = 100;

export function conversationView(
  conversation: StoredConversation,
  error: View.ChatErrorView | undefined,
  /** How long its turn has waited; undefined when none runs. */
  waitedMs: number | undefined,
): View.ConversationView {
  const count = conversation.messages.length;
  return {
    id: conversation.id,
    title: conversation.title,
    systemPrompt: conversation.systemPrompt,
    messages: messageViews(conversation, count - FIRST_MESSAGES, count),
    ...(error ? { error } : {}),
    busy: waitedMs !== undefined,
    ...(waitedMs !== undefined ? { waitedMs } : {}),
  };
}

export function attachmentViews(attachments: readonly Attachment[]): View.AttachmentView[] {
  return attachments.map((attachment) => ({
    id: attachment.id,
    label: attachment.label,
    lines: attachment.code.split('\n').length,
    ...(attachment.mention === undefined ? {} : { mention: attachment.mention }),
  }));
}

export function lastIndexOf(conversation: StoredConversation, role: 'user' | 'assistant'): number {
  for (let index = conversation.messages.length - 1; index >= 0; index--) {
    if (conversation.messages[index]?.role === role) {
      return index;
    }
  }
  return -1;
}

export function clusterView(cluster: ClusterEntry | undefined): View.ClusterView | undefined {
  return cluster ? { id: cluster.id, label: clusterLabel(cluster) } : undefined;
}

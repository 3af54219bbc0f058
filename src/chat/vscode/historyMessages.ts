import type { HistoryItemView, HostToChatMessage } from '../common/chatProtocol';
import { historyItemView, historyViews } from './chatViewModels';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { UnreadReplies } from './unreadReplies';

/** The history panel's list, with the conversations that hold an unopened reply marked. */
export function historyList(store: ConversationStore, unread: UnreadReplies): HistoryItemView[] {
  return historyViews(store.history(), store.activeId, (id) => unread.has(id));
}

/** One conversation's entry when only it changed (a turn costs the same however long the history), else all of them. */
export function historyMessage(store: ConversationStore, unread: UnreadReplies, changed?: string): HostToChatMessage {
  const entry = changed === undefined ? undefined : store.entry(changed);
  return entry
    ? { type: 'historyItem', item: historyItemView(entry, unread.has(entry.id)), activeId: store.activeId }
    : { type: 'history', history: historyList(store, unread), activeId: store.activeId };
}

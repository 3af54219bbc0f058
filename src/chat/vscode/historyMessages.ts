import type { HistoryItemView, HostToChatMessage } from '../common/chatProtocol';
import { historyItemView, historyViews } from '../node/historyViews';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { UnreadReplies } from './unreadReplies';

/** What the history messages read of the store and of the unread marks. */
type HistorySource = Pick<ConversationStore, 'history' | 'entry' | 'activeId'>;
type UnreadMarks = Pick<UnreadReplies, 'has'>;

/** The history panel's list (every conversation), with the conversations that hold an unopened reply marked. */
export function historyList(store: HistorySource, unread: UnreadMarks): HistoryItemView[] {
  return historyViews(store.history(), store.activeId, (id) => unread.has(id));
}

/**
 * One conversation's entry when only it changed, else all of them. A turn takes the first way: it
 * neither reads nor sorts the whole history, so it costs the same however long the history.
 */
export function historyMessage(store: HistorySource, unread: UnreadMarks, changed?: string): HostToChatMessage {
  const entry = changed === undefined ? undefined : store.entry(changed);
  return entry
    ? { type: 'historyItem', item: historyItemView(entry, unread.has(entry.id)), activeId: store.activeId }
    : { type: 'history', history: historyList(store, unread), activeId: store.activeId };
}

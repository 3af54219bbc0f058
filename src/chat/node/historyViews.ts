import { type HistoryItemView, MAX_HISTORY_LISTED } from '../common/chatProtocol';
import { type IndexEntry, newestFirst } from '../../conversations/node/conversationIndex';

/**
 * The conversations' history entries, newest first, up to `limit` (every one the protocol takes
 * when none is given); an empty one is listed only while it is the active one (it has no file yet).
 */
export function historyViews(
  entries: readonly IndexEntry[],
  activeId: string,
  unread: (id: string) => boolean = () => false,
  limit = MAX_HISTORY_LISTED,
): HistoryItemView[] {
  return entries
    .filter((entry) => entry.messageCount > 0 || entry.id === activeId)
    .sort(newestFirst)
    .slice(0, Math.min(limit, MAX_HISTORY_LISTED))
    .map((entry) => historyItemView(entry, unread(entry.id)));
}

export function historyItemView({ id, title, updatedAt, messageCount }: IndexEntry, unread = false): HistoryItemView {
  return { id, title, updatedAt, messageCount, ...(unread ? { unread } : {}) };
}

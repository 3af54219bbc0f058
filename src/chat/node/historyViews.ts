import { type HistoryItemView, MAX_HISTORY_LISTED } from '../common/chatProtocol';
import { type IndexEntry, newestFirst } from '../../conversations/node/conversationIndex';

/**
 * Every conversation's history entry, newest first; an empty one is listed only while it is the
 * active one (it has no file yet). The panel renders only the rows in view, so the whole history is
 * sent: a turn then sends just its own entry (`historyItemView`), never this list again.
 */
export function historyViews(
  entries: readonly IndexEntry[],
  activeId: string,
  unread: (id: string) => boolean = () => false,
): HistoryItemView[] {
  return entries
    .filter((entry) => entry.messageCount > 0 || entry.id === activeId)
    .sort(newestFirst)
    .slice(0, MAX_HISTORY_LISTED)
    .map((entry) => historyItemView(entry, unread(entry.id)));
}

export function historyItemView({ id, title, updatedAt, messageCount }: IndexEntry, unread = false): HistoryItemView {
  return { id, title, updatedAt, messageCount, ...(unread ? { unread } : {}) };
}

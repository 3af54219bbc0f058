import type { HistoryItemView, HostToChatMessage } from '../common/chatProtocol';
import { FIRST_HISTORY_LISTED } from '../common/chatProtocol';
import { historyItemView, historyViews } from '../node/historyViews';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { UnreadReplies } from './unreadReplies';

/** What the history messages read of the store and of the unread marks. */
type HistorySource = Pick<ConversationStore, 'history' | 'entry' | 'activeId' | 'historyLoaded'>;
type UnreadMarks = Pick<UnreadReplies, 'has'>;

/** A history list, and whether it holds every conversation, as the chat's state carries them. */
export interface HistoryList {
  readonly history: HistoryItemView[];
  readonly historyComplete: boolean;
}

/**
 * What the chat view's history panel is sent. Until the panel is first opened, only the newest
 * entries go with the chat's state, so opening the chat costs the same however long the history;
 * opening the panel asks for every conversation, which is then sent whenever the history reloads.
 * A turn sends its own entry alone, never the list.
 */
export class HistoryMessages {
  private whole = false;

  constructor(
    private readonly store: HistorySource,
    private readonly unread: UnreadMarks,
  ) {}

  /** A new view: it starts again with the newest entries. */
  reset(): void {
    this.whole = false;
  }

  /**
   * The panel opened: from now on the list is whole. It answers once the whole index is read, so
   * the panel never takes the newest entries for every conversation there is.
   */
  async wantWhole(): Promise<HostToChatMessage> {
    await this.store.historyLoaded();
    this.whole = true;
    return this.message();
  }

  /** The list as it is sent now: whole once the panel asked for it, else the newest entries. */
  list(): HistoryList {
    const limit = this.whole ? undefined : FIRST_HISTORY_LISTED;
    const history = historyViews(this.store.history(), this.store.activeId, (id) => this.unread.has(id), limit);
    return { history, historyComplete: limit === undefined || history.length < limit };
  }

  /**
   * One conversation's entry when only it changed, else the list. A turn takes the first way: it
   * neither reads nor sorts the whole history, so it costs the same however long the history.
   */
  message(changed?: string): HostToChatMessage {
    const entry = changed === undefined ? undefined : this.store.entry(changed);
    if (entry) {
      return { type: 'historyItem', item: historyItemView(entry, this.unread.has(entry.id)), activeId: this.store.activeId };
    }
    const { history, historyComplete } = this.list();
    return { type: 'history', history, complete: historyComplete, activeId: this.store.activeId };
  }
}

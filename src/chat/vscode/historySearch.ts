import type { ConversationLogFiles } from '../../conversations/node/conversationLogFiles';
import { searchConversations } from '../../conversations/node/searchConversationFiles';
import type { HostToChatMessage } from '../common/chatProtocol';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';

/**
 * The history panel's search: results posted in batches as they are found, and a search the user
 * has typed past (a newer request) stops reading logs at once.
 */
export class HistorySearch {
  private latest = 0;

  constructor(
    private readonly store: ConversationStore,
    private readonly files: ConversationLogFiles,
    private readonly post: (message: HostToChatMessage) => void,
  ) {}

  async search(requestId: number, query: string): Promise<void> {
    const generation = ++this.latest;
    const superseded = () => generation !== this.latest;
    await this.store.historyLoaded();
    const saved = this.store.history().filter((entry) => entry.messageCount > 0);
    await searchConversations(
      saved,
      (id) => this.files.logOf(id),
      query,
      (hits) =>
        this.post({
          type: 'searchResults',
          requestId,
          results: hits.map(({ id, title, updatedAt, snippet }) => ({ id, title, updatedAt, snippet })),
          done: false,
        }),
      superseded,
    );
    if (!superseded()) {
      this.post({ type: 'searchResults', requestId, results: [], done: true });
    }
  }
}

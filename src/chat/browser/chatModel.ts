import type {
  AttachmentView,
  ChatErrorView,
  ChatMessageView,
  ClusterView,
  ConversationView,
  HistoryItemView,
} from '../common/chatProtocol';

/**
 * What the chat view currently shows, kept apart from the DOM: the conversation (messages in
 * increasing index order), its error and busy state, and the surrounding lists. The host is the
 * source of truth; this only mirrors the messages it sends.
 */
export class ChatModel {
  conversationId: string | undefined;
  title = '';
  systemPrompt = '';
  busy = false;
  error: ChatErrorView | undefined;
  cluster: ClusterView | undefined;
  attachments: readonly AttachmentView[] = [];
  history: readonly HistoryItemView[] = [];
  /** The conversation the history marks as current. */
  activeId: string | undefined;
  private list: ChatMessageView[] = [];
  private readonly clusterNames = new Map<string, string>();

  get messages(): readonly ChatMessageView[] {
    return this.list;
  }

  load(conversation: ConversationView): void {
    this.conversationId = conversation.id;
    this.activeId = conversation.id;
    this.title = conversation.title;
    this.systemPrompt = conversation.systemPrompt;
    this.busy = conversation.busy;
    this.error = conversation.error;
    this.list = conversation.messages.map((message) => this.compact(message));
  }

  /** True when a message for `conversationId` concerns the conversation shown. */
  isShown(conversationId: string): boolean {
    return this.conversationId !== undefined && conversationId === this.conversationId;
  }

  /**
   * Adds messages at the end. A message whose index is already taken replaces that message and
   * everything after it. Returns the lowest index removed that way, if any.
   */
  append(messages: readonly ChatMessageView[]): number | undefined {
    const first = messages[0];
    if (!first) {
      return undefined;
    }
    const replaced = this.list.some((message) => message.index >= first.index) ? first.index : undefined;
    if (replaced !== undefined) {
      this.truncate(replaced);
    }
    this.list.push(...messages.map((message) => this.compact(message)));
    return replaced;
  }

  /** Adds the messages older than the first one at the start; returns how many. */
  prepend(messages: readonly ChatMessageView[]): number {
    const first = this.list[0]?.index ?? Number.POSITIVE_INFINITY;
    const earlier = messages.filter((message) => message.index < first).map((message) => this.compact(message));
    this.list = [...earlier, ...this.list];
    return earlier.length;
  }

  /** Removes the messages from `index` on. */
  truncate(index: number): void {
    this.list = this.list.filter((message) => message.index < index);
  }

  messageAt(index: number): ChatMessageView | undefined {
    let low = 0;
    let high = this.list.length - 1;
    while (low <= high) {
      const middle = (low + high) >>> 1;
      const message = this.list[middle];
      if (!message || message.index === index) {
        return message;
      }
      if (message.index < index) {
        low = middle + 1;
      } else {
        high = middle - 1;
      }
    }
    return undefined;
  }

  /** The position in `messages` of the first message with an index of at least `index`. */
  positionOf(index: number): number {
    let low = 0;
    let high = this.list.length;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if ((this.list[middle]?.index ?? index) < index) {
        low = middle + 1;
      } else {
        high = middle;
      }
    }
    return low;
  }

  lastIndexOf(role: ChatMessageView['role']): number | undefined {
    for (let position = this.list.length - 1; position >= 0; position--) {
      const message = this.list[position];
      if (message?.role === role) {
        return message.index;
      }
    }
    return undefined;
  }

  /**
   * The message with its role and cluster as shared strings: each message the host sends arrives
   * with its own copies of them, which for 20,000 messages is most of what the model weighs beyond
   * the texts themselves.
   */
  private compact(message: ChatMessageView): ChatMessageView {
    const role = message.role === 'user' ? 'user' : 'assistant';
    const flags = {
      ...(message.excluded === true ? { excluded: true } : {}),
      ...(message.attached ? { attached: message.attached } : {}),
    };
    if (message.cluster === undefined) {
      return { index: message.index, role, content: message.content, ...flags };
    }
    let cluster = this.clusterNames.get(message.cluster);
    if (cluster === undefined) {
      cluster = message.cluster;
      this.clusterNames.set(cluster, cluster);
    }
    return { index: message.index, role, content: message.content, cluster, ...flags };
  }

  /** Marks message `index` as left out of what is sent, or not; false when the view does not have it. */
  setExcluded(index: number, excluded: boolean): boolean {
    const position = this.positionOf(index);
    const message = this.list[position];
    if (message?.index !== index) {
      return false;
    }
    const { excluded: _previous, ...rest } = message;
    this.list[position] = excluded ? { ...rest, excluded: true } : rest;
    return true;
  }

  /** Marks the replies whose turns changed files (the others not); resolves the indexes whose mark changed. */
  setUndoable(indexes: readonly number[]): number[] {
    const undoable = new Set(indexes);
    const changed: number[] = [];
    this.list.forEach((message, position) => {
      const now = message.role === 'assistant' && undoable.has(message.index);
      if (now !== (message.undoable === true)) {
        const { undoable: _previous, ...rest } = message;
        this.list[position] = now ? { ...rest, undoable: true } : rest;
        changed.push(message.index);
      }
    });
    return changed;
  }

  /** Who wrote a message, as its meta line shows it. */
  authorOf(message: ChatMessageView, you: string, assistant: string): string {
    return message.role === 'user' ? you : message.cluster || assistant;
  }
}

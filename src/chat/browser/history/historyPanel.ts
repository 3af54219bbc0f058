import type { ChatToHostMessage, HistoryItemView, HostToChatMessage } from '../../common/chatProtocol';
import { element } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';
import { HistoryRows } from './historyRows';
import { HistorySearchBox } from './searchBox';

/**
 * The list of conversations, hidden until the header's toggle opens it:
 *
 * ```html
 * <nav class="chat-history" id="chat-history" aria-label="Conversations" hidden>
 *   (the search box, its status and results: see HistorySearchBox)
 *   (every conversation, newest first, only the rows in view rendered: see HistoryRows)
 *   <p class="chat-history-empty">No conversations yet.</p>
 * </nav>
 * ```
 *
 * The rows are rendered only while the panel is open, so a turn in a long history costs no DOM work.
 */
export class HistoryPanel {
  readonly nav: HTMLElement;
  readonly search: HistorySearchBox;
  private readonly rows: HistoryRows;
  private readonly empty: HTMLParagraphElement;
  private count = 0;
  private searching = false;
  private complete = true;
  private asked = false;

  constructor(
    id: string,
    private readonly toggle: HTMLButtonElement,
    private readonly post: (message: ChatToHostMessage) => void,
  ) {
    this.nav = element('nav', 'chat-history');
    this.nav.id = id;
    this.nav.setAttribute('aria-label', text('conversations'));
    this.nav.hidden = true;
    this.rows = new HistoryRows(id, post);
    this.empty = element('p', 'chat-history-empty', text('noConversations'));
    this.search = new HistorySearchBox(post, (searching) => {
      this.searching = searching;
      this.showRows();
    });
    this.nav.append(this.search.input, this.search.status, this.search.results, this.rows.scroller, this.empty);
    this.nav.addEventListener('keydown', (event) => this.onKey(event));
  }

  get open(): boolean {
    return !this.nav.hidden;
  }

  setOpen(open: boolean): void {
    this.nav.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    this.showRows();
    this.askForAll();
  }

  /** Whether the list holds every conversation: the chat opens with the newest, and the panel asks for all when it opens. */
  setComplete(complete: boolean): void {
    this.complete = complete;
    this.asked &&= !complete;
    this.askForAll();
  }

  private askForAll(): void {
    if (this.open && !this.complete && !this.asked) {
      this.asked = true;
      this.post({ type: 'listHistory' });
    }
  }

  /** The history to list (shown now if the panel is open, else when it opens). */
  render(history: readonly HistoryItemView[], activeId: string | undefined): void {
    this.count = history.length;
    this.rows.show(history, activeId);
    this.empty.hidden = this.count > 0 || this.searching;
  }

  private showRows(): void {
    this.rows.setShown(this.open && !this.searching);
    this.empty.hidden = this.count > 0 || this.searching;
  }

  /** Escape in the list closes it and returns to its toggle. */
  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.setOpen(false);
      this.toggle.focus();
    }
  }
}

/** The history after a full list or one changed entry: newest first, an empty conversation only while active. */
export function nextHistory(
  current: readonly HistoryItemView[],
  message: Extract<HostToChatMessage, { type: 'history' | 'historyItem' }>,
): readonly HistoryItemView[] {
  if (message.type === 'history') {
    return message.history;
  }
  const { item } = message;
  const others = current.filter((existing) => existing.id !== item.id);
  if (item.messageCount === 0 && item.id !== message.activeId) {
    return others;
  }
  const at = others.findIndex((existing) => existing.updatedAt <= item.updatedAt);
  return at < 0 ? [...others, item] : [...others.slice(0, at), item, ...others.slice(at)];
}

import type { ChatToHostMessage, HistoryItemView, HostToChatMessage } from '../../common/chatProtocol';
import { button, element } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';
import { HistorySearchBox } from './searchBox';

/**
 * The list of conversations, hidden until the header's toggle opens it:
 *
 * ```html
 * <nav class="chat-history" id="chat-history" aria-label="Conversations" hidden>
 *   (the search box, its status and results: see HistorySearchBox)
 *   <ul>
 *     <li class="history-item" data-id="c1">
 *       <button class="history-open" aria-current="true">Title</button>
 *     (a conversation with a reply not yet opened: <li class="history-item unread">, and in its button
 *      <span class="history-unread" aria-hidden="true"></span>Title<span class="visually-hidden">, new reply</span>)
 *       <button class="history-rename" aria-label="Rename conversation">…</button>
 *       <button class="history-delete" aria-label="Delete conversation">…</button>
 *     </li>
 *   </ul>
 *   <p class="chat-history-empty">No conversations yet.</p>
 * </nav>
 * ```
 *
 * The list is rendered only while the panel is open, so a turn in a long history costs no DOM work.
 */
export class HistoryPanel {
  readonly nav: HTMLElement;
  readonly search: HistorySearchBox;
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLParagraphElement;
  private shown: { readonly history: readonly HistoryItemView[]; readonly activeId: string | undefined } = {
    history: [],
    activeId: undefined,
  };

  constructor(
    id: string,
    private readonly toggle: HTMLButtonElement,
    post: (message: ChatToHostMessage) => void,
  ) {
    this.nav = element('nav', 'chat-history');
    this.nav.id = id;
    this.nav.setAttribute('aria-label', text('conversations'));
    this.nav.hidden = true;
    this.list = element('ul', 'history-list');
    this.empty = element('p', 'chat-history-empty', text('noConversations'));
    this.search = new HistorySearchBox(post, (searching) => {
      this.list.hidden = searching;
      this.empty.hidden = searching || this.shown.history.length > 0;
    });
    this.nav.append(this.search.input, this.search.status, this.search.results, this.list, this.empty);
    this.nav.addEventListener('keydown', (event) => this.onKey(event));
  }

  get open(): boolean {
    return !this.nav.hidden;
  }

  setOpen(open: boolean): void {
    this.nav.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
    if (open) {
      this.renderList();
    }
  }

  /** The history to list (shown now if the panel is open, else when it opens). */
  render(history: readonly HistoryItemView[], activeId: string | undefined): void {
    this.shown = { history, activeId };
    if (this.open) {
      this.renderList();
    }
  }

  private renderList(): void {
    const { history, activeId } = this.shown;
    this.list.replaceChildren(...history.map((item, position) => this.item(item, position, item.id === activeId)));
    this.empty.hidden = history.length > 0 || this.search.query.length > 0;
  }

  /** Escape in the list closes it and returns to its toggle. */
  private onKey(event: KeyboardEvent): void {
    if (event.key === 'Escape') {
      event.preventDefault();
      this.setOpen(false);
      this.toggle.focus();
    }
  }

  private item(item: HistoryItemView, position: number, active: boolean): HTMLLIElement {
    const li = element('li', 'history-item');
    li.dataset['id'] = item.id;
    const open = button('history-open', { text: item.title.trim() || text('untitledConversation') });
    open.id = `${this.nav.id}-item-${position}`;
    open.title = item.title;
    if (active) {
      open.setAttribute('aria-current', 'true');
    }
    if (item.unread) {
      // A reply arrived while another conversation was shown: a dot, and words for screen readers.
      li.classList.add('unread');
      const mark = element('span', 'history-unread');
      mark.setAttribute('aria-hidden', 'true');
      open.prepend(mark);
      open.append(element('span', 'visually-hidden', text('unreadReply')));
    }
    const rename = button('icon-button history-rename', { icon: 'edit', label: text('renameConversation') });
    const remove = button('icon-button history-delete', { icon: 'trash', label: text('deleteConversation') });
    for (const action of [rename, remove]) {
      action.setAttribute('aria-describedby', open.id);
    }
    li.append(open, rename, remove);
    return li;
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

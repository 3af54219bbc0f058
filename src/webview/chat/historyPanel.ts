import type { HistoryItemView } from '../../core/protocol/chatProtocol';
import { button, element } from '../common/dom';
import { text } from '../common/strings';

/**
 * The list of conversations, hidden until the header's toggle opens it:
 *
 * ```html
 * <nav class="chat-history" id="chat-history" aria-label="Conversations" hidden>
 *   <ul>
 *     <li class="history-item" data-id="c1">
 *       <button class="history-open" aria-current="true">Title</button>
 *       <button class="history-rename" aria-label="Rename conversation">…</button>
 *       <button class="history-delete" aria-label="Delete conversation">…</button>
 *     </li>
 *   </ul>
 *   <p class="chat-history-empty">No conversations yet.</p>
 * </nav>
 * ```
 */
export class HistoryPanel {
  readonly nav: HTMLElement;
  private readonly list: HTMLUListElement;
  private readonly empty: HTMLParagraphElement;

  constructor(
    id: string,
    private readonly toggle: HTMLButtonElement,
  ) {
    this.nav = element('nav', 'chat-history');
    this.nav.id = id;
    this.nav.setAttribute('aria-label', text('conversations'));
    this.nav.hidden = true;
    this.list = element('ul', 'history-list');
    this.empty = element('p', 'chat-history-empty', text('noConversations'));
    this.nav.append(this.list, this.empty);
    this.nav.addEventListener('keydown', (event) => this.onKey(event));
  }

  get open(): boolean {
    return !this.nav.hidden;
  }

  setOpen(open: boolean): void {
    this.nav.hidden = !open;
    this.toggle.setAttribute('aria-expanded', String(open));
  }

  render(history: readonly HistoryItemView[], activeId: string | undefined): void {
    this.list.replaceChildren(...history.map((item, position) => this.item(item, position, item.id === activeId)));
    this.empty.hidden = history.length > 0;
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
    const rename = button('icon-button history-rename', { text: '\u270e', label: text('renameConversation') });
    const remove = button('icon-button history-delete', { text: '\u2715', label: text('deleteConversation') });
    for (const action of [rename, remove]) {
      action.setAttribute('aria-describedby', open.id);
    }
    li.append(open, rename, remove);
    return li;
  }
}

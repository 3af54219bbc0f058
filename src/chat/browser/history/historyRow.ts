import type { HistoryItemView } from '../../common/chatProtocol';
import { button, element } from '../../../base/browser/dom';
import { text } from '../../../webview/browser/strings';

/** The buttons of a row, in order; a key that moves between rows keeps to the same one. */
export type RowColumn = 0 | 1 | 2;

/**
 * One conversation's row of the history list:
 *
 * ```html
 * <li class="history-item" data-id="c1" aria-posinset="1" aria-setsize="2000">
 *   <button class="history-open" id="chat-history-item-0" aria-current="true">Title</button>
 *   (a conversation with a reply not yet opened: <li class="history-item unread">, and in its button
 *    <span class="history-unread" aria-hidden="true"></span>Title<span class="visually-hidden">, new reply</span>)
 *   <button class="history-rename" aria-label="Rename conversation" aria-describedby="chat-history-item-0">…</button>
 *   <button class="history-delete" aria-label="Delete conversation" aria-describedby="chat-history-item-0">…</button>
 * </li>
 * ```
 *
 * A row is kept while its conversation stays in the rendered window and updated in place, so focus
 * stays on its button when the list changes around it.
 */
export class HistoryRow {
  readonly li: HTMLLIElement;
  readonly buttons: readonly [HTMLButtonElement, HTMLButtonElement, HTMLButtonElement];
  private item: HistoryItemView | undefined;
  private position = -1;

  constructor(private readonly idPrefix: string) {
    this.li = element('li', 'history-item');
    const open = button('history-open', {});
    const rename = button('icon-button history-rename', { icon: 'edit', label: text('renameConversation') });
    const remove = button('icon-button history-delete', { icon: 'trash', label: text('deleteConversation') });
    this.buttons = [open, rename, remove];
    this.li.append(open, rename, remove);
  }

  /** Where the row stands in the whole history (0 is the newest). */
  get at(): number {
    return this.position;
  }

  get id(): string {
    return this.li.dataset['id'] ?? '';
  }

  /** Shows `item` as row `position` of `count`; only what changed is touched. */
  show(item: HistoryItemView, position: number, count: number, active: boolean): void {
    const [open, rename, remove] = this.buttons;
    if (item !== this.item) {
      if (this.item?.title !== item.title || this.item.unread !== item.unread) {
        showTitle(open, item);
        this.li.classList.toggle('unread', item.unread === true);
      }
      this.li.dataset['id'] = item.id;
      this.item = item;
    }
    if (position !== this.position) {
      this.position = position;
      open.id = `${this.idPrefix}-item-${position}`;
      rename.setAttribute('aria-describedby', open.id);
      remove.setAttribute('aria-describedby', open.id);
      this.li.setAttribute('aria-posinset', String(position + 1));
    }
    setIfChanged(this.li, 'aria-setsize', String(count));
    if (active) {
      setIfChanged(open, 'aria-current', 'true');
    } else {
      open.removeAttribute('aria-current');
    }
  }

  /** Whether Tab stops at this row's buttons (only one row's do: arrow keys move between rows). */
  setTabbable(tabbable: boolean): void {
    const index = tabbable ? 0 : -1;
    for (const each of this.buttons) {
      if (each.tabIndex !== index) {
        each.tabIndex = index;
      }
    }
  }

  /** Which of this row's buttons holds `target`, if any. */
  columnOf(target: EventTarget | null): RowColumn | undefined {
    const index = this.buttons.findIndex((each) => each === target || (target instanceof Node && each.contains(target)));
    return index === 0 || index === 1 || index === 2 ? index : undefined;
  }
}

function showTitle(open: HTMLButtonElement, item: HistoryItemView): void {
  open.textContent = item.title.trim() || text('untitledConversation');
  open.title = item.title;
  if (item.unread) {
    // A reply arrived while another conversation was shown: a dot, and words for screen readers.
    const mark = element('span', 'history-unread');
    mark.setAttribute('aria-hidden', 'true');
    open.prepend(mark);
    open.append(element('span', 'visually-hidden', text('unreadReply')));
  }
}

function setIfChanged(target: Element, name: string, value: string): void {
  if (target.getAttribute(name) !== value) {
    target.setAttribute(name, value);
  }
}

import type { ChatToHostMessage, HistoryItemView } from '../../common/chatProtocol';
import { element } from '../../../base/browser/dom';
import { FrameTask } from '../../../base/browser/frameTask';
import { text } from '../../../webview/browser/strings';
import { movedRow, rowKeyMessage } from './historyKeys';
import { HistoryRow, type RowColumn } from './historyRow';
import { HistorySheet, ROW_HEIGHT } from './historySheet';
import { pageRows, revealRow, type RowRange, type RowViewport, rowWindow, sameRows } from './rowWindow';

/** The row the keyboard is on, remembered while it is scrolled out of the DOM. */
interface KeyboardRow {
  readonly id: string;
  readonly position: number;
  readonly column: RowColumn;
}

/**
 * The history's rows, windowed: every conversation has a place in the scroll area, but only the
 * rows near the viewport are in the DOM, spacers standing for the others. Rows are one height, so
 * the window is arithmetic on the scroll offset, and opening, scrolling or an update costs the same
 * with 5,000 conversations as with 50.
 *
 * ```html
 * <div class="history-scroll">
 *   <div class="history-spacer history-spacer-before" aria-hidden="true"></div>
 *   <ul class="history-list" tabindex="-1" aria-label="Conversations">(HistoryRow items)</ul>
 *   <div class="history-spacer history-spacer-after" aria-hidden="true"></div>
 * </div>
 * ```
 *
 * Tab stops at one row (the one the keyboard was last on, else the active conversation's, else the
 * first rendered); arrow keys, Page Up/Down, Home and End move between rows, keeping to the same
 * button, and scroll the row into view first. When the focused row scrolls out of the DOM, the list
 * itself holds focus, and hands it back to the row when the row scrolls into view again.
 */
export class HistoryRows {
  readonly scroller: HTMLDivElement;
  readonly list: HTMLUListElement;
  private readonly sheet = new HistorySheet();
  private items: readonly HistoryItemView[] = [];
  private activeId: string | undefined;
  private rows = new Map<string, HistoryRow>();
  private range: RowRange = { start: 0, end: 0 };
  private keyboard: KeyboardRow | undefined;
  private shown = false;
  private readonly frame = new FrameTask(() => this.update(false));

  constructor(
    private readonly idPrefix: string,
    private readonly post: (message: ChatToHostMessage) => void,
  ) {
    this.scroller = element('div', 'history-scroll');
    this.list = element('ul', 'history-list');
    this.list.tabIndex = -1;
    this.list.setAttribute('aria-label', text('conversations'));
    this.scroller.append(spacer('history-spacer-before'), this.list, spacer('history-spacer-after'));
    this.scroller.addEventListener('scroll', () => this.frame.schedule(), { passive: true });
    this.scroller.addEventListener('keydown', (event) => this.onKey(event));
    this.list.addEventListener('focusin', (event) => this.onFocus(event.target));
    if (typeof ResizeObserver === 'function') {
      // Runs after layout, before paint: a panel that opened or grew shows its rows in the same frame.
      new ResizeObserver(() => this.update(false)).observe(this.scroller);
    }
  }

  /** The history to list, newest first; redrawn now if shown. */
  show(items: readonly HistoryItemView[], activeId: string | undefined): void {
    this.items = items;
    this.activeId = activeId;
    this.update(true);
  }

  /** Whether the rows are on screen (the panel is open and not showing search results): hidden, they cost nothing. */
  setShown(shown: boolean): void {
    this.scroller.hidden = !shown;
    this.list.hidden = !shown;
    if (shown !== this.shown) {
      this.shown = shown;
      this.update(true);
    }
  }

  /** Makes the DOM hold the rows of the viewport's window; `changed` when the items did, even if the window did not. */
  private update(changed: boolean): void {
    if (!this.shown) {
      return;
    }
    const count = this.items.length;
    const next = this.sheet.available ? rowWindow(count, this.viewport(), ROW_HEIGHT) : { start: 0, end: count };
    if (!changed && sameRows(next, this.range)) {
      return;
    }
    this.range = next;
    const focused = this.focusedElement();
    const kept = new Map<string, HistoryRow>();
    const order: HistoryRow[] = [];
    for (let position = next.start; position < next.end; position++) {
      const item = this.items[position];
      if (item) {
        // A malformed list could name a conversation twice: the second gets a row of its own.
        const row = (!kept.has(item.id) && this.rows.get(item.id)) || new HistoryRow(this.idPrefix);
        row.show(item, position, count, item.id === this.activeId);
        if (!kept.has(item.id)) {
          kept.set(item.id, row);
        }
        order.push(row);
      }
    }
    this.rows = kept;
    this.place(order, focused);
    this.sheet.set(next.start * ROW_HEIGHT, (count - next.end) * ROW_HEIGHT);
    this.restoreFocus(focused);
    this.markTabStop(order);
  }

  /** Puts `order` in the list, moving as few rows as it can (moving the focused one would blur it). */
  private place(order: readonly HistoryRow[], focused: HTMLElement | undefined): void {
    const wanted = new Set<Element>(order.map((row) => row.li));
    const leaving = focused?.closest('li.history-item');
    if (leaving && !wanted.has(leaving)) {
      // Focus would fall to the page's start: the list keeps it until the row comes back. Before
      // any row goes: focusing lays out, and a half-changed list would clamp the scroll offset.
      this.list.focus({ preventScroll: true });
    }
    for (const child of [...this.list.children]) {
      if (!wanted.has(child)) {
        child.remove();
      }
    }
    let next = this.list.firstElementChild;
    for (const { li } of order) {
      if (li === next) {
        next = next.nextElementSibling;
      } else {
        this.list.insertBefore(li, next);
      }
    }
  }

  /** Focus back on the row the keyboard was on: after a move in the DOM, or once it scrolled back into view. */
  private restoreFocus(focused: HTMLElement | undefined): void {
    if (focused?.isConnected) {
      if (document.activeElement !== focused) {
        focused.focus({ preventScroll: true });
      }
      return;
    }
    const row = this.keyboard && this.rows.get(this.keyboard.id);
    if (row && this.keyboard && document.activeElement === this.list) {
      row.buttons[this.keyboard.column].focus({ preventScroll: true });
    }
  }

  private markTabStop(order: readonly HistoryRow[]): void {
    const stop =
      (this.keyboard && this.rows.get(this.keyboard.id)) ??
      (this.activeId === undefined ? undefined : this.rows.get(this.activeId)) ??
      order[0];
    for (const row of order) {
      row.setTabbable(row === stop);
    }
  }

  private onFocus(target: EventTarget | null): void {
    const row = this.rowOf(target);
    const column = row?.columnOf(target);
    if (row && column !== undefined) {
      this.keyboard = { id: row.id, position: row.at, column };
      this.markTabStop([...this.rows.values()]);
    }
  }

  private onKey(event: KeyboardEvent): void {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) {
      return;
    }
    const from = this.keyboardRow(event.target);
    const message = from && rowKeyMessage(event.key, from.id);
    const to = from && movedRow(event.key, from.position, this.items.length, pageRows(this.viewport(), ROW_HEIGHT));
    if (message) {
      event.preventDefault();
      this.post(message);
    } else if (from && to !== undefined) {
      event.preventDefault();
      this.focusRow(to, from.column);
    }
  }

  /** Scrolls row `position` into view, renders it at once and focuses its button `column`. */
  private focusRow(position: number, column: RowColumn): void {
    const item = this.items[position];
    if (!item) {
      return;
    }
    this.keyboard = { id: item.id, position, column };
    const view = this.viewport();
    const top = revealRow(position, view, ROW_HEIGHT);
    if (top !== view.top) {
      this.scroller.scrollTop = top;
    }
    this.update(true);
    this.rows.get(item.id)?.buttons[column].focus({ preventScroll: true });
  }

  /** The row a key acts on: the one holding `target`, or the one the keyboard was on while the list holds focus. */
  private keyboardRow(target: EventTarget | null): KeyboardRow | undefined {
    const row = this.rowOf(target);
    const column = row?.columnOf(target);
    if (row && column !== undefined) {
      return { id: row.id, position: row.at, column };
    }
    if (target !== this.list || this.items.length === 0) {
      return undefined;
    }
    const known = this.keyboard;
    const found = known ? this.items.findIndex((item) => item.id === known.id) : -1;
    // The row was deleted meanwhile: its neighbour, which took its place.
    const position = found >= 0 ? found : Math.min(known?.position ?? 0, this.items.length - 1);
    return { id: this.items[position]?.id ?? '', position, column: known?.column ?? 0 };
  }

  private rowOf(target: EventTarget | null): HistoryRow | undefined {
    const li = target instanceof Element ? target.closest('li.history-item') : null;
    const id = li instanceof HTMLElement ? li.dataset['id'] : undefined;
    const row = id === undefined ? undefined : this.rows.get(id);
    return row?.li === li ? row : undefined;
  }

  private focusedElement(): HTMLElement | undefined {
    const focused = document.activeElement;
    return focused instanceof HTMLElement && focused !== this.list && this.list.contains(focused) ? focused : undefined;
  }

  private viewport(): RowViewport {
    return { top: this.scroller.scrollTop, height: this.scroller.clientHeight };
  }
}

/** A spacer standing for rows not in the DOM: empty, and hidden from screen readers. */
function spacer(className: string): HTMLDivElement {
  const created = element('div', `history-spacer ${className}`);
  created.setAttribute('aria-hidden', 'true');
  return created;
}

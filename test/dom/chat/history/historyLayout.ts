import type { HistoryItemView } from '../../../../src/chat/common/chatProtocol';
import { ROW_HEIGHT } from '../../../../src/chat/browser/history/historySheet';
import type { Page } from '../../helpers/page';
import { all, one } from '../../helpers/query';
import { layOutScrollBox } from '../../helpers/scrollBox';
import type { ChatPage } from '../../helpers/views';

/** `count` conversations, newest first, one minute apart: `c0` is the newest. */
export function longHistory(count: number, from = Date.UTC(2026, 10, 21, 12)): HistoryItemView[] {
  return Array.from({ length: count }, (_, position) => ({
    id: `c${position}`,
    title: `Conversation ${position}`,
    updatedAt: new Date(from - position * 60_000).toISOString(),
    messageCount: 2,
  }));
}

/**
 * The history panel's scroll area laid out as a browser would (happy-dom does not): the viewport
 * is `viewport` px tall, every row `ROW_HEIGHT`, and the content as tall as the two spacers (whose
 * heights the list writes into its constructed stylesheet) plus the rendered rows. Scrolling clamps
 * like a browser's, and so does focusing (which lays the page out).
 */
export class HistoryLayout {
  readonly scroller: HTMLElement;

  constructor(
    private readonly page: Page,
    private readonly chat: ChatPage,
    readonly viewport: number,
  ) {
    this.scroller = one(chat.history, '.history-scroll');
    layOutScrollBox(this.scroller, viewport, () => this.contentHeight());
    // Focusing lays the page out, and a browser clamps the scroll offset to the content as it is then.
    chat.root.addEventListener('focusin', () => {
      this.scroller.scrollTop = this.scroller.scrollTop;
    });
  }

  /** The rows in the DOM, in order. */
  rows(): HTMLLIElement[] {
    return all<HTMLLIElement>(this.chat.history, 'ul.history-list > li.history-item');
  }

  /** The conversation ids of the rows in the DOM, in order. */
  ids(): string[] {
    return this.rows().map((row) => row.dataset['id'] ?? '');
  }

  row(id: string): HTMLLIElement {
    return one<HTMLLIElement>(this.chat.history, `ul.history-list > li.history-item[data-id="${id}"]`);
  }

  /** The spacers' heights as the list's stylesheet sets them (the newest such sheet: the page keeps earlier views' sheets). */
  spacers(): { readonly before: number; readonly after: number } {
    const rules = document.adoptedStyleSheets
      .map((sheet) => [...sheet.cssRules].map((rule) => rule.cssText).join(''))
      .filter((sheet) => sheet.includes('history-spacer'))
      .at(-1);
    const height = (name: string): number => Number(new RegExp(`\\.${name}\\s*\\{\\s*height:\\s*(\\d+)px`).exec(rules ?? '')?.[1] ?? 0);
    return { before: height('history-spacer-before'), after: height('history-spacer-after') };
  }

  contentHeight(): number {
    const { before, after } = this.spacers();
    return before + this.rows().length * ROW_HEIGHT + after;
  }

  /** The user scrolls to `top`; the list catches up in the next frame. */
  scrollTo(top: number): void {
    this.scroller.scrollTop = top;
    this.scroller.dispatchEvent(new Event('scroll'));
    this.page.clock.runAll();
  }

  scrollToEnd(): void {
    this.scrollTo(this.contentHeight());
  }

  /** Whether row `id` is in the DOM and wholly inside the viewport. */
  inView(id: string): boolean {
    const rows = this.rows();
    const index = rows.findIndex((row) => row.dataset['id'] === id);
    const top = this.spacers().before + index * ROW_HEIGHT;
    const { scrollTop } = this.scroller;
    return index >= 0 && top >= scrollTop && top + ROW_HEIGHT <= scrollTop + this.viewport;
  }
}

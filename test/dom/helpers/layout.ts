import type { Page } from './page';
import { one } from './query';
import type { ChatPage } from './views';

/**
 * A layout for the chat's scroll area, which happy-dom does not compute: every message is
 * `itemHeight` px tall, the viewport `viewport` px, and the content as tall as the two spacers (whose
 * heights the list writes into its constructed stylesheet) plus the rendered messages. Scrolling
 * clamps like a browser's.
 */
export class FakeLayout {
  readonly scroller: HTMLElement;
  private top = 0;

  constructor(
    private readonly page: Page,
    chat: ChatPage,
    readonly viewport: number,
    private height: number,
  ) {
    this.scroller = one(chat.root, '.chat-scroll');
    page.stub(page.window.HTMLLIElement.prototype, 'offsetHeight', height);
    Object.defineProperty(this.scroller, 'clientHeight', { configurable: true, get: () => viewport });
    Object.defineProperty(this.scroller, 'scrollHeight', { configurable: true, get: () => this.contentHeight() });
    Object.defineProperty(this.scroller, 'scrollTop', {
      configurable: true,
      get: () => this.top,
      set: (value: number) => {
        this.top = Math.max(0, Math.min(value, this.contentHeight() - viewport));
      },
    });
  }

  get itemHeight(): number {
    return this.height;
  }

  /** Every message now lays out `height` px tall (as highlighting or a narrower view would make it). */
  resizeItems(height: number): void {
    this.height = height;
    this.page.stub(this.page.window.HTMLLIElement.prototype, 'offsetHeight', height);
  }

  /** The spacers' heights as the list's stylesheet sets them. */
  spacers(): { readonly before: number; readonly after: number } {
    const sheet = document.adoptedStyleSheets.at(-1);
    const rules = sheet ? [...sheet.cssRules].map((rule) => rule.cssText).join('') : '';
    const height = (name: string): number => Number(new RegExp(`\\.${name}\\s*\\{\\s*height:\\s*(\\d+)px`).exec(rules)?.[1] ?? 0);
    return { before: height('chat-spacer-before'), after: height('chat-spacer-after') };
  }

  contentHeight(): number {
    const { before, after } = this.spacers();
    return before + this.scroller.querySelectorAll('li.chat-message').length * this.itemHeight + after;
  }

  /** Where a rendered message starts in the content. */
  topOf(item: Element): number {
    const rendered = [...this.scroller.querySelectorAll('li.chat-message')];
    return this.spacers().before + rendered.indexOf(item) * this.itemHeight;
  }

  /** The user scrolls to `top`; the list catches up in the following frames. */
  scrollTo(top: number): void {
    this.scroller.scrollTop = top;
    this.scroller.dispatchEvent(new Event('scroll'));
    this.page.clock.runAll();
  }

  atEnd(): boolean {
    return this.top >= this.contentHeight() - this.viewport - 1;
  }
}

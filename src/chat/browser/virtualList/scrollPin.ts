import { isNearBottom, pinnedAfterScroll } from './scrollPosition';

/**
 * Whether the conversation follows its end: it does until the user scrolls up, and again once
 * they scroll back down to it. Scrolling done by the view itself (keeping the end in view, holding
 * a message still while heights settle) is told apart from the user's by remembering where it left
 * the view.
 */
export class ScrollPin {
  pinned = true;
  /** The last scroll was the user's, not the code's. */
  userScrolled = false;
  private lastTop = 0;

  /** `scrolled` runs after every scroll event, the user's or the code's. */
  constructor(
    private readonly scroller: HTMLElement,
    scrolled: () => void,
  ) {
    scroller.addEventListener(
      'scroll',
      () => {
        this.onScroll();
        scrolled();
      },
      { passive: true },
    );
  }

  /** A scroll event: the user's move, unless the view is where the code left it. */
  private onScroll(): void {
    const { scrollTop, scrollHeight, clientHeight } = this.scroller;
    this.userScrolled = scrollTop !== this.lastTop;
    this.pinned = pinnedAfterScroll(this.pinned, this.lastTop, scrollTop, isNearBottom(scrollTop, scrollHeight, clientHeight));
    this.lastTop = scrollTop;
  }

  /** Scrolls to `top` for the user (revealing a message); pinned again only if that is the end. */
  jumpTo(top: number, atEnd: boolean): void {
    this.pinned = atEnd;
    this.moveTo(top);
  }

  /** Scrolls without changing whether the view follows the end. */
  moveTo(top: number): void {
    this.scroller.scrollTop = top;
    this.lastTop = this.scroller.scrollTop;
  }

  keepAtEnd(): void {
    this.moveTo(this.scroller.scrollHeight);
  }
}

import type { ChatModel } from '../chatModel';
import type { HeightIndex } from './heightIndex';
import type { ScrollPin } from './scrollPin';

/** What the user looks at: a message (by index, as older messages may arrive before it) and how far into it the view starts. */
export interface ViewAnchor {
  readonly index: number;
  readonly offset: number;
}

/** Keeps what the user looks at in place while heights change and messages arrive around it. */
export class ViewAnchors {
  /** A long reply the view is brought to the start of while its parts arrive, until the user scrolls or sends. */
  private opening: number | undefined;

  constructor(
    private readonly scroller: HTMLElement,
    private readonly pin: ScrollPin,
    private readonly heights: HeightIndex,
    private readonly model: ChatModel,
  ) {}

  /**
   * Where the user looks by the heights the page was laid out with; none while the view is pinned
   * to the end. `shift`: messages already added to the model before the first the heights know.
   */
  take(shift = 0): ViewAnchor | undefined {
    if (this.opening !== undefined && (this.pin.pinned || this.pin.userScrolled)) {
      this.opening = undefined;
    }
    if (this.opening !== undefined) {
      return { index: this.opening, offset: 0 };
    }
    if (this.pin.pinned) {
      return undefined;
    }
    const top = this.scroller.scrollTop;
    const position = this.heights.positionAt(top);
    return { index: this.model.messages[position + shift]?.index ?? 0, offset: top - this.heights.offsetOf(position) };
  }

  /** From now on the view holds the start of message `index`, and no longer follows the end. */
  openAt(index: number): void {
    this.pin.pinned = false;
    this.pin.userScrolled = false;
    this.opening = index;
  }

  /** Scrolls back to `anchor` by the current heights, or to the end when there is none. */
  restore(anchor: ViewAnchor | undefined): void {
    if (!anchor) {
      this.pin.keepAtEnd();
      return;
    }
    const top = this.heights.offsetOf(this.model.positionOf(anchor.index)) + anchor.offset;
    if (Math.abs(top - this.scroller.scrollTop) >= 1) {
      this.pin.moveTo(top);
    }
  }
}

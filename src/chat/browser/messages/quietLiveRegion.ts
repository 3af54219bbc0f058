/** How long after the list last changed for a scroll a live region stays quiet (ms). */
export const QUIET_MS = 200;

/**
 * The message list is a live log, so a screen reader reads what is added to it. A virtual list
 * adds messages just because the user scrolled to them (or another conversation was opened), which
 * is no news: the region goes quiet for those changes, and speaks again for messages that arrive.
 * The quiet lasts past the frame in which the browser reports the change to assistive technology.
 */
export class QuietLiveRegion {
  private timer: number | undefined;

  constructor(private readonly region: HTMLElement) {
    this.speak();
  }

  /** The DOM changes coming now are not news. */
  hush(): void {
    this.region.setAttribute('aria-live', 'off');
    this.clearTimer();
    this.timer = window.setTimeout(() => this.speak(), QUIET_MS);
  }

  /** What is added from now on is news. */
  speak(): void {
    this.clearTimer();
    this.region.setAttribute('aria-live', 'polite');
  }

  private clearTimer(): void {
    if (this.timer !== undefined) {
      window.clearTimeout(this.timer);
      this.timer = undefined;
    }
  }
}

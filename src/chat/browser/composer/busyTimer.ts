import { formatElapsed } from './elapsed';

const SECOND_MS = 1000;

/**
 * How long the shown conversation has waited for its reply, counted on in the busy bar each
 * second. Only its own text node changes, so the message list never re-renders for it. The
 * element is a timer with live announcements off: a screen reader reads it when asked, not
 * every second.
 */
export class BusyTimer {
  readonly element: HTMLSpanElement;
  private startedAt: number | undefined;
  private timer: number | undefined;

  constructor() {
    this.element = document.createElement('span');
    this.element.className = 'chat-busy-elapsed';
    this.element.setAttribute('role', 'timer');
    this.element.setAttribute('aria-live', 'off');
  }

  /** Counts while the conversation shown is busy, from a wait of `waitedMs` so far (the turn may have started before the view loaded). */
  show(busy: boolean, waitedMs: number): void {
    if (busy) {
      this.startedAt = Date.now() - waitedMs;
      this.render();
    } else {
      this.stop();
    }
  }

  private stop(): void {
    this.startedAt = undefined;
    window.clearTimeout(this.timer);
    this.timer = undefined;
    this.element.textContent = '';
  }

  /** Shows the time and wakes again at the next whole second of the wait. */
  private render(): void {
    window.clearTimeout(this.timer);
    if (this.startedAt === undefined) {
      return;
    }
    const elapsed = Date.now() - this.startedAt;
    const shown = formatElapsed(elapsed);
    if (this.element.textContent !== shown) {
      this.element.textContent = shown;
    }
    this.timer = window.setTimeout(() => this.render(), SECOND_MS - (elapsed % SECOND_MS));
  }
}

import type { ChatMessageView } from '../../common/chatProtocol';
import { estimateHeight } from '../virtualList/heightEstimate';
import type { HeightIndex } from '../virtualList/heightIndex';

/** Messages estimated at once when a conversation arrives: the newest, which the view shows first. */
export const ESTIMATED_AT_ONCE = 200;
/** Older messages estimated per timer turn afterwards. */
const CHUNK = 4000;

/**
 * Estimates the heights of a conversation's messages without holding up its first render: the
 * newest at once, the others first given their average and then estimated one chunk per timer
 * turn, newest first. `apply` makes each chunk's change (so the list can hold the view still around
 * it); a measured height is never replaced by an estimate.
 */
export class BackgroundEstimates {
  private messages: readonly ChatMessageView[] = [];
  private width = 0;
  /** Positions below this one still hold the average. */
  private pending = 0;
  private timer: number | undefined;

  constructor(
    private readonly heights: HeightIndex,
    private readonly apply: (change: () => void) => void,
  ) {}

  start(messages: readonly ChatMessageView[], width: number): void {
    this.cancel();
    this.messages = messages;
    this.width = width;
    this.pending = Math.max(0, messages.length - ESTIMATED_AT_ONCE);
    const newest = messages.slice(this.pending).map((message) => estimateHeight(message, width));
    const average = newest.reduce((sum, height) => sum + height, 0) / Math.max(1, newest.length);
    const initial = new Float32Array(messages.length).fill(average);
    initial.set(newest, this.pending);
    this.heights.reset(initial);
    this.scheduleNext();
  }

  /** `count` older messages were added at the start of `messages`: they hold the average until estimated. */
  prepended(messages: readonly ChatMessageView[], count: number): void {
    this.cancel();
    this.messages = messages;
    this.heights.unshift(new Float32Array(count).fill(this.heights.total / Math.max(1, this.heights.count)));
    this.pending += count;
    this.scheduleNext();
  }

  /** The messages from `count` on were removed. */
  truncated(count: number): void {
    this.pending = Math.min(this.pending, count);
  }

  cancel(): void {
    if (this.timer !== undefined) {
      window.clearTimeout(this.timer);
      this.timer = undefined;
    }
  }

  private scheduleNext(): void {
    if (this.pending > 0) {
      this.timer = window.setTimeout(() => this.next(), 0);
    }
  }

  private next(): void {
    this.timer = undefined;
    const end = this.pending;
    const start = Math.max(0, end - CHUNK);
    this.pending = start;
    this.apply(() => {
      for (let position = start; position < end; position++) {
        const message = this.messages[position];
        if (message) {
          this.heights.estimate(position, estimateHeight(message, this.width));
        }
      }
    });
    this.scheduleNext();
  }
}

interface Timer {
  readonly id: number;
  readonly at: number;
  readonly callback: () => void;
}

/**
 * The page's virtual time: timeouts and animation frames run only when a test advances the clock,
 * so debounces, chunked rendering and button feedback are checked without waiting or flakiness.
 */
export class FakeClock {
  private now = 0;
  private nextId = 1;
  private timers: Timer[] = [];
  private frames: Array<{ readonly id: number; readonly callback: FrameRequestCallback }> = [];

  readonly setTimeout = (callback: () => void, ms = 0): number => {
    const id = this.nextId++;
    this.timers.push({ id, at: this.now + Math.max(0, ms), callback });
    return id;
  };

  readonly clearTimeout = (id: unknown): void => {
    this.timers = this.timers.filter((timer) => timer.id !== id);
  };

  readonly requestAnimationFrame = (callback: FrameRequestCallback): number => {
    const id = this.nextId++;
    this.frames.push({ id, callback });
    return id;
  };

  readonly cancelAnimationFrame = (id: number): void => {
    this.frames = this.frames.filter((frame) => frame.id !== id);
  };

  /** Timeouts not yet run. */
  get pendingTimers(): number {
    return this.timers.length;
  }

  /** Runs, in order, every timeout due within `ms` from now (including ones they schedule). */
  tick(ms: number): void {
    const end = this.now + ms;
    while (this.nextDue(end)) {
      this.next();
    }
    this.now = end;
  }

  /** Runs the earliest timeout only (a browser runs one task, then paints and handles input). */
  next(): void {
    const timer = this.nextDue(Number.POSITIVE_INFINITY);
    if (!timer) {
      throw new Error('FakeClock: no timeout is pending');
    }
    this.now = timer.at;
    this.timers = this.timers.filter((pending) => pending !== timer);
    timer.callback();
  }

  /** Runs the animation frames requested so far (not the ones they request). */
  frame(): void {
    const frames = this.frames;
    this.frames = [];
    for (const frame of frames) {
      frame.callback(this.now);
    }
  }

  /** Runs timeouts and frames until none is left; fails on what looks like an endless loop. */
  runAll(limit = 10_000): void {
    for (let rounds = 0; this.timers.length > 0 || this.frames.length > 0; rounds++) {
      if (rounds >= limit) {
        throw new Error(`FakeClock: still ${this.timers.length} timeouts and ${this.frames.length} frames after ${limit} rounds`);
      }
      const next = this.nextDue(Number.POSITIVE_INFINITY);
      if (next) {
        this.tick(next.at - this.now);
      }
      this.frame();
    }
  }

  private nextDue(end: number): Timer | undefined {
    let first: Timer | undefined;
    for (const timer of this.timers) {
      if (timer.at <= end && (!first || timer.at < first.at)) {
        first = timer;
      }
    }
    return first;
  }
}

export interface Timers {
  set(callback: () => void, ms: number): unknown;
  clear(handle: unknown): void;
}

const globalTimers: Timers = {
  set: (callback, ms) => setTimeout(callback, ms),
  clear: (handle) => clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/** Calls `run` with the last pushed value once no new value came for `delayMs`. */
export class Debounced<T> {
  private handle: unknown;
  private pending: { readonly value: T } | undefined;

  constructor(
    private readonly run: (value: T) => void,
    private readonly delayMs: number,
    private readonly timers: Timers = globalTimers,
  ) {}

  push(value: T): void {
    this.cancel();
    this.pending = { value };
    this.handle = this.timers.set(() => this.flush(), this.delayMs);
  }

  /** Runs the pending value now, if any. */
  flush(): void {
    const pending = this.pending;
    this.cancel();
    if (pending) {
      this.run(pending.value);
    }
  }

  /** Forgets the pending value. */
  cancel(): void {
    if (this.handle !== undefined) {
      this.timers.clear(this.handle);
      this.handle = undefined;
    }
    this.pending = undefined;
  }
}

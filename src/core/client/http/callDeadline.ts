export type AbortCause = 'cancelled' | 'timeout';

/**
 * One AbortSignal for a whole call (every attempt and every wait between them) that fires when
 * the caller cancels or the total timeout passes, remembering which of the two it was.
 */
export class CallDeadline {
  readonly signal: AbortSignal;
  private readonly controller = new AbortController();
  private readonly deadline: number;
  private readonly timer: NodeJS.Timeout;
  private cause: AbortCause | undefined;
  private readonly onOuterAbort = (): void => this.abort('cancelled');

  constructor(
    readonly totalMs: number,
    private readonly outer: AbortSignal | undefined,
  ) {
    this.signal = this.controller.signal;
    this.deadline = Date.now() + totalMs;
    this.timer = setTimeout(() => this.abort('timeout'), totalMs);
    if (outer?.aborted) {
      this.abort('cancelled');
    } else {
      outer?.addEventListener('abort', this.onOuterAbort, { once: true });
    }
  }

  /** Why the call was aborted, or undefined while it runs. */
  get abortedBy(): AbortCause | undefined {
    return this.cause;
  }

  remainingMs(): number {
    return Math.max(0, this.deadline - Date.now());
  }

  /** Waits `ms`, or rejects as soon as the call is aborted. */
  sleep(ms: number): Promise<void> {
    return new Promise((resolve, reject) => {
      if (this.signal.aborted) {
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort reason, as the call was aborted with it
        reject(this.signal.reason);
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        // eslint-disable-next-line @typescript-eslint/prefer-promise-reject-errors -- the abort reason, as the call was aborted with it
        reject(this.signal.reason);
      };
      const timer = setTimeout(() => {
        this.signal.removeEventListener('abort', onAbort);
        resolve();
      }, ms);
      this.signal.addEventListener('abort', onAbort, { once: true });
    });
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.outer?.removeEventListener('abort', this.onOuterAbort);
  }

  private abort(cause: AbortCause): void {
    if (this.cause !== undefined) {
      return;
    }
    this.cause = cause;
    this.controller.abort(new Error(cause === 'timeout' ? 'Request timed out' : 'Request cancelled'));
  }
}

import { EventEmitter } from 'node:events';

export type AbortCause = 'cancelled' | 'timeout';

/**
 * What the HTTP library listens on to abort a call: undici takes an EventEmitter with `aborted` and
 * `reason` wherever it takes an AbortSignal. Every call needs one, and creating an AbortSignal and
 * listening on it (Node's EventTarget) was about half of the client's own time on a small reply over
 * a kept-alive connection; an EventEmitter costs a fraction of that.
 */
export class CallAbort extends EventEmitter {
  aborted = false;
  reason: Error | undefined;
}

/**
 * One abort for a whole call (every attempt and every wait between them) that fires when the
 * caller cancels or the total timeout passes, remembering which of the two it was.
 */
export class CallDeadline {
  readonly signal = new CallAbort();
  private readonly deadline: number;
  private readonly timer: NodeJS.Timeout;
  private cause: AbortCause | undefined;
  private readonly onOuterAbort = (): void => this.abort('cancelled');

  constructor(
    readonly totalMs: number,
    private readonly outer: AbortSignal | undefined,
  ) {
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
        reject(this.signal.reason ?? new Error('Request aborted'));
        return;
      }
      const onAbort = (): void => {
        clearTimeout(timer);
        reject(this.signal.reason ?? new Error('Request aborted'));
      };
      const timer = setTimeout(() => {
        this.signal.removeListener('abort', onAbort);
        resolve();
      }, ms);
      this.signal.once('abort', onAbort);
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
    this.signal.aborted = true;
    this.signal.reason = new Error(cause === 'timeout' ? 'Request timed out' : 'Request cancelled');
    this.signal.emit('abort');
  }
}

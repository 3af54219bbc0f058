/**
 * When a request may be sent again without risk: only when the service provably did not process
 * it. A refused connection never reached it; a 429 or 503 that names a Retry-After declined it.
 * Timeouts, resets and other 5xx are never retried: a cluster's custom actions may have run.
 */
export interface RetryPolicy {
  /** Total attempts, the first included. */
  readonly maxAttempts: number;
  /** A 429/503 asking to wait longer than this is reported instead of waited out. */
  readonly maxRetryAfterSeconds: number;
  /** Waits before the 2nd, 3rd, … attempt after a refused connection. */
  readonly refusedBackoffMs: readonly number[];
}

export const DEFAULT_RETRY_POLICY: RetryPolicy = {
  maxAttempts: 3,
  maxRetryAfterSeconds: 5,
  refusedBackoffMs: [250, 1000],
};

export const NO_RETRIES: RetryPolicy = { maxAttempts: 1, maxRetryAfterSeconds: 0, refusedBackoffMs: [] };

export type AttemptOutcome =
  { readonly kind: 'refused' } | { readonly kind: 'status'; readonly status: number; readonly retryAfterSeconds: number | undefined };

/**
 * Milliseconds to wait before the next attempt, or undefined when the failure must be reported.
 * `attempt` counts from 1; `remainingMs` is what is left of the total timeout.
 */
export function retryDelayMs(outcome: AttemptOutcome, attempt: number, policy: RetryPolicy, remainingMs: number): number | undefined {
  if (attempt >= policy.maxAttempts) {
    return undefined;
  }
  let delay: number | undefined;
  if (outcome.kind === 'refused') {
    delay = policy.refusedBackoffMs[attempt - 1] ?? policy.refusedBackoffMs[policy.refusedBackoffMs.length - 1];
  } else if ((outcome.status === 429 || outcome.status === 503) && outcome.retryAfterSeconds !== undefined) {
    delay = outcome.retryAfterSeconds <= policy.maxRetryAfterSeconds ? outcome.retryAfterSeconds * 1000 : undefined;
  }
  if (delay === undefined || delay >= remainingMs) {
    return undefined;
  }
  return delay;
}

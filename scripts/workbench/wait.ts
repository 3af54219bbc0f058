import { inspect } from 'node:util';

export interface WaitOptions {
  /** How long the state may take to arrive. */
  readonly timeoutMs?: number;
  /** How often the state is read again. */
  readonly intervalMs?: number;
}

/**
 * Reads `probe` until `done` accepts what it returned, and resolves with that value. Past the
 * deadline it fails, naming the state it waited for (`what`) and the last value it saw, so a
 * failure says what happened instead of only that time ran out. An error thrown by `probe` is
 * a value seen too: it is reported, never swallowed.
 */
export async function waitFor<T>(
  what: string,
  probe: () => T | Promise<T>,
  done: (value: T) => boolean,
  options: WaitOptions = {},
): Promise<T> {
  const timeoutMs = options.timeoutMs ?? 15_000;
  const intervalMs = options.intervalMs ?? 100;
  const deadline = Date.now() + timeoutMs;
  let seen = 'nothing yet';
  for (;;) {
    try {
      const value = await probe();
      if (done(value)) {
        return value;
      }
      seen = inspect(value, { depth: 4, breakLength: Infinity, maxStringLength: 400 });
    } catch (error) {
      seen = `an error: ${error instanceof Error ? error.message.split('\n')[0] : String(error)}`;
    }
    if (Date.now() >= deadline) {
      throw new Error(`Waited ${timeoutMs} ms for ${what}; last saw ${seen}`);
    }
    await new Promise((resolve) => setTimeout(resolve, intervalMs));
  }
}

/** Waits until `check` is true; `what` names the state in the failure message. */
export async function waitUntil(what: string, check: () => boolean | Promise<boolean>, options: WaitOptions = {}): Promise<void> {
  await waitFor(what, check, (value) => value, options);
}

const REDACTED = '[redacted]';

/**
 * Keys the extension has used in this process. Every redaction removes them too, so a text that
 * reaches a log, a notification or an error without its caller knowing the key is still clean.
 */
const knownSecrets = new Set<string>();

/** Adds a key to those every later redaction removes (the request pipeline calls it with each key it sends). */
export function rememberSecret(secret: string): void {
  if (secret.length > 0) {
    knownSecrets.add(secret);
  }
}

/**
 * Removes every occurrence of the given secrets and of every remembered key, anything shaped like a
 * bearer credential and the user and password of any URL (a proxy's, say), from a text that may be
 * shown to the user or written to a log.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of knownSecrets.size === 0 ? secrets : [...secrets, ...knownSecrets]) {
    if (secret.length > 0) {
      result = result.split(secret).join(REDACTED);
    }
  }
  return result.replace(/(bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`).replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]+@/gi, `$1${REDACTED}@`);
}

/**
 * The final scrub of an error before anyone sees it: its message, its stack and every own string
 * property (request id, server message, redirect target…), whatever put the secret there. Returns
 * the same error.
 */
export function scrubError<T>(error: T, secrets: readonly string[], depth = 0): T {
  if (typeof error !== 'object' || error === null || depth > 3) {
    return error;
  }
  for (const name of Object.getOwnPropertyNames(error)) {
    const descriptor = Object.getOwnPropertyDescriptor(error, name);
    const value: unknown = Reflect.get(error, name);
    if (typeof value === 'string') {
      const clean = redactSecrets(value, secrets);
      if (clean !== value) {
        Object.defineProperty(error, name, {
          value: clean,
          writable: true,
          configurable: true,
          enumerable: descriptor?.enumerable ?? false,
        });
      }
    } else if (value instanceof Error) {
      // A cause carries its own message and stack.
      scrubError(value, secrets, depth + 1);
    }
  }
  return error;
}

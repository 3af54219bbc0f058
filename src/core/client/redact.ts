const REDACTED = '[redacted]';

/**
 * Removes every occurrence of the given secrets, anything shaped like a bearer credential and the
 * user and password of any URL (a proxy's, say), from a text that may be shown to the user or
 * written to a log.
 */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  let result = text;
  for (const secret of secrets) {
    if (secret.length > 0) {
      result = result.split(secret).join(REDACTED);
    }
  }
  return result.replace(/(bearer\s+)[^\s"',;]+/gi, `$1${REDACTED}`).replace(/\b([a-z][a-z0-9+.-]*:\/\/)[^\s/@"'<>]+@/gi, `$1${REDACTED}@`);
}

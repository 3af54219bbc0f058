/**
 * Parses a Retry-After header (delta seconds or an HTTP date) into whole seconds from `now`.
 * Returns undefined when the header is absent or unreadable.
 */
export function parseRetryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number.parseInt(trimmed, 10);
  }
  const date = Date.parse(trimmed);
  if (Number.isNaN(date)) {
    return undefined;
  }
  return Math.max(0, Math.ceil((date - now) / 1000));
}

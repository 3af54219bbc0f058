const DAY = '(Mon|Tue|Wed|Thu|Fri|Sat|Sun)';
const LONG_DAY = '(Monday|Tuesday|Wednesday|Thursday|Friday|Saturday|Sunday)';
const MONTH = '(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec)';
const TIME = '\\d{2}:\\d{2}:\\d{2}';
/** RFC 9110 §5.6.7: IMF-fixdate, and the obsolete RFC 850 and asctime forms a recipient must accept. */
const HTTP_DATE = new RegExp(
  `^(${DAY}, \\d{2} ${MONTH} \\d{4} ${TIME} GMT|${LONG_DAY}, \\d{2}-${MONTH}-\\d{2} ${TIME} GMT|${DAY} ${MONTH} ( \\d|\\d{2}) ${TIME} \\d{4})$`,
);

/**
 * Parses a Retry-After header as RFC 9110 §10.2.3 defines it (a non-negative integer of seconds, or
 * an HTTP-date) into whole seconds from `now`. Anything else (`1.5`, `-1`, a loose date) is no
 * Retry-After at all: undefined, as when the header is absent.
 */
export function parseRetryAfterSeconds(value: string | undefined, now: number = Date.now()): number | undefined {
  if (value === undefined) {
    return undefined;
  }
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) {
    return Number.parseInt(trimmed, 10);
  }
  if (!HTTP_DATE.test(trimmed)) {
    return undefined;
  }
  // Date.parse reads the asctime form as local time: it gets the zone spelled out. A two-digit RFC 850
  // year it places in 1950–2049.
  const date = Date.parse(/GMT$/.test(trimmed) ? trimmed : `${trimmed} GMT`);
  if (Number.isNaN(date)) {
    return undefined;
  }
  return Math.max(0, Math.ceil((date - now) / 1000));
}

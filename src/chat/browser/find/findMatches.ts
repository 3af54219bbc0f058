/** How often the query occurs in one message. */
export interface MessageMatches {
  /** The message's index in the conversation. */
  readonly index: number;
  readonly count: number;
}

/** One occurrence: its message and which occurrence in that message (0-based). */
export interface MatchLocation {
  readonly index: number;
  readonly occurrence: number;
}

/**
 * Where `query` occurs in the messages, as plain text and ignoring case, in conversation order.
 * Counts per message rather than a list of occurrences: a one-letter query in 20,000 messages
 * would otherwise build a million objects.
 */
export function findMatches(messages: readonly { readonly index: number; readonly content: string }[], query: string): MessageMatches[] {
  const needle = query.toLocaleLowerCase();
  if (needle === '') {
    return [];
  }
  const found: MessageMatches[] = [];
  for (const message of messages) {
    const count = countOccurrences(message.content.toLocaleLowerCase(), needle);
    if (count > 0) {
      found.push({ index: message.index, count });
    }
  }
  return found;
}

export function countOccurrences(haystack: string, needle: string): number {
  let count = 0;
  for (let at = haystack.indexOf(needle); at >= 0; at = haystack.indexOf(needle, at + needle.length)) {
    count++;
  }
  return count;
}

export function totalMatches(matches: readonly MessageMatches[]): number {
  return matches.reduce((sum, message) => sum + message.count, 0);
}

/** The `ordinal`-th occurrence (0-based) over all messages. */
export function locateMatch(matches: readonly MessageMatches[], ordinal: number): MatchLocation | undefined {
  let remaining = ordinal;
  for (const message of matches) {
    if (remaining < message.count) {
      return { index: message.index, occurrence: remaining };
    }
    remaining -= message.count;
  }
  return undefined;
}

/** The first occurrence in message `index` or after it; the last one when there is none. */
export function firstMatchFrom(matches: readonly MessageMatches[], index: number): number | undefined {
  let ordinal = 0;
  for (const message of matches) {
    if (message.index >= index) {
      return ordinal;
    }
    ordinal += message.count;
  }
  return ordinal > 0 ? ordinal - 1 : undefined;
}

/** The next (`step` 1) or previous (-1) occurrence, wrapping around at either end. */
export function stepMatch(current: number | undefined, total: number, step: 1 | -1): number | undefined {
  if (total <= 0) {
    return undefined;
  }
  if (current === undefined) {
    return step === 1 ? 0 : total - 1;
  }
  return (current + step + total) % total;
}

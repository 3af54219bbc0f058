/**
 * Fuzzy matching of workspace paths, as Quick Open does it in spirit: the query's characters in
 * order, anywhere in the path, ranked higher when they fall in the file's name, start a word or
 * follow each other.
 */

/** The most paths offered at once; typing narrows them. */
export const MAX_PATH_MATCHES = 30;

const WORD_START = /[/\\._\- ]/u;

/** How well `query` (lower case) matches `path`; undefined when its characters are not all in it, in order. */
export function pathScore(query: string, path: string): number | undefined {
  if (query.length === 0) {
    return 0;
  }
  const lower = path.toLowerCase();
  const nameStart = Math.max(lower.lastIndexOf('/'), lower.lastIndexOf('\\')) + 1;
  // In the name alone first: a match there outranks one spread over the folders.
  const inName = subsequenceScore(query, lower, nameStart);
  if (inName !== undefined) {
    return inName + 100;
  }
  return subsequenceScore(query, lower, 0);
}

function subsequenceScore(query: string, lower: string, from: number): number | undefined {
  let score = 0;
  let at = from;
  let previous = -2;
  for (const char of query) {
    const found = lower.indexOf(char, at);
    if (found === -1) {
      return undefined;
    }
    score += 1;
    if (found === previous + 1) {
      score += 4;
    }
    if (found === from || WORD_START.test(lower[found - 1] ?? '')) {
      score += 3;
    }
    previous = found;
    at = found + 1;
  }
  // A match that ends a word (`app` in `app.ts`, not in `apple.md`) names the file more closely.
  if (at === lower.length || WORD_START.test(lower[at] ?? '')) {
    score += 2;
  }
  return score - (at - from) / 100;
}

/** The paths `query` matches, best first (shorter first among equals), at most `limit`. */
export function matchingPaths(paths: readonly string[], query: string, limit = MAX_PATH_MATCHES): string[] {
  const wanted = query.toLowerCase();
  const scored: { readonly path: string; readonly score: number }[] = [];
  for (const path of paths) {
    const score = pathScore(wanted, path);
    if (score !== undefined) {
      scored.push({ path, score });
    }
  }
  scored.sort((a, b) => b.score - a.score || a.path.length - b.path.length || a.path.localeCompare(b.path));
  return scored.slice(0, limit).map((entry) => entry.path);
}

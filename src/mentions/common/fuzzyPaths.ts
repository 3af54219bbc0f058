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
  return lowerScore(query, path.toLowerCase());
}

function lowerScore(query: string, lower: string): number | undefined {
  if (query.length === 0) {
    return 0;
  }
  // A folder's name (`src/mentions/`) ends before its last slash.
  const last = lower.length - 2;
  const nameStart = Math.max(lower.lastIndexOf('/', last), lower.lastIndexOf('\\', last)) + 1;
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

interface Scored {
  readonly path: string;
  readonly score: number;
}

/** Better score first, then the shorter path, then the path's order. */
function ranksBefore(a: Scored, b: Scored): boolean {
  return a.score !== b.score ? a.score > b.score : a.path.length !== b.path.length ? a.path.length < b.path.length : a.path < b.path;
}

/** Each list's paths in lower case, made once per list: a list is matched again on every key typed. */
const lowered = new WeakMap<readonly string[], readonly string[]>();

/**
 * The paths `query` matches, best first (shorter first among equals), at most `limit`. Only the
 * best `limit` are kept while matching, so a workspace of 50,000 files is never sorted whole.
 */
export function matchingPaths(paths: readonly string[], query: string, limit = MAX_PATH_MATCHES): string[] {
  const wanted = query.toLowerCase();
  let lower = lowered.get(paths);
  if (lower === undefined) {
    lower = paths.map((path) => path.toLowerCase());
    lowered.set(paths, lower);
  }
  const best: Scored[] = [];
  for (let index = 0; index < paths.length; index++) {
    const score = lowerScore(wanted, lower[index] ?? '');
    const path = paths[index];
    if (score === undefined || path === undefined) {
      continue;
    }
    const candidate = { path, score };
    const last = best[best.length - 1];
    if (best.length === limit && last !== undefined && !ranksBefore(candidate, last)) {
      continue;
    }
    let at = best.length;
    while (at > 0 && ranksBefore(candidate, best[at - 1] as Scored)) {
      at--;
    }
    best.splice(at, 0, candidate);
    if (best.length > limit) {
      best.pop();
    }
  }
  return best.map((entry) => entry.path);
}

/**
 * A brace-free glob as tokens, and the match of a path against them by stepping a set of states
 * through the path once. Patterns come from files in cloned repositories: as a regular expression,
 * `*a*a*a*a*a*b` against a long name backtracks for seconds and would stall the extension host;
 * this takes time in proportion to the path's length times the pattern's. The literal text a
 * pattern starts and ends with (`src/`, `.ts`) turns most paths away before that.
 */

type Token =
  /** One character: a literal, `?` or a class (never `/` but a literal one). */
  | { readonly kind: 'char'; readonly test: (c: string) => boolean; readonly literal?: string }
  /** `*`: a run of characters within a name. */
  | { readonly kind: 'star' }
  /** `**` alone: anything. */
  | { readonly kind: 'any' }
  /** `**​/` at the start or inside: nothing, or folders (a run that ends with `/`). */
  | { readonly kind: 'folders' }
  /** `/**` at the end: nothing, or `/` and anything after it. */
  | { readonly kind: 'below' };

export interface GlobTokens {
  readonly tokens: readonly Token[];
  /** The literal text every match starts with, and ends with. */
  readonly prefix: string;
  readonly suffix: string;
}

export function tokenizeGlob(pattern: string): GlobTokens {
  const trimmed = pattern.startsWith('./') ? pattern.slice(2) : pattern.startsWith('/') ? pattern.slice(1) : pattern;
  const withFolder = trimmed.endsWith('/') ? `${trimmed}**` : trimmed;
  const segments = withFolder.split('/').filter((segment, k, all) => !(segment === '**' && all[k - 1] === '**'));
  const tokens: Token[] = [];
  segments.forEach((segment, k) => {
    const last = k === segments.length - 1;
    if (segment === '**') {
      if (k > 0 && !last) {
        tokens.push(literal('/'));
      }
      tokens.push({ kind: last ? (k === 0 ? 'any' : 'below') : 'folders' });
      return;
    }
    if (k > 0 && segments[k - 1] !== '**') {
      tokens.push(literal('/'));
    }
    tokens.push(...segmentTokens(segment));
  });
  const literalRun = (run: readonly Token[]): string => {
    const end = run.findIndex((token) => token.kind !== 'char' || token.literal === undefined);
    return (end === -1 ? run : run.slice(0, end)).map((token) => (token.kind === 'char' ? (token.literal ?? '') : '')).join('');
  };
  const suffix = [...literalRun([...tokens].reverse())].reverse().join('');
  return { tokens, prefix: literalRun(tokens), suffix };
}

/** Whether `path` matches: states are token indexes, doubled, plus one once a `**` has taken a character. */
export function matchTokens({ tokens, prefix, suffix }: GlobTokens, path: string): boolean {
  if (!path.startsWith(prefix) || !path.endsWith(suffix)) {
    return false;
  }
  // Each state is added once a step: `marks` holds the step that last added it.
  const marks = new Int32Array((tokens.length + 1) * 2).fill(-1);
  let states: number[] = [];
  let step = 0;
  add(tokens, states, marks, step, 0);
  for (const c of path) {
    const next: number[] = [];
    step++;
    for (const state of states) {
      const index = state >> 1;
      const token = tokens[index];
      if (token?.kind === 'char') {
        if (token.test(c)) {
          add(tokens, next, marks, step, (index + 1) << 1);
        }
      } else if ((token?.kind === 'star' && c !== '/') || token?.kind === 'any') {
        add(tokens, next, marks, step, index << 1);
      } else if (token?.kind === 'folders') {
        add(tokens, next, marks, step, (index << 1) | 1);
        if (c === '/') {
          add(tokens, next, marks, step, (index + 1) << 1);
        }
      } else if (token?.kind === 'below' && ((state & 1) === 1 || c === '/')) {
        add(tokens, next, marks, step, (index << 1) | 1);
      }
    }
    if (next.length === 0) {
      return false;
    }
    states = next;
  }
  return marks[tokens.length << 1] === step;
}

/** Adds a state and those it reaches without a character: past a `*` or `**` that takes nothing. */
function add(tokens: readonly Token[], states: number[], marks: Int32Array, step: number, first: number): void {
  for (let state: number | undefined = first; state !== undefined;) {
    if (marks[state] === step) {
      return;
    }
    marks[state] = step;
    states.push(state);
    const kind: Token['kind'] | undefined = tokens[state >> 1]?.kind;
    const skips: boolean = kind === 'star' || kind === 'any' || kind === 'below' || (kind === 'folders' && (state & 1) === 0);
    state = skips ? ((state >> 1) + 1) << 1 : undefined;
  }
}

function literal(expected: string): Token {
  return { kind: 'char', test: (c) => c === expected, literal: expected };
}

function segmentTokens(segment: string): Token[] {
  const tokens: Token[] = [];
  const chars = [...segment];
  for (let i = 0; i < chars.length; i++) {
    const c = chars[i] ?? '';
    if (c === '*') {
      while (chars[i + 1] === '*') {
        i++;
      }
      tokens.push({ kind: 'star' });
    } else if (c === '?') {
      tokens.push({ kind: 'char', test: (next) => next !== '/' });
    } else if (c === '\\' && i + 1 < chars.length) {
      tokens.push(literal(chars[++i] ?? ''));
    } else if (c === '[' && classEnd(chars, i) !== -1) {
      const end = classEnd(chars, i);
      tokens.push({ kind: 'char', test: classTest(chars.slice(i + 1, end)) });
      i = end;
    } else {
      tokens.push(literal(c));
    }
  }
  return tokens;
}

/** The index of the `]` closing the class opened at `open`, or -1 when it is a literal `[`. */
function classEnd(chars: readonly string[], open: number): number {
  let i = open + 1;
  if (chars[i] === '!' || chars[i] === '^') {
    i++;
  }
  if (chars[i] === ']') {
    i++;
  }
  for (; i < chars.length; i++) {
    if (chars[i] === '\\') {
      i++;
    } else if (chars[i] === ']') {
      return i;
    }
  }
  return -1;
}

/** `[abc]`, `[a-z]`, `[!a]` or `[^a]`; a class never matches `/`, which only separates names. */
function classTest(body: readonly string[]): (c: string) => boolean {
  const negated = body[0] === '!' || body[0] === '^';
  const members = negated ? body.slice(1) : body;
  const ranges: Array<readonly [string, string]> = [];
  for (let i = 0; i < members.length; i++) {
    const from = members[i] === '\\' ? (members[++i] ?? '') : (members[i] ?? '');
    const to = members[i + 1] === '-' && i + 2 < members.length ? (members[i + 2] === '\\' ? members[i + 3] : members[i + 2]) : undefined;
    if (to === undefined) {
      ranges.push([from, from]);
    } else {
      ranges.push([from, to]);
      i += members[i + 2] === '\\' ? 3 : 2;
    }
  }
  return (c) => c !== '/' && ranges.some(([from, to]) => c >= from && c <= to) !== negated;
}

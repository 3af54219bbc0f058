/** Why a partial block was not placed: `mergeBlock` refuses rather than guesses. */
export type MergeDoubt = 'anchorMissing' | 'anchorAmbiguous' | 'outOfOrder' | 'noAnchors' | 'rewriteAtMarker';

/** Thrown inside the merge and turned into an `uncertain` result; `line` is the block's, 1-based. */
export class Refusal extends Error {
  constructor(
    readonly reason: MergeDoubt,
    readonly line: number,
  ) {
    super(`${reason} at line ${line}`);
  }
}

/** Lines as written, and as compared: trimmed, a trailing comma aside. */
export interface Lines {
  readonly raw: readonly string[];
  readonly keys: readonly string[];
}

/** The original file, with the lines where each trimmed text occurs, in order. */
export interface Original extends Lines {
  readonly at: ReadonlyMap<string, readonly number[]>;
}

/** The code between two `...existing code...` markers (or a marker and an end of the block). */
export interface Segment extends Lines {
  /** The block's 0-based line of `raw[0]`. */
  readonly first: number;
  /** A marker comes before: the original is kept up to the segment; else the segment starts the file. */
  readonly before: boolean;
  /** A marker comes after: the original is kept after the segment; else the segment ends the file. */
  readonly after: boolean;
  /** The indentation of the marker after, and whether it is a `#` comment (then `#` lines are no headings). */
  readonly afterIndent: number;
  readonly afterHash: boolean;
  /** Per line: whether the line it is nested under (the nearest above with less indentation) is in the original, or there is none. */
  readonly known: readonly boolean[];
}

/** Segment lines [s, s + len) are original lines [o, o + len). */
export interface Run {
  readonly s: number;
  readonly o: number;
  readonly len: number;
}

/** How many consecutive lines an anchor may grow to before it counts as ambiguous. */
const MAX_CONTEXT = 8;
const TRIVIAL_WORDS = new Set(['', 'end', 'fi', 'done', 'esac', 'else', 'elif', 'endif', 'then', 'do', 'begin', 'try', 'finally', 'pass']);
const PUNCTUATION = /[\s{}()[\];,.:*/\\'"`<>!#=~-]/gu;
const CLOSING_TAG = /^<\/[\w.:-]*>$/u;
const FENCE = /^(?:`{3,}|~{3,})[\w-]*$/u;

export function refuse(reason: MergeDoubt, segment: Segment, index: number): Refusal {
  return new Refusal(reason, segment.first + index + 1);
}

export function keysOf(raw: readonly string[]): string[] {
  return raw.map((line) => line.trim().replace(/,$/u, ''));
}

export function indexed(raw: readonly string[]): Original {
  const keys = keysOf(raw);
  const at = new Map<string, number[]>();
  keys.forEach((key, index) => {
    const list = at.get(key);
    if (list === undefined) at.set(key, [index]);
    else list.push(index);
  });
  return { raw, keys, at };
}

/** A line that says too little to place code by: blank, only brackets and punctuation, `end`, `fi`, `else`, a closing tag or fence. */
export function isTrivial(key: string): boolean {
  return CLOSING_TAG.test(key) || FENCE.test(key) || TRIVIAL_WORDS.has(key.replace(PUNCTUATION, '').toLowerCase());
}

export function indentOf(line: string | undefined): number {
  return line === undefined ? 0 : line.length - line.trimStart().length;
}

export function knownParents(original: Original, raw: readonly string[], keys: readonly string[]): boolean[] {
  const stack: Array<{ indent: number; key: string }> = [];
  return raw.map((line, index) => {
    const indent = indentOf(line);
    if (keys[index] === '') return true;
    while (stack.length > 0 && (stack[stack.length - 1]?.indent ?? 0) >= indent) stack.pop();
    const parent = stack[stack.length - 1];
    stack.push({ indent, key: keys[index] ?? '' });
    return parent === undefined || original.at.has(parent.key);
  });
}

function lowerBound(list: readonly number[], value: number): number {
  let low = 0;
  let high = list.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if ((list[middle] ?? 0) < value) low = middle + 1;
    else high = middle;
  }
  return low;
}

/** The original lines in [lo, hi) whose trimmed text is `key`. */
export function occurrences(original: Original, key: string, lo: number, hi: number): readonly number[] {
  const list = original.at.get(key) ?? [];
  return list.slice(lowerBound(list, lo), lowerBound(list, hi));
}

export function occursIn(original: Original, key: string, lo: number, hi: number): boolean {
  const list = original.at.get(key) ?? [];
  return lowerBound(list, lo) < lowerBound(list, hi);
}

/**
 * The one place in original [lo, hi) of segment line `index`, grown by the consecutive lines below it
 * (`step` 1) or above it (`step` -1), within segment lines [segLo, segHi), until it is unique.
 */
export function uniqueRun(
  original: Original,
  segment: Segment,
  index: number,
  step: 1 | -1,
  bounds: { readonly segLo: number; readonly segHi: number; readonly lo: number; readonly hi: number },
): Run | undefined {
  const { segLo, segHi, lo, hi } = bounds;
  let candidates = occurrences(original, segment.keys[index] ?? '', lo, hi);
  let len = 1;
  for (; candidates.length > 1 && len < MAX_CONTEXT; len++) {
    const next = index + step * len;
    if (next < segLo || next >= segHi) break;
    const key = segment.keys[next];
    const offset = step * len;
    candidates = candidates.filter((at) => at + offset >= lo && at + offset < hi && original.keys[at + offset] === key);
  }
  const [at] = candidates;
  if (candidates.length !== 1 || at === undefined) return undefined;
  return step === 1 ? { s: index, o: at, len } : { s: index - len + 1, o: at - len + 1, len };
}

/** Whether the closing line `index` closes code the segment adds: the nearest line above it, down to `from`, that is indented no deeper is new. */
export function closesNewCode(original: Original, segment: Segment, index: number, from: number): boolean {
  const indent = indentOf(segment.raw[index]);
  for (let above = index - 1; above >= from; above--) {
    const key = segment.keys[above] ?? '';
    if (key !== '' && indentOf(segment.raw[above]) <= indent) return !original.at.has(key);
  }
  return false;
}

/** The run grown over the bracket and blank lines next to it (`step` -1 above, 1 below) that the original has there too, unless they close new code. */
export function grown(original: Original, segment: Segment, run: Run, step: 1 | -1, lo: number, hi: number): Run {
  let { s, o, len } = run;
  for (;;) {
    const index = step === 1 ? s + len : s - 1;
    const at = step === 1 ? o + len : o - 1;
    const key = segment.keys[index];
    if (key === undefined || at < lo || at >= hi || original.keys[at] !== key || !isTrivial(key)) break;
    if (key !== '' && closesNewCode(original, segment, index, 0)) break;
    s += step === 1 ? 0 : -1;
    o += step === 1 ? 0 : -1;
    len++;
  }
  return { s, o, len };
}

export function lastNonBlank(lines: Lines): number {
  let last = lines.keys.length - 1;
  while (last >= 0 && lines.keys[last] === '') last--;
  return last;
}

/** The longest end the segment shares with the original, lines of new code aside. */
export function suffixRun(original: Original, segment: Segment, lo: number): Run {
  const m = lastNonBlank(segment) + 1;
  let n = original.keys.length;
  while (n > lo && original.keys[n - 1] === '') n--;
  let len = 0;
  for (; len < m && n - len - 1 >= lo; len++) {
    const index = m - len - 1;
    const key = segment.keys[index] ?? '';
    if (key !== original.keys[n - len - 1]) break;
    const fits = key === '' || (isTrivial(key) ? !closesNewCode(original, segment, index, 0) : segment.known[index] === true);
    if (!fits) break;
  }
  return { s: m - len, o: n - len, len };
}

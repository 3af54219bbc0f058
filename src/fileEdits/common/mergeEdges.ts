import { isTrivial, refuse, type Original, type Segment } from './mergeAnchors';

/** Lines longer than this are compared by their start only: a rewrite shows there as well. */
const COMPARED_CHARS = 200;

export interface Region {
  readonly start: number;
  readonly end: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Refuses a segment whose new line right next to a marker reads as the original's line on the other
 * side of it rewritten (`return sum;` → `return Math.round(sum);` just before `// ...existing
 * code...`): the marker keeps that line, so the merge would hold both, and the block cannot tell
 * whether the model meant to replace it or to add a line beside it.
 * `start`..`end` is the original's region the segment replaces; `lo`..`hi` what the markers keep around it.
 */
export function refuseRewriteAtMarkers(original: Original, segment: Segment, region: Region): void {
  const { start, end, lo, hi } = region;
  const replaced = new Set(original.keys.slice(start, end + 1));
  const lines = segment.keys.flatMap((key, index) => (isTrivial(key) ? [] : [{ key, index }]));
  const check = (line: { key: string; index: number } | undefined, beside: number, step: 1 | -1): void => {
    let at = beside;
    while (at >= lo && at < hi && original.keys[at] === '') at += step;
    const other = at >= lo && at < hi ? original.keys[at] : undefined;
    if (line && !replaced.has(line.key) && other !== undefined && rewrites(line.key, other)) {
      throw refuse('rewriteAtMarker', segment, line.index);
    }
  };
  if (segment.before) check(lines[0], start - 1, -1);
  if (segment.after) check(lines.at(-1), end + 1, 1);
}

/** The name a line gives a value to (`color: red`, `const a = 1`, `"version": "1.0.0"`, `x: int = 5`). */
const ASSIGNED =
  /^(?:(?:export|default|const|let|var|val|final|static|public|private|protected|readonly|async)\s+)*["'`]?([A-Za-z_$][\w$.-]*)["'`]?\s*(?::(?!:)|=(?!=))/u;
/** The name a line defines (`def load(`, `function total(`, `class Cart`). */
const DEFINED =
  /^(?:(?:export|default|public|private|protected|static|async|pub)\s+)*(?:def|func|function|fn|class|struct|interface|type|enum)\s+([A-Za-z_$][\w$]*)/u;

/** Names and numbers: what a rewrite of a line keeps, whatever the punctuation around them. */
const TOKENS = /[A-Za-z_$][\w$]*|\d+/gu;

/**
 * Whether `line` reads as `other` rewritten: a value given to the same name, or the same name defined;
 * all names of the shorter line in the longer one, which starts alike (`return sum;` in
 * `return Math.round(sum);`, `<p>{body}</p>` in `<p class="x">{body}</p>`); most names in common, in
 * order; or nearly all characters (`import { b } from './b';` and `import { c } from './c';`, where
 * the block cannot tell a new import from one rewritten).
 */
export function rewrites(line: string, other: string): boolean {
  if (line === other || isTrivial(other)) return false;
  const named = (text: string): string | undefined => (ASSIGNED.exec(text) ?? DEFINED.exec(text))?.[1];
  if (named(line) !== undefined && named(line) === named(other)) return true;
  const a = line.slice(0, COMPARED_CHARS);
  const b = other.slice(0, COMPARED_CHARS);
  const [ta, tb] = [a.match(TOKENS) ?? [], b.match(TOKENS) ?? []];
  const names = commonSubsequence(ta, tb);
  const contained = names > 0 && names === Math.min(ta.length, tb.length) && ta[0] === tb[0];
  return (
    contained || (2 * names) / (ta.length + tb.length) >= 0.75 || (2 * commonSubsequence([...a], [...b])) / (a.length + b.length) >= 0.85
  );
}

/** The length of the longest common subsequence of two sequences (two rows of the table). */
function commonSubsequence(a: readonly string[], b: readonly string[]): number {
  let previous = new Array<number>(b.length + 1).fill(0);
  for (let i = 1; i <= a.length; i++) {
    const row = new Array<number>(b.length + 1).fill(0);
    for (let j = 1; j <= b.length; j++) {
      row[j] = a[i - 1] === b[j - 1] ? (previous[j - 1] ?? 0) + 1 : Math.max(previous[j] ?? 0, row[j - 1] ?? 0);
    }
    previous = row;
  }
  return previous[b.length] ?? 0;
}

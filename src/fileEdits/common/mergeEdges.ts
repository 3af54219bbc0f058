import { isTrivial, refuse, type Original, type Segment } from './mergeAnchors';

/** Lines longer than this are compared by their start only: a rewrite shows there as well. */
const COMPARED_CHARS = 200;

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

export interface Region {
  readonly start: number;
  readonly end: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * Whether `line` reads as `other` rewritten: most of their characters in common, in order, or all of a
 * shorter one's within the other (`<p>{body}</p>` in `<p className="card">{body}</p>`).
 */
export function rewrites(line: string, other: string): boolean {
  if (line === other || isTrivial(other)) return false;
  const a = line.slice(0, COMPARED_CHARS);
  const b = other.slice(0, COMPARED_CHARS);
  const common = commonSubsequence(a, b);
  const shorter = Math.min(a.length, b.length);
  const longer = Math.max(a.length, b.length);
  return (2 * common) / (a.length + b.length) >= 0.7 || (common === shorter && shorter >= 6 && shorter / longer >= 0.3);
}

/** The length of the longest common subsequence of two strings (two rows of the table). */
function commonSubsequence(a: string, b: string): number {
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

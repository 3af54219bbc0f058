import { isExistingCodeMarker } from './existingCodeMarker';
import {
  closesNewCode,
  grown,
  indentOf,
  indexed,
  isTrivial,
  keysOf,
  knownParents,
  lastNonBlank,
  occursIn,
  refuse,
  Refusal,
  suffixRun,
  uniqueRun,
  type MergeDoubt,
  type Original,
  type Run,
  type Segment,
} from './mergeAnchors';
import { blockEnd } from './mergeStructure';
import { refuseRewriteAtMarkers } from './mergeEdges';

export type { MergeDoubt } from './mergeAnchors';

/** What `mergeBlock` made of a block: the merged text, or why not and at which line of the block (1-based). */
export type MergeResult =
  { readonly kind: 'merged'; readonly text: string } | { readonly kind: 'uncertain'; readonly reason: MergeDoubt; readonly line?: number };

/**
 * Places a code block that shows only part of a file, `...existing code...` (in any comment style, or
 * `…`) standing for the lines it leaves out, into the original text. Deterministic: it refuses
 * (`uncertain`) rather than guesses.
 *
 * - A block without a marker is not partial: it replaces the whole file (in the original's line endings).
 * - Each stretch of code between markers (a segment) replaces the original from its first to its last
 *   line found in the original (its anchors, compared trimmed, a trailing comma aside); its other lines are new. A marker before
 *   keeps the original up to there, a marker after keeps it from there on; a segment with no marker
 *   before starts the file, one with no marker after ends it.
 * - Anchors are found in order and must be unique in what is left of the file: an anchor grows by the
 *   lines next to it until it is (`anchorAmbiguous` when it does not); blank and bracket-only lines
 *   never anchor alone; a line found only out of order refuses (`outOfOrder`); a segment between two
 *   markers with nothing to anchor it refuses (`noAnchors`). A line nested under a new line never anchors.
 * - A segment that shows a whole block from its first anchor (a function, a CSS rule, a JSON key, a
 *   Python `def` when the marker after is no deeper, a Markdown section when no later line anchors)
 *   replaces the whole original block, whatever its body was.
 * - The result keeps the original's line endings and final newline.
 */
export function mergeBlock(original: string, block: string): MergeResult {
  const eol = original.includes('\r\n') ? '\r\n' : '\n';
  const finalNewline = original === '' ? block.endsWith('\n') : original.endsWith('\n');
  const join = (lines: readonly string[]): string => (lines.length === 0 ? '' : lines.join(eol) + (finalNewline ? eol : ''));
  const blockLines = splitLines(block);
  if (!blockLines.some(isExistingCodeMarker)) return { kind: 'merged', text: join(blockLines) };
  const file = indexed(splitLines(original));
  try {
    return { kind: 'merged', text: join(place(file, segmentsOf(file, blockLines))) };
  } catch (error) {
    if (error instanceof Refusal) return { kind: 'uncertain', reason: error.reason, line: error.line };
    throw error;
  }
}

function splitLines(text: string): string[] {
  if (text === '') return [];
  const lines = text.split(/\r?\n/u);
  if (lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** The segments between markers; those of blank lines only are dropped (the original is kept there). */
function segmentsOf(original: Original, lines: readonly string[]): Segment[] {
  const segments: Segment[] = [];
  let start = 0;
  lines.forEach((line, index) => {
    const marker = isExistingCodeMarker(line);
    if (marker || index === lines.length - 1) {
      const raw = lines.slice(start, marker ? index : index + 1);
      const keys = keysOf(raw);
      if (keys.some((key) => key !== '')) {
        const afterIndent = marker ? indentOf(line) : 0;
        const afterHash = marker && line.trim().startsWith('#');
        const known = knownParents(original, raw, keys);
        segments.push({ raw, keys, first: start, before: start > 0, after: marker, afterIndent, afterHash, known });
      }
      start = index + 1;
    }
  });
  return segments;
}

/** Where each segment is anchored: its head (first anchor), or for the segment that ends the file, its common end with it. */
interface Anchored {
  readonly segment: Segment;
  readonly head: Run | undefined;
  readonly suffix: Run | undefined;
}

function place(original: Original, segments: readonly Segment[]): string[] {
  const n = original.keys.length;
  let lo = 0;
  const anchored = segments.map((segment): Anchored => {
    let head: Run | undefined;
    let suffix: Run | undefined;
    if (!segment.before) {
      let len = 0;
      while (len < segment.keys.length && len < n && segment.keys[len] === original.keys[len]) len++;
      head = { s: 0, o: 0, len };
    } else if (!segment.after) {
      suffix = suffixRun(original, segment, lo);
      head = findAnchor(original, segment, 1, { segLo: 0, segHi: suffix.s, lo, hi: suffix.o });
    } else {
      head = findAnchor(original, segment, 1, { segLo: 0, segHi: segment.keys.length, lo, hi: n });
      if (head === undefined) throw refuse('noAnchors', segment, 0);
    }
    lo = head === undefined ? lo : head.o + head.len;
    return { segment, head, suffix };
  });
  const out: string[] = [];
  let kept = 0;
  anchored.forEach(({ segment, head, suffix }, index) => {
    const next = anchored[index + 1];
    const hi = next === undefined ? n : (next.head?.o ?? next.suffix?.o ?? n);
    const first = head ?? suffix;
    if (first === undefined) return;
    if (segment.before && first.len > 0 && first.o < kept) throw refuse('outOfOrder', segment, first.s);
    const start = segment.before ? placeStart(original, segment, first, kept) : 0;
    const end = segment.after ? placeEnd(original, segment, first, hi) : n - 1;
    refuseRewriteAtMarkers(original, segment, { start, end, lo: kept, hi });
    out.push(...original.raw.slice(kept, start), ...segment.raw);
    kept = Math.max(kept, end + 1);
  });
  out.push(...original.raw.slice(kept));
  return out;
}

interface Bounds {
  readonly segLo: number;
  readonly segHi: number;
  readonly lo: number;
  readonly hi: number;
}

/**
 * The first (`step` 1) or last (`step` -1) anchor of segment lines [segLo, segHi) in original [lo, hi).
 * Lines nested under new code never anchor; but when one occurs in the original next to where the new
 * code goes (within twice its distance from the anchor), the new code may be that code rewritten: refused.
 */
function findAnchor(original: Original, segment: Segment, step: 1 | -1, bounds: Bounds): Run | undefined {
  const { segLo, segHi, lo, hi } = bounds;
  const suspects: number[] = [];
  const suspect = (edge: number, at: number): void => {
    const found = suspects.find((index) => {
      const reach = 2 * Math.abs(index - edge) + 2;
      const [from, to] = step === 1 ? [Math.max(lo, at - reach), at] : [at, Math.min(hi, at + reach)];
      return occursIn(original, segment.keys[index] ?? '', from, to);
    });
    if (found !== undefined) throw refuse('anchorAmbiguous', segment, found);
  };
  for (let index = step === 1 ? segLo : segHi - 1; index >= segLo && index < segHi; index += step) {
    const key = segment.keys[index] ?? '';
    if (isTrivial(key)) continue;
    const inRange = occursIn(original, key, lo, hi);
    if (segment.known[index] !== true) {
      if (inRange) suspects.push(index);
      continue;
    }
    if (!inRange) {
      if (original.at.has(key)) throw refuse('outOfOrder', segment, index);
      continue;
    }
    const run = uniqueRun(original, segment, index, step, bounds);
    if (run === undefined) throw refuse('anchorAmbiguous', segment, index);
    if (step === 1) suspect(run.s, run.o);
    else suspect(run.s + run.len, run.o + run.len);
    return run;
  }
  if (step === 1) suspect(segHi, hi);
  else suspect(segLo, lo);
  return undefined;
}

/** Where the segment's region starts: its head, or above it the bracket and blank lines the segment opens with. */
function placeStart(original: Original, segment: Segment, anchor: Run, lo: number): number {
  const head = anchor.len === 0 ? anchor : grown(original, segment, anchor, -1, lo, anchor.o);
  let start = head.o;
  let lead = 0;
  while (lead < head.s && isTrivial(segment.keys[lead] ?? '')) lead++;
  for (let index = lead - 1; index >= 0; index--) {
    const key = segment.keys[index] ?? '';
    if (key === '') continue;
    let at = start - 1;
    while (at >= lo && original.keys[at] === '') at--;
    if (at < lo || original.keys[at] !== key)
      throw refuse(occursIn(original, key, lo, head.o) ? 'anchorAmbiguous' : 'anchorMissing', segment, index);
    start = at;
  }
  let blanks = 0;
  while (blanks < head.s && segment.keys[blanks] === '') blanks++;
  for (; blanks > 0 && start - 1 >= lo && original.keys[start - 1] === ''; blanks--) start--;
  return start;
}

/** Where the segment's region ends: the whole block it shows, or its last anchor and the closing lines after it. */
function placeEnd(original: Original, segment: Segment, head: Run, hi: number): number {
  const whole = (section: boolean): number | undefined => {
    if (head.len === 0) return undefined;
    if (segment.before) return blockEnd(original, segment, head.s, head.o, hi, section);
    // The segment starts the file: a block it shows whole opens on one of the lines it starts the file with.
    for (let line = head.len - 1; line >= 0; line--) {
      const end = blockEnd(original, segment, head.s + line, head.o + line, hi, section);
      if (end !== undefined) return end;
    }
    return undefined;
  };
  const block = whole(false);
  if (block !== undefined)
    return closing(original, segment, { s: lastNonBlank(segment), o: Math.max(block, head.o + head.len - 1), len: 1 }, hi);
  const from = head.s + head.len;
  const tail = findAnchor(original, segment, -1, { segLo: from, segHi: segment.keys.length, lo: head.o + head.len, hi });
  const section = tail === undefined ? whole(true) : undefined;
  if (section !== undefined) return closing(original, segment, { s: lastNonBlank(segment), o: section, len: 1 }, hi);
  return closing(original, segment, grown(original, segment, tail ?? head, 1, 0, hi), hi);
}

/** Past the last anchor, the bracket lines that close code the original had, then blank lines, as far as the original has them. */
function closing(original: Original, segment: Segment, last: Run, hi: number): number {
  const m = segment.keys.length;
  const from = last.s + last.len;
  let end = last.o + last.len - 1;
  let tail = m;
  while (tail > from && isTrivial(segment.keys[tail - 1] ?? '')) tail--;
  for (let index = tail; index < m; index++) {
    const key = segment.keys[index] ?? '';
    if (key === '' || closesNewCode(original, segment, index, from)) continue;
    let at = end + 1;
    while (at < hi && original.keys[at] === '') at++;
    if (at >= hi || original.keys[at] !== key)
      throw refuse(occursIn(original, key, last.o, hi) ? 'anchorAmbiguous' : 'anchorMissing', segment, index);
    end = at;
  }
  let blanks = 0;
  while (blanks < m - from && segment.keys[m - 1 - blanks] === '') blanks++;
  for (; blanks > 0 && end + 1 < hi && original.keys[end + 1] === ''; blanks--) end++;
  return end;
}

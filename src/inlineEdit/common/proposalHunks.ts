import { applyChanges, type OffsetChange } from '../../base/common/offsetTracking';
import { computeHunks, splitLines, type LineHunk } from './lineHunks';

/** A hunk placed in its document: the old text spans [start, end) and is to become `newText`. */
export interface PlacedHunk {
  /** Stable within its proposal, e.g. for the Accept/Reject commands of a CodeLens. */
  readonly id: number;
  readonly start: number;
  readonly end: number;
  readonly oldText: string;
  readonly newText: string;
  readonly oldLineCount: number;
  readonly newLines: readonly string[];
  readonly oldLines: readonly string[];
}

/**
 * Beyond these the inline view stops being readable (and each hunk's decorations cost), so the
 * change is shown in the diff editor instead.
 */
export const INLINE_LIMITS = { hunks: 25, changedLines: 200 } as const;

/**
 * The hunks that turn `oldText` (found at `baseOffset` of its document) into `newText`, with
 * document offsets.
 */
export function placeHunks(oldText: string, newText: string, baseOffset: number): PlacedHunk[] {
  const lineStarts: number[] = [];
  let offset = baseOffset;
  for (const line of splitLines(oldText)) {
    lineStarts.push(offset);
    offset += line.length;
  }
  const endOfText = baseOffset + oldText.length;
  return computeHunks(oldText, newText).map((hunk: LineHunk, id) => {
    const start = lineStarts[hunk.oldStart] ?? endOfText;
    const oldTextOfHunk = hunk.oldLines.join('');
    return {
      id,
      start,
      end: start + oldTextOfHunk.length,
      oldText: oldTextOfHunk,
      newText: hunk.newLines.join(''),
      oldLineCount: hunk.oldLines.length,
      oldLines: hunk.oldLines,
      newLines: hunk.newLines,
    };
  });
}

/** Whether the hunks are few and small enough to review inline. */
export function fitsInline(hunks: readonly PlacedHunk[]): boolean {
  const changed = hunks.reduce((sum, hunk) => sum + hunk.oldLines.length + hunk.newLines.length, 0);
  return hunks.length <= INLINE_LIMITS.hunks && changed <= INLINE_LIMITS.changedLines;
}

/** A hunk shown in its document: its new lines inserted as whole lines right after its old ones. */
export interface ShownHunk extends PlacedHunk {
  /**
   * The text inserted at `end`: `newText`, with a line break added where the new lines would
   * otherwise run into the last old line (one that ends the document) or the line after; '' for a
   * hunk that only removes lines.
   */
  readonly shown: string;
}

/** Where a shown hunk's inserted lines end: the hunk spans [start, shownEnd) while it is pending. */
export function shownEnd(hunk: ShownHunk): number {
  return hunk.end + hunk.shown.length;
}

/**
 * The hunks (in document order) as they are once their new lines are inserted: each one's `shown`
 * text goes at its `end`, and its offsets move by what the hunks before it inserted.
 */
export function showHunks(hunks: readonly PlacedHunk[], eol: string, documentLength: number): ShownHunk[] {
  let shift = 0;
  return hunks.map((hunk) => {
    const shown = shownText(hunk, eol, documentLength);
    const moved = { ...hunk, start: hunk.start + shift, end: hunk.end + shift, shown };
    shift += shown.length;
    return moved;
  });
}

/**
 * The hunks as shown in `text` (the document before), and the insertions (offsets into `text`)
 * that show them; undefined when `text` no longer holds their old lines.
 */
export function showIn(
  text: string,
  hunks: readonly PlacedHunk[],
  eol: string,
): { hunks: ShownHunk[]; inserts: Array<{ start: number; end: number; text: string }> } | undefined {
  if (!hunks.every((hunk) => text.slice(hunk.start, hunk.end) === hunk.oldText)) {
    return undefined;
  }
  const shown = showHunks(hunks, eol, text.length);
  const inserts = hunks.map((hunk, index) => ({ start: hunk.end, end: hunk.end, text: shown[index]?.shown ?? '' }));
  return { hunks: shown, inserts: inserts.filter((insert) => insert.text.length > 0) };
}

function shownText(hunk: PlacedHunk, eol: string, documentLength: number): string {
  if (hunk.newText.length === 0) {
    return '';
  }
  if (hunk.oldText.length > 0 && !hunk.oldText.endsWith('\n')) {
    // The old lines end the document without a line break: the new ones start on a line of their own.
    return `${eol}${hunk.newText}`;
  }
  return hunk.newText.endsWith('\n') || hunk.end === documentLength ? hunk.newText : `${hunk.newText}${eol}`;
}

/** Whether `text` holds each hunk's old lines and, right below them, its inserted ones. */
export function holdsShown(text: string, hunks: readonly ShownHunk[]): boolean {
  return hunks.every((hunk) => text.slice(hunk.start, shownEnd(hunk)) === hunk.oldText + hunk.shown);
}

/** The hunk on the line [lineStart, lineEnd] (its old or new lines), else the next one below, else the last one. */
export function hunkNear<T extends ShownHunk>(hunks: readonly T[], lineStart: number, lineEnd: number): T | undefined {
  return (
    hunks.find((hunk) => hunk.start <= lineEnd && shownEnd(hunk) >= lineStart) ??
    hunks.find((hunk) => hunk.start >= lineStart) ??
    hunks.at(-1)
  );
}

/**
 * The edit that settles a shown hunk. Accepting deletes its old lines and leaves the new ones
 * (where a line break was added to show them, the whole span becomes exactly the new text);
 * rejecting deletes the inserted lines.
 */
export function settlingEdit(hunk: ShownHunk, action: 'accept' | 'reject'): { start: number; end: number; text: string } {
  if (action === 'reject') {
    return { start: hunk.end, end: shownEnd(hunk), text: '' };
  }
  return hunk.shown === hunk.newText
    ? { start: hunk.start, end: hunk.end, text: '' }
    : { start: hunk.start, end: shownEnd(hunk), text: hunk.newText };
}

/**
 * The spans of `text` (the document after `changes`) that still hold the hunks' inserted lines
 * exactly as inserted, e.g. to take them out when the proposal is withdrawn; lines the user
 * edited are theirs now and are left.
 */
export function insertedLeft(
  text: string,
  hunks: readonly ShownHunk[],
  changes: readonly OffsetChange[],
): Array<{ start: number; end: number }> {
  return hunks.flatMap((hunk) => {
    const span = applyChanges({ start: hunk.end, end: shownEnd(hunk), intact: true }, changes);
    return hunk.shown.length > 0 && text.slice(span.start, span.end) === hunk.shown ? [{ start: span.start, end: span.end }] : [];
  });
}

/** `text` with the inserted lines of the pending `hunks` taken out: what rejecting every one of them leaves. */
export function withoutInserted(text: string, hunks: readonly ShownHunk[]): string {
  let kept = '';
  let at = 0;
  for (const span of insertedLeft(text, hunks, []).sort((a, b) => a.start - b.start)) {
    kept += text.slice(at, span.start);
    at = span.end;
  }
  return kept + text.slice(at);
}

/**
 * Follows pending hunks through one batch of document changes (all described against the text
 * before the batch). A change wholly before a hunk moves it; one wholly after leaves it; one that
 * overlaps or touches it (an insertion at its edge included) means the hunk no longer describes
 * the text it was made for: the result is then `undefined`, and the proposal must be withdrawn
 * rather than applied to lines it was not made for. A hunk spans [start, `extent`), by default its
 * old text; a shown hunk's extent includes its inserted lines.
 */
export function moveHunks<T extends PlacedHunk>(
  hunks: readonly T[],
  changes: readonly OffsetChange[],
  extent: (hunk: T) => number = (hunk) => hunk.end,
): T[] | undefined {
  const moved: T[] = [];
  for (const hunk of hunks) {
    let shift = 0;
    for (const change of changes) {
      const changeEnd = change.rangeOffset + change.rangeLength;
      if (touches(hunk.start, extent(hunk), change.rangeOffset, changeEnd)) {
        return undefined;
      }
      if (changeEnd <= hunk.start) {
        shift += change.textLength - change.rangeLength;
      }
    }
    moved.push(shift === 0 ? hunk : { ...hunk, start: hunk.start + shift, end: hunk.end + shift });
  }
  return moved;
}

function touches(start: number, end: number, changeStart: number, changeEnd: number): boolean {
  if (start === end || changeStart === changeEnd) {
    // An insertion point, or an insertion: at the edge of the other it is ambiguous which side
    // it belongs to, so it counts as touching.
    return changeStart <= end && changeEnd >= start;
  }
  return changeStart < end && changeEnd > start;
}

import type { OffsetChange } from '../../base/common/offsetTracking';
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

/**
 * Follows pending hunks through one batch of document changes (all described against the text
 * before the batch). A change wholly before a hunk moves it; one wholly after leaves it; one that
 * overlaps or touches it (an insertion at its edge included) means the hunk no longer describes
 * the text it was made for: the result is then `undefined`, and the proposal must be withdrawn
 * rather than applied to lines it was not made for.
 */
export function moveHunks(hunks: readonly PlacedHunk[], changes: readonly OffsetChange[]): PlacedHunk[] | undefined {
  const moved: PlacedHunk[] = [];
  for (const hunk of hunks) {
    let shift = 0;
    for (const change of changes) {
      const changeEnd = change.rangeOffset + change.rangeLength;
      if (touches(hunk, change.rangeOffset, changeEnd)) {
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

function touches(hunk: PlacedHunk, changeStart: number, changeEnd: number): boolean {
  if (hunk.start === hunk.end || changeStart === changeEnd) {
    // An insertion point, or an insertion: at the edge of the other it is ambiguous which side
    // it belongs to, so it counts as touching.
    return changeStart <= hunk.end && changeEnd >= hunk.start;
  }
  return changeStart < hunk.end && changeEnd > hunk.start;
}

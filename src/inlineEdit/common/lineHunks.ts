import { type ArrayChange, diffArrays } from 'diff';

/** A run of changed lines: `oldLines` (as they are now, from line `oldStart`) become `newLines`. */
export interface LineHunk {
  /** 0-based index of the first old line; for a pure insertion, the line the new lines go before. */
  readonly oldStart: number;
  /** Lines with their line breaks, so a hunk's text is their concatenation. */
  readonly oldLines: readonly string[];
  readonly newLines: readonly string[];
}

/**
 * Myers' diff costs about edits² time (0.3 s at this bound, in the extension host's thread): past this
 * many added and removed lines (two texts that share little) the changed middle becomes one hunk,
 * still exact, only coarser.
 */
const MAX_EDITS = 1_500;

/** Splits text into lines that keep their line break (`\n` or `\r\n`); the last may have none. */
export function splitLines(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g);
  return lines ? [...lines] : [];
}

/**
 * The changed runs between two texts, line by line: the common start and end are skipped, the rest
 * is aligned by jsdiff's Myers diff of the lines. Neighbouring hunks are always separated by at least
 * one unchanged line, so each can be accepted on its own.
 */
export function computeHunks(oldText: string, newText: string): LineHunk[] {
  const a = splitLines(oldText);
  const b = splitLines(newText);
  let prefix = 0;
  while (prefix < a.length && prefix < b.length && a[prefix] === b[prefix]) {
    prefix++;
  }
  let suffix = 0;
  while (suffix < a.length - prefix && suffix < b.length - prefix && a[a.length - 1 - suffix] === b[b.length - 1 - suffix]) {
    suffix++;
  }
  const oldMiddle = a.slice(prefix, a.length - suffix);
  const newMiddle = b.slice(prefix, b.length - suffix);
  if (oldMiddle.length === 0 && newMiddle.length === 0) {
    return [];
  }
  const changes = diffArrays(oldMiddle, newMiddle, { maxEditLength: MAX_EDITS });
  if (changes === undefined) {
    return [{ oldStart: prefix, oldLines: oldMiddle, newLines: newMiddle }];
  }
  return hunksOf(changes).map((hunk) => ({ ...hunk, oldStart: hunk.oldStart + prefix }));
}

/** Myers' runs of kept, removed and added lines, as hunks: each run of changes between two kept lines is one. */
function hunksOf(changes: readonly ArrayChange<string>[]): LineHunk[] {
  const hunks: LineHunk[] = [];
  let open: { oldStart: number; oldLines: string[]; newLines: string[] } | undefined;
  let oldIndex = 0;
  for (const change of changes) {
    if (!change.added && !change.removed) {
      if (open) {
        hunks.push(open);
        open = undefined;
      }
      oldIndex += change.count;
      continue;
    }
    open ??= { oldStart: oldIndex, oldLines: [], newLines: [] };
    if (change.removed) {
      open.oldLines.push(...change.value);
      oldIndex += change.count;
    } else {
      open.newLines.push(...change.value);
    }
  }
  if (open) {
    hunks.push(open);
  }
  return hunks;
}

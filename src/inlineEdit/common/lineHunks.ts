/** A run of changed lines: `oldLines` (as they are now, from line `oldStart`) become `newLines`. */
export interface LineHunk {
  /** 0-based index of the first old line; for a pure insertion, the line the new lines go before. */
  readonly oldStart: number;
  /** Lines with their line breaks, so a hunk's text is their concatenation. */
  readonly oldLines: readonly string[];
  readonly newLines: readonly string[];
}

/**
 * Above this many cells the longest-common-subsequence table would cost too much memory and time;
 * the changed middle then becomes one hunk (still correct, only coarser).
 */
const MAX_TABLE_CELLS = 4_000_000;

/** Splits text into lines that keep their line break (`\n` or `\r\n`); the last may have none. */
export function splitLines(text: string): string[] {
  const lines = text.match(/[^\n]*\n|[^\n]+$/g);
  return lines ? [...lines] : [];
}

/**
 * The changed runs between two texts, line by line: the common start and end are skipped, the rest
 * is aligned on a longest common subsequence of lines. Neighbouring hunks are always separated by
 * at least one unchanged line, so each can be accepted on its own.
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
  if (oldMiddle.length * newMiddle.length > MAX_TABLE_CELLS) {
    return [{ oldStart: prefix, oldLines: oldMiddle, newLines: newMiddle }];
  }
  return alignedHunks(oldMiddle, newMiddle).map((hunk) => ({ ...hunk, oldStart: hunk.oldStart + prefix }));
}

function alignedHunks(a: readonly string[], b: readonly string[]): LineHunk[] {
  const n = a.length;
  const m = b.length;
  const width = m + 1;
  // lengths[i * width + j]: the longest common subsequence of a[i..] and b[j..].
  const lengths = new Uint32Array((n + 1) * width);
  for (let i = n - 1; i >= 0; i--) {
    for (let j = m - 1; j >= 0; j--) {
      lengths[i * width + j] =
        a[i] === b[j]
          ? (lengths[(i + 1) * width + j + 1] ?? 0) + 1
          : Math.max(lengths[(i + 1) * width + j] ?? 0, lengths[i * width + j + 1] ?? 0);
    }
  }
  const hunks: LineHunk[] = [];
  let open: { oldStart: number; oldLines: string[]; newLines: string[] } | undefined;
  const close = (): void => {
    if (open) {
      hunks.push(open);
      open = undefined;
    }
  };
  let i = 0;
  let j = 0;
  while (i < n || j < m) {
    if (i < n && j < m && a[i] === b[j]) {
      close();
      i++;
      j++;
    } else if (j < m && (i === n || (lengths[i * width + j + 1] ?? 0) >= (lengths[(i + 1) * width + j] ?? 0))) {
      open ??= { oldStart: i, oldLines: [], newLines: [] };
      open.newLines.push(b[j] ?? '');
      j++;
    } else {
      open ??= { oldStart: i, oldLines: [], newLines: [] };
      open.oldLines.push(a[i] ?? '');
      i++;
    }
  }
  close();
  return hunks;
}

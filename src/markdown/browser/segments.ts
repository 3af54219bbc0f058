/**
 * Splits a long reply into pieces that markdown parses exactly as it parses the whole, so each
 * piece can be parsed, rendered and laid out in a task of its own. A piece ends only where the
 * next line could not continue the block before it: after a blank line, outside a fence, at a line
 * that starts in column 0 and is no list item. Long tables are cut into runs of rows that repeat
 * the header, and rendered as one table.
 */

/** Pieces are cut only from replies longer than this; shorter ones render in one go. */
export const SEGMENT_MIN_REPLY = 16_000;
/** About how much text a piece holds before it ends at the next safe line. */
export const SEGMENT_TARGET = 8_000;
/**
 * Rows of a table in one piece. A piece is laid out whole when it nears the viewport, and in a
 * narrow view a row's cells wrap to several lines (about 100 px a row in the sidebar): ten rows
 * are a view or two, where fifty were eight views laid out in one frame.
 */
export const TABLE_ROWS_PER_SEGMENT = 10;
/**
 * Tables with up to this many rows stay whole, so their columns size to their content: a piece
 * of a cut table has fixed columns, which only pays off for a table too long to lay out at once.
 */
export const TABLE_ROWS_KEPT_WHOLE = 50;
/** Lines of a code block in one piece. */
export const CODE_LINES_PER_SEGMENT = 500;

export type Segment =
  | {
      readonly markdown: string;
      /** Part of a table cut into pieces: rendered with fixed column widths; the pieces after the first hide their header. */
      readonly table?: 'first' | 'continued';
      /** The start of a code block cut into pieces: shown plain, as its later lines are. */
      readonly codeHead?: true;
    }
  /** Later lines of the code block the segment before started, as plain text. */
  | { readonly codeLines: string };

const FENCE = /^ {0,3}(`{3,}|~{3,})/;
const LIST_ITEM = /^(?:[-*+]|\d{1,9}[.)])(?:[ \t]|$)/;
/** A link reference definition: its label may be used anywhere in the reply, so such replies stay whole. */
const REFERENCE = /^ {0,3}\[[^\]]+\]:/m;
const TABLE_DELIMITER = /^ {0,3}\|?\s*:?-+:?\s*(?:\|\s*:?-+:?\s*)*\|?\s*$/;

export function splitIntoSegments(markdown: string): Segment[] {
  if (markdown.length <= SEGMENT_MIN_REPLY || REFERENCE.test(markdown)) {
    return [{ markdown }];
  }
  const lines = markdown.split('\n');
  const segments: Segment[] = [];
  let start = 0;
  let size = 0;
  let fence: string | undefined;
  const cut = (end: number): void => {
    if (end > start) {
      segments.push({ markdown: lines.slice(start, end).join('\n') });
    }
    start = end;
    size = 0;
  };
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const marker = fenceMarker(line);
    if (fence !== undefined) {
      if (marker !== undefined && marker[0] === fence[0] && marker.length >= fence.length && line.trim() === marker) {
        fence = undefined;
      }
    } else if (marker !== undefined && line.startsWith(marker) && isLongFence(lines, index, marker)) {
      cut(index);
      const end = fenceEnd(lines, index, marker);
      segments.push(...codePieces(lines, index, end));
      start = Math.min(end + 1, lines.length);
      index = start - 1;
      continue;
    } else if (marker !== undefined) {
      fence = marker;
    } else if (isLongTable(lines, index)) {
      cut(index);
      const end = tableEnd(lines, index);
      segments.push(...tablePieces(lines, index, end));
      start = end;
      index = end - 1;
      continue;
    } else if (size >= SEGMENT_TARGET && index > start && isSafeStart(lines, index)) {
      cut(index);
    }
    size += line.length + 1;
  }
  cut(lines.length);
  return segments;
}

/** The backticks or tildes that open (or close) a fence on this line; a backtick fence's info string holds no backtick. */
function fenceMarker(line: string): string | undefined {
  const marker = FENCE.exec(line)?.[1];
  return marker !== undefined && marker[0] === '`' && line.slice(line.indexOf(marker) + marker.length).includes('`') ? undefined : marker;
}

/** A fence opened at `index` that holds more lines than one piece: only that many lines are looked at. */
function isLongFence(lines: readonly string[], index: number, marker: string): boolean {
  return fenceEnd(lines, index, marker, index + 2 + CODE_LINES_PER_SEGMENT) - index - 1 > CODE_LINES_PER_SEGMENT;
}

/** The index of the line closing the fence opened at `index` by `marker` (`limit`, at most the line count, when none does before it). */
function fenceEnd(lines: readonly string[], index: number, marker: string, limit = lines.length): number {
  const stop = Math.min(limit, lines.length);
  for (let end = index + 1; end < stop; end++) {
    const line = lines[end] ?? '';
    const close = fenceMarker(line);
    if (close !== undefined && close[0] === marker[0] && close.length >= marker.length && line.trim() === close) {
      return end;
    }
  }
  return stop;
}

/** A long code block (opened at column 0, so at the top level) as its first lines in a fence of their own, then runs of plain lines. */
function codePieces(lines: readonly string[], index: number, end: number): Segment[] {
  const open = lines[index] ?? '';
  const marker = fenceMarker(open) ?? '```';
  const head = lines.slice(index, index + 1 + CODE_LINES_PER_SEGMENT);
  const pieces: Segment[] = [{ markdown: [...head, marker].join('\n'), codeHead: true }];
  for (let from = index + 1 + CODE_LINES_PER_SEGMENT; from < end; from += CODE_LINES_PER_SEGMENT) {
    pieces.push({ codeLines: lines.slice(from, Math.min(from + CODE_LINES_PER_SEGMENT, end)).join('\n') });
  }
  return pieces;
}

/** A line that starts a block no earlier line can continue. */
function isSafeStart(lines: readonly string[], index: number): boolean {
  const line = lines[index] ?? '';
  return (lines[index - 1] ?? '').trim() === '' && /^\S/.test(line) && !LIST_ITEM.test(line);
}

/** A table after a blank line (or at the start) with more rows than a table kept whole. */
function isLongTable(lines: readonly string[], index: number): boolean {
  const header = lines[index] ?? '';
  const delimiter = lines[index + 1] ?? '';
  return (
    (index === 0 || (lines[index - 1] ?? '').trim() === '') &&
    /^\S/.test(header) &&
    header.includes('|') &&
    delimiter.includes('-') &&
    TABLE_DELIMITER.test(delimiter) &&
    cells(header) === cells(delimiter) &&
    tableEnd(lines, index) - index - 2 > TABLE_ROWS_KEPT_WHOLE
  );
}

/** The index after the table's last row: rows run to a blank line or a line without a pipe. */
function tableEnd(lines: readonly string[], index: number): number {
  let end = index + 2;
  while (end < lines.length && (lines[end] ?? '').trim() !== '' && (lines[end] ?? '').includes('|')) {
    end++;
  }
  return end;
}

/** The table's rows in pieces, each behind the header and delimiter rows. */
function tablePieces(lines: readonly string[], index: number, end: number): Segment[] {
  const head = lines.slice(index, index + 2);
  const pieces: Segment[] = [];
  for (let rows = index + 2; rows < end; rows += TABLE_ROWS_PER_SEGMENT) {
    const body = lines.slice(rows, Math.min(rows + TABLE_ROWS_PER_SEGMENT, end));
    pieces.push({ markdown: [...head, ...body].join('\n'), table: pieces.length === 0 ? 'first' : 'continued' });
  }
  return pieces;
}

/** Cells of a table row, as markdown-it counts them (outer pipes do not count; escaped pipes are text). */
function cells(row: string): number {
  const inner = row
    .trim()
    .replace(/^\|/, '')
    .replace(/(?<!\\)\|$/, '');
  return inner.split(/(?<!\\)\|/).length;
}

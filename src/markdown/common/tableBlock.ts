import { type BlockState, isSpace } from './blockState';

/*
 * markdown-it's GFM table rule (15.0), kept to where a table starts and ends: a table may interrupt
 * a paragraph, and its rows take lines that would otherwise continue one.
 */

const PIPE = 0x7c;
const DASH = 0x2d;
const COLON = 0x3a;
const BACKSLASH = 0x5c;
/** markdown-it stops a table once its rows lack this many cells in all. */
const MAX_AUTOCOMPLETED_CELLS = 0x10000;

function lineText(state: BlockState, line: number): string {
  return state.src.slice(state.start(line), state.eMark(line));
}

/**
 * How many cells markdown-it makes of a row: it splits at each pipe not right after a backslash,
 * and a leading or a trailing pipe opens or closes the row without making a cell.
 */
function cellCount(row: string): number {
  let cells = 1;
  for (let pos = 0; pos < row.length; pos++) {
    if (row.charCodeAt(pos) === PIPE && row.charCodeAt(pos - 1) !== BACKSLASH) {
      cells++;
    }
  }
  const opens = row.charCodeAt(0) === PIPE ? 1 : 0;
  const closes = row.endsWith('|') && row.charCodeAt(row.length - 2) !== BACKSLASH ? 1 : 0;
  return cells - opens - closes;
}

/** The number of columns a table's delimiter row at `line` declares, or 0 if it is none. */
function delimiterColumns(state: BlockState, line: number): number {
  if (state.sCount(line) < state.blkIndent || state.sCount(line) - state.blkIndent >= 4) {
    return 0;
  }
  let pos = state.start(line);
  const max = state.eMark(line);
  if (pos >= max) {
    return 0;
  }
  const first = state.charAt(pos++);
  if ((first !== PIPE && first !== DASH && first !== COLON) || pos >= max) {
    return 0;
  }
  const second = state.charAt(pos++);
  if ((second !== PIPE && second !== DASH && second !== COLON && !isSpace(second)) || (first === DASH && isSpace(second))) {
    return 0;
  }
  for (; pos < max; pos++) {
    const ch = state.charAt(pos);
    if (ch !== PIPE && ch !== DASH && ch !== COLON && !isSpace(ch)) {
      return 0;
    }
  }
  const columns = lineText(state, line).split('|');
  let count = 0;
  for (let index = 0; index < columns.length; index++) {
    const cell = (columns[index] ?? '').trim();
    if (!cell) {
      if (index === 0 || index === columns.length - 1) {
        continue;
      }
      return 0;
    }
    if (!/^:?-+:?$/.test(cell)) {
      return 0;
    }
    count++;
  }
  return count;
}

export function table(state: BlockState, startLine: number, endLine: number, silent: boolean): boolean {
  if (startLine + 2 > endLine) {
    return false;
  }
  const columnCount = delimiterColumns(state, startLine + 1);
  if (columnCount === 0) {
    return false;
  }
  const header = lineText(state, startLine).trim();
  if (!header.includes('|') || state.sCount(startLine) - state.blkIndent >= 4 || cellCount(header) !== columnCount) {
    return false;
  }
  if (silent) {
    return true;
  }
  const oldParentType = state.parentType;
  state.parentType = 'table';
  let autocompleted = 0;
  let nextLine = startLine + 2;
  for (; nextLine < endLine; nextLine++) {
    if (state.sCount(nextLine) < state.blkIndent || state.interrupts(state.rules.blockquote, nextLine, endLine)) {
      break;
    }
    const row = lineText(state, nextLine).trim();
    if (!row || state.sCount(nextLine) - state.blkIndent >= 4) {
      break;
    }
    autocompleted += columnCount - cellCount(row);
    if (autocompleted > MAX_AUTOCOMPLETED_CELLS) {
      break;
    }
  }
  state.parentType = oldParentType;
  state.line = nextLine;
  return true;
}

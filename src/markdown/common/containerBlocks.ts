import { type BlockState, isSpace } from './blockState';

/*
 * markdown-it's container rules (15.0): block quotes and lists. Each shifts the lines it holds
 * (past `>` and its space, or to the item's content column), parses them as a document of their
 * own, and puts the lines back, as markdown-it does, so code blocks inside keep the same
 * indentation and the same end.
 */

const TAB = 0x09;
const SPACE = 0x20;

export function blockquote(state: BlockState, startLine: number, endLine: number, silent: boolean): boolean {
  if (state.sCount(startLine) - state.blkIndent >= 4 || state.charAt(state.start(startLine)) !== 0x3e) {
    return false;
  }
  if (silent) {
    return true;
  }
  const oldLineMax = state.lineMax;
  const oldParentType = state.parentType;
  const saved: Array<readonly [number, number, number, number]> = [];
  const save = (line: number): void => {
    saved.push([state.bMark(line), state.bsCount(line), state.sCount(line), state.tShift(line)]);
  };
  state.parentType = 'blockquote';
  let lastLineEmpty = false;
  let nextLine = startLine;
  for (; nextLine < endLine; nextLine++) {
    const isOutdented = state.sCount(nextLine) < state.blkIndent;
    let pos = state.start(nextLine);
    const max = state.eMark(nextLine);
    if (pos >= max) {
      // A blank line ends the quote.
      break;
    }
    if (state.charAt(pos++) === 0x3e && !isOutdented) {
      // The `>` and one following space (or a column of a tab) are the marker.
      let initial = state.sCount(nextLine) + 1;
      let spaceAfterMarker = false;
      let adjustTab = false;
      if (state.charAt(pos) === SPACE) {
        pos++;
        initial++;
        spaceAfterMarker = true;
      } else if (state.charAt(pos) === TAB) {
        spaceAfterMarker = true;
        if ((state.bsCount(nextLine) + initial) % 4 === 3) {
          pos++;
          initial++;
        } else {
          adjustTab = true;
        }
      }
      let offset = initial;
      save(nextLine);
      state.bMarks[nextLine] = pos;
      for (; pos < max; pos++) {
        const ch = state.charAt(pos);
        if (!isSpace(ch)) {
          break;
        }
        offset += ch === TAB ? 4 - ((offset + state.bsCount(nextLine) + (adjustTab ? 1 : 0)) % 4) : 1;
      }
      lastLineEmpty = pos >= max;
      state.bsCounts[nextLine] = state.sCount(nextLine) + 1 + (spaceAfterMarker ? 1 : 0);
      state.sCounts[nextLine] = offset - initial;
      state.tShifts[nextLine] = pos - state.bMark(nextLine);
      continue;
    }
    if (lastLineEmpty) {
      break;
    }
    if (state.interrupts(state.rules.blockquote, nextLine, endLine)) {
      state.lineMax = nextLine;
      if (state.blkIndent !== 0) {
        save(nextLine);
        state.sCounts[nextLine] = state.sCount(nextLine) - state.blkIndent;
      }
      break;
    }
    // A lazy continuation line: it continues a paragraph in the quote, if there is one.
    save(nextLine);
    state.sCounts[nextLine] = -1;
  }
  const oldIndent = state.blkIndent;
  state.blkIndent = 0;
  state.level++;
  state.tokenize(startLine, nextLine);
  state.level--;
  state.lineMax = oldLineMax;
  state.parentType = oldParentType;
  saved.forEach(([bMark, bsCount, sCount, tShift], index) => {
    state.bMarks[startLine + index] = bMark;
    state.bsCounts[startLine + index] = bsCount;
    state.sCounts[startLine + index] = sCount;
    state.tShifts[startLine + index] = tShift;
  });
  state.blkIndent = oldIndent;
  return true;
}

/** The position after a bullet (`*`, `-`, `+`) and the space or end of line after it, or -1. */
function skipBulletListMarker(state: BlockState, line: number): number {
  const max = state.eMark(line);
  let pos = state.start(line);
  const marker = state.charAt(pos++);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x2b) {
    return -1;
  }
  return pos < max && !isSpace(state.charAt(pos)) ? -1 : pos;
}

/** The position after an ordered marker (1 to 9 digits, then `.` or `)`), or -1. */
function skipOrderedListMarker(state: BlockState, line: number): number {
  const start = state.start(line);
  const max = state.eMark(line);
  let pos = start;
  if (pos + 1 >= max) {
    return -1;
  }
  let ch = state.charAt(pos++);
  if (ch < 0x30 || ch > 0x39) {
    return -1;
  }
  for (;;) {
    if (pos >= max) {
      return -1;
    }
    ch = state.charAt(pos++);
    if (ch >= 0x30 && ch <= 0x39) {
      if (pos - start >= 10) {
        return -1;
      }
      continue;
    }
    if (ch === 0x29 || ch === 0x2e) {
      break;
    }
    return -1;
  }
  return pos < max && !isSpace(state.charAt(pos)) ? -1 : pos;
}

export function list(state: BlockState, startLine: number, endLine: number, silent: boolean): boolean {
  let nextLine = startLine;
  if (state.sCount(nextLine) - state.blkIndent >= 4) {
    return false;
  }
  // A line indented past a list item's content but outdented from the current block is no item.
  if (state.listIndent >= 0 && state.sCount(nextLine) - state.listIndent >= 4 && state.sCount(nextLine) < state.blkIndent) {
    return false;
  }
  // Only an item that starts with text, and when ordered, one numbered 1, interrupts a paragraph.
  const isTerminatingParagraph = silent && state.parentType === 'paragraph' && state.sCount(nextLine) >= state.blkIndent;
  let posAfterMarker = skipOrderedListMarker(state, nextLine);
  const isOrdered = posAfterMarker >= 0;
  if (isOrdered) {
    if (isTerminatingParagraph && Number(state.src.slice(state.start(nextLine), posAfterMarker - 1)) !== 1) {
      return false;
    }
  } else {
    posAfterMarker = skipBulletListMarker(state, nextLine);
    if (posAfterMarker < 0) {
      return false;
    }
  }
  if (isTerminatingParagraph && state.skipSpaces(posAfterMarker) >= state.eMark(nextLine)) {
    return false;
  }
  if (silent) {
    return true;
  }
  const markerCharCode = state.charAt(posAfterMarker - 1);
  const oldParentType = state.parentType;
  state.parentType = 'list';
  state.level++;
  while (nextLine < endLine) {
    let pos = posAfterMarker;
    const max = state.eMark(nextLine);
    const initial = state.sCount(nextLine) + posAfterMarker - state.start(nextLine);
    let offset = initial;
    for (; pos < max; pos++) {
      const ch = state.charAt(pos);
      if (ch === TAB) {
        offset += 4 - ((offset + state.bsCount(nextLine)) % 4);
      } else if (ch === SPACE) {
        offset++;
      } else {
        break;
      }
    }
    const contentStart = pos;
    // Content indented 5+ columns after the marker is indented code: the item's column is one space.
    let indentAfterMarker = contentStart >= max ? 1 : offset - initial;
    if (indentAfterMarker > 4) {
      indentAfterMarker = 1;
    }
    const oldTShift = state.tShift(nextLine);
    const oldSCount = state.sCount(nextLine);
    const oldListIndent = state.listIndent;
    state.listIndent = state.blkIndent;
    state.blkIndent = initial + indentAfterMarker;
    state.tShifts[nextLine] = contentStart - state.bMark(nextLine);
    state.sCounts[nextLine] = offset;
    state.level++;
    if (contentStart >= max && state.isEmpty(nextLine + 1)) {
      // An item that starts with a blank line and continues with another is empty.
      state.line = Math.min(state.line + 2, endLine);
    } else {
      state.tokenize(nextLine, endLine);
    }
    state.level--;
    state.blkIndent = state.listIndent;
    state.listIndent = oldListIndent;
    state.tShifts[nextLine] = oldTShift;
    state.sCounts[nextLine] = oldSCount;
    nextLine = state.line;
    if (nextLine >= endLine || state.sCount(nextLine) < state.blkIndent || state.sCount(nextLine) - state.blkIndent >= 4) {
      break;
    }
    if (state.interrupts(state.rules.list, nextLine, endLine)) {
      break;
    }
    posAfterMarker = isOrdered ? skipOrderedListMarker(state, nextLine) : skipBulletListMarker(state, nextLine);
    // The list goes on only with an item of its own kind and marker character.
    if (posAfterMarker < 0 || markerCharCode !== state.charAt(posAfterMarker - 1)) {
      break;
    }
  }
  state.level--;
  state.line = nextLine;
  state.parentType = oldParentType;
  return true;
}

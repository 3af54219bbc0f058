import { type BlockState, isSpace } from './blockState';

/*
 * markdown-it's leaf block rules (15.0), kept to what decides where blocks start and end and what
 * a code block holds: indented code, fences, thematic breaks, ATX and setext headings and
 * paragraphs. The comments name CommonMark's rules where markdown-it follows them.
 */

const BACKTICK = 0x60;
const TILDE = 0x7e;

/** An indented code block: lines indented 4+ columns, with blank lines between them. */
export function code(state: BlockState, startLine: number, endLine: number): boolean {
  if (state.sCount(startLine) - state.blkIndent < 4) {
    return false;
  }
  let nextLine = startLine + 1;
  let last = nextLine;
  while (nextLine < endLine) {
    if (state.isEmpty(nextLine)) {
      nextLine++;
    } else if (state.sCount(nextLine) - state.blkIndent >= 4) {
      nextLine++;
      last = nextLine;
    } else {
      break;
    }
  }
  state.line = last;
  state.blocks.push({
    info: undefined,
    content: `${state.getLines(startLine, last, 4 + state.blkIndent, false)}\n`,
    map: [startLine, last],
  });
  return true;
}

/**
 * A fenced code block: 3+ backticks or tildes (a backtick fence's info string has no backtick),
 * closed by a line of 3+ of the same character, at least as many, indented less than 4 columns
 * and followed only by spaces; or else by the end of its container. Content lines lose up to as
 * many columns of indentation as the opening fence had.
 */
export function fence(state: BlockState, startLine: number, endLine: number, silent: boolean): boolean {
  let pos = state.start(startLine);
  let max = state.eMark(startLine);
  if (state.sCount(startLine) - state.blkIndent >= 4 || pos + 3 > max) {
    return false;
  }
  const marker = state.charAt(pos);
  if (marker !== TILDE && marker !== BACKTICK) {
    return false;
  }
  const opening = pos;
  pos = state.skipChars(pos, marker);
  const length = pos - opening;
  if (length < 3) {
    return false;
  }
  const info = state.src.slice(pos, max);
  if (marker === BACKTICK && info.includes('`')) {
    return false;
  }
  if (silent) {
    return true;
  }
  let nextLine = startLine;
  let closed = false;
  for (;;) {
    nextLine++;
    if (nextLine >= endLine) {
      break;
    }
    const lineStart = state.start(nextLine);
    pos = lineStart;
    max = state.eMark(nextLine);
    // A non-blank line indented less than the container ends it, and so the fence.
    if (pos < max && state.sCount(nextLine) < state.blkIndent) {
      break;
    }
    if (state.charAt(pos) !== marker || state.sCount(nextLine) - state.blkIndent >= 4) {
      continue;
    }
    pos = state.skipChars(pos, marker);
    if (pos - lineStart < length) {
      continue;
    }
    if (state.skipSpaces(pos) < max) {
      continue;
    }
    closed = true;
    break;
  }
  state.line = nextLine + (closed ? 1 : 0);
  const content = state.getLines(startLine + 1, nextLine, state.sCount(startLine), true);
  state.blocks.push({ info, content, map: [startLine, state.line] });
  return true;
}

/** A thematic break: 3+ of `*`, `-` or `_` with only spaces between. */
export function hr(state: BlockState, startLine: number, _endLine: number, silent: boolean): boolean {
  const max = state.eMark(startLine);
  if (state.sCount(startLine) - state.blkIndent >= 4) {
    return false;
  }
  let pos = state.start(startLine);
  const marker = state.charAt(pos++);
  if (marker !== 0x2a && marker !== 0x2d && marker !== 0x5f) {
    return false;
  }
  let count = 1;
  while (pos < max) {
    const ch = state.charAt(pos++);
    if (ch !== marker && !isSpace(ch)) {
      return false;
    }
    if (ch === marker) {
      count++;
    }
  }
  if (count < 3) {
    return false;
  }
  if (!silent) {
    state.line = startLine + 1;
  }
  return true;
}

/** An ATX heading: 1 to 6 `#`, then a space, a tab or the line's end. */
export function heading(state: BlockState, startLine: number, _endLine: number, silent: boolean): boolean {
  let pos = state.start(startLine);
  const max = state.eMark(startLine);
  if (state.sCount(startLine) - state.blkIndent >= 4) {
    return false;
  }
  let ch = state.charAt(pos);
  if (ch !== 0x23 || pos >= max) {
    return false;
  }
  let level = 1;
  ch = state.charAt(++pos);
  while (ch === 0x23 && pos < max && level <= 6) {
    level++;
    ch = state.charAt(++pos);
  }
  if (level > 6 || (pos < max && !isSpace(ch))) {
    return false;
  }
  if (!silent) {
    state.line = startLine + 1;
  }
  return true;
}

/** A setext heading: paragraph lines, then a line of only `=` or only `-`. */
export function lheading(state: BlockState, startLine: number, endLine: number): boolean {
  if (state.sCount(startLine) - state.blkIndent >= 4) {
    return false;
  }
  const oldParentType = state.parentType;
  state.parentType = 'paragraph';
  let underlined = false;
  let nextLine = startLine + 1;
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine++) {
    // Indented 4+ columns: a paragraph continuation line, never an underline.
    if (state.sCount(nextLine) - state.blkIndent > 3) {
      continue;
    }
    if (state.sCount(nextLine) >= state.blkIndent) {
      let pos = state.start(nextLine);
      const max = state.eMark(nextLine);
      if (pos < max) {
        const marker = state.charAt(pos);
        if (marker === 0x2d || marker === 0x3d) {
          pos = state.skipSpaces(state.skipChars(pos, marker));
          if (pos >= max) {
            underlined = true;
            break;
          }
        }
      }
    }
    // A lazy continuation line of a block quote.
    if (state.sCount(nextLine) < 0) {
      continue;
    }
    if (state.interrupts(state.rules.paragraph, nextLine, endLine)) {
      break;
    }
  }
  state.parentType = oldParentType;
  if (!underlined) {
    return false;
  }
  state.line = nextLine + 1;
  return true;
}

/** A paragraph: every line up to a blank one or to one that starts a block able to interrupt it. */
export function paragraph(state: BlockState, startLine: number, endLine: number): boolean {
  const oldParentType = state.parentType;
  state.parentType = 'paragraph';
  let nextLine = startLine + 1;
  for (; nextLine < endLine && !state.isEmpty(nextLine); nextLine++) {
    if (state.sCount(nextLine) - state.blkIndent > 3 || state.sCount(nextLine) < 0) {
      continue;
    }
    if (state.interrupts(state.rules.paragraph, nextLine, endLine)) {
      break;
    }
  }
  state.line = nextLine;
  state.parentType = oldParentType;
  return true;
}

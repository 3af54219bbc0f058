import { type BlockState, isSpace } from './blockState';
import { isAllowedLink, linkDestination } from './linkDestination';

/*
 * markdown-it's link reference definition rule (15.0): `[label]: destination "title"`, over one or
 * more lines. Whether one parses decides where the next block starts: the lines after a
 * definition begin anew (an indented line there is code), while the lines after a text that only
 * looks like one continue its paragraph.
 */

const MAX_LABEL_LENGTH = 999;
const NEWLINE = 0x0a;
const BACKSLASH = 0x5c;

function countCodePoints(text: string): number {
  return [...text].length;
}

function lineEnd(state: BlockState, line: number): number {
  return Math.min(state.eMark(line) + 1, state.src.length);
}

/** Where the definition goes on on `nextLine`, or -1 where a blank line or another block ends it. */
function nextLinePos(state: BlockState, nextLine: number): number {
  if (nextLine >= state.lineMax || state.isEmpty(nextLine)) {
    return -1;
  }
  const isContinuation = state.sCount(nextLine) - state.blkIndent > 3 || state.sCount(nextLine) < 0;
  if (!isContinuation) {
    const oldParentType = state.parentType;
    state.parentType = 'reference';
    const terminate = state.interrupts(state.rules.paragraph, nextLine, state.lineMax);
    state.parentType = oldParentType;
    if (terminate) {
      return -1;
    }
  }
  return state.start(nextLine);
}

interface TitleState {
  readonly ok: boolean;
  /** A title closed right after it opened: markdown-it treats an empty title as none. */
  readonly empty: boolean;
  readonly canContinue: boolean;
  readonly pos: number;
  readonly marker: number;
}

/** A title in `"…"`, `'…'` or `(…)`, which may go on over the next lines (`canContinue`). */
function linkTitle(src: string, start: number, max: number, previous?: TitleState): TitleState {
  let pos = start;
  let marker = previous?.marker ?? 0;
  const failed = { ok: false, empty: false, canContinue: false, pos: 0, marker };
  if (!previous) {
    if (pos >= max) {
      return failed;
    }
    marker = src.charCodeAt(pos);
    if (marker !== 0x22 && marker !== 0x27 && marker !== 0x28) {
      return failed;
    }
    pos++;
    marker = marker === 0x28 ? 0x29 : marker;
  }
  const contentStart = pos;
  for (; pos < max; pos++) {
    const code = src.charCodeAt(pos);
    if (code === marker) {
      return { ok: true, empty: !previous && pos === contentStart, canContinue: false, pos: pos + 1, marker };
    }
    if (code === 0x28 && marker === 0x29) {
      return { ...failed, marker };
    }
    if (code === BACKSLASH && pos + 1 < max) {
      pos++;
    }
  }
  return { ok: false, empty: false, canContinue: true, pos: 0, marker };
}

export function reference(state: BlockState, startLine: number, _endLine: number, silent: boolean): boolean {
  const src = state.src;
  let pos = state.start(startLine);
  let nextLine = startLine + 1;
  if (state.sCount(startLine) - state.blkIndent >= 4 || src.charCodeAt(pos) !== 0x5b) {
    return false;
  }
  let max = lineEnd(state, startLine);
  let rawLabel = '';
  let labelEnd = -1;
  let segmentStart = ++pos;
  while (pos < max) {
    if (rawLabel.length + pos - segmentStart > MAX_LABEL_LENGTH * 2) {
      return false;
    }
    let ch = src.charCodeAt(pos);
    if (ch === 0x5b) {
      return false;
    }
    if (ch === 0x5d) {
      labelEnd = pos;
      break;
    }
    if (ch === BACKSLASH) {
      ch = src.charCodeAt(++pos);
    }
    if (ch === NEWLINE && pos < max) {
      const nextPos = nextLinePos(state, nextLine);
      if (nextPos < 0) {
        return false;
      }
      rawLabel += src.slice(segmentStart, max);
      pos = segmentStart = nextPos;
      max = lineEnd(state, nextLine++);
      continue;
    }
    pos++;
  }
  if (labelEnd < 0 || src.charCodeAt(labelEnd + 1) !== 0x3a) {
    return false;
  }
  rawLabel += src.slice(segmentStart, labelEnd);
  if (rawLabel.length > MAX_LABEL_LENGTH && countCodePoints(rawLabel) > MAX_LABEL_LENGTH) {
    return false;
  }
  // Spaces, and up to the end of each line, between the parts.
  const skipBlank = (): void => {
    while (pos < max) {
      const ch = src.charCodeAt(pos);
      if (ch === NEWLINE) {
        const nextPos = nextLinePos(state, nextLine);
        if (nextPos < 0) {
          break;
        }
        pos = nextPos;
        max = lineEnd(state, nextLine++);
      } else if (isSpace(ch)) {
        pos++;
      } else {
        break;
      }
    }
  };
  pos = labelEnd + 2;
  skipBlank();
  const destination = linkDestination(src, pos, max);
  if (!destination || !isAllowedLink(destination.text)) {
    return false;
  }
  pos = destination.end;
  const destEndPos = pos;
  const destEndMax = max;
  const destEndLineNo = nextLine;
  skipBlank();
  const titleStart = pos;
  let title = linkTitle(src, pos, max);
  while (title.canContinue) {
    const nextPos = nextLinePos(state, nextLine);
    if (nextPos < 0) {
      break;
    }
    pos = nextPos;
    max = lineEnd(state, nextLine++);
    title = linkTitle(src, pos, max, title);
  }
  const hasTitle = titleStart !== destEndPos && title.ok;
  const backToDestination = (): void => {
    pos = destEndPos;
    max = destEndMax;
    nextLine = destEndLineNo;
  };
  if (hasTitle) {
    pos = title.pos;
  } else {
    backToDestination();
  }
  pos = state.skipSpaces(pos);
  // Text after a (non-empty) title on its line: the title is text then, so the definition ends before it.
  if (pos < max && src.charCodeAt(pos) !== NEWLINE && hasTitle && !title.empty) {
    backToDestination();
    pos = state.skipSpaces(pos);
  }
  if (pos < max && src.charCodeAt(pos) !== NEWLINE) {
    return false;
  }
  if (rawLabel.trim() === '') {
    return false;
  }
  if (!silent) {
    state.line = nextLine;
  }
  return true;
}

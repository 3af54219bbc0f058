/**
 * How many levels of blocks markdown-it follows (a list level counts two: the list and its item),
 * so about 127 nested lists. Past it markdown-it silently drops the rest of the text; the parse
 * recurses once per level and rescans the rest of the block at each, so this bound keeps a reply
 * nested 1,000 deep to about 20 ms of parsing (and far from the stack's limit), while a list
 * nested 100 deep still renders as lists. The webview's markdown-it and the host's code-block
 * scanner both stop here, so they agree on what block N is.
 */
export const MAX_NESTING = 256;

/** Quote markers or indentation that only nesting past MAX_NESTING would need. */
const SURELY_TOO_DEEP = new RegExp(`^(?:[ \\t]{${MAX_NESTING * 2},}|(?:[ \\t]*>){${MAX_NESTING},})`, 'm');

/**
 * True when a text would reach MAX_NESTING: the chat shows such a reply as text, with no code
 * blocks. Told by a scan, as the parse alone takes tens of ms at that depth.
 */
export function nestsTooDeep(markdown: string): boolean {
  return SURELY_TOO_DEEP.test(markdown);
}

/**
 * A block rule, as markdown-it's: tries to start its block at `startLine` (lines up to `endLine`
 * are the container's); `silent` only asks whether it would (to end a paragraph, say) and
 * changes nothing. Otherwise it moves `state.line` past its block.
 */
export type BlockRule = (state: BlockState, startLine: number, endLine: number, silent: boolean) => boolean;

export interface BlockRules {
  /** Every rule, in markdown-it's order; the last one (the paragraph) always matches. */
  readonly all: readonly BlockRule[];
  /** The rules whose block may interrupt a paragraph, a link reference definition or a table. */
  readonly paragraph: readonly BlockRule[];
  readonly blockquote: readonly BlockRule[];
  readonly list: readonly BlockRule[];
}

/** A fenced (`info` set) or indented (`info` undefined) code block, as markdown-it's token has it. */
export interface ScannedBlock {
  readonly info: string | undefined;
  readonly content: string;
  /** markdown-it's `map`: the first line and the line after the block, from 0. */
  readonly map: readonly [number, number];
}

const TAB = 0x09;
const SPACE = 0x20;

export function isSpace(code: number): boolean {
  return code === TAB || code === SPACE;
}

/**
 * markdown-it's `StateBlock`, less the tokens: each line's start, end, leading whitespace in
 * characters (`tShift`) and in columns (`sCount`, tabs to the next stop of 4), and where the
 * containers being parsed start. Block quotes and list items shift these while their content is
 * parsed, exactly as markdown-it does, so the rules below see the same numbers. Reading past the
 * last line gives NaN, as markdown-it's `undefined` does in its arithmetic.
 */
export class BlockState {
  readonly bMarks: number[] = [];
  readonly eMarks: number[] = [];
  readonly tShifts: number[] = [];
  readonly sCounts: number[] = [];
  readonly bsCounts: number[] = [];
  blkIndent = 0;
  line = 0;
  lineMax = 0;
  listIndent = -1;
  /** Only whether a paragraph is being continued matters (a list item interrupts one only in some ways). */
  parentType: 'root' | 'paragraph' | 'reference' | 'blockquote' | 'list' | 'table' = 'root';
  /** Open blocks around the current one: markdown-it's token level. */
  level = 0;
  readonly blocks: ScannedBlock[] = [];

  constructor(
    readonly src: string,
    readonly rules: BlockRules,
  ) {
    let indentFound = false;
    let indent = 0;
    let offset = 0;
    let start = 0;
    for (let pos = 0; pos < src.length; pos++) {
      const ch = src.charCodeAt(pos);
      if (!indentFound) {
        if (isSpace(ch)) {
          indent++;
          offset += ch === TAB ? 4 - (offset % 4) : 1;
          continue;
        }
        indentFound = true;
      }
      if (ch === 0x0a || pos === src.length - 1) {
        if (ch !== 0x0a) {
          pos++;
        }
        this.pushLine(start, pos, indent, offset);
        indentFound = false;
        indent = 0;
        offset = 0;
        start = pos + 1;
      }
    }
    this.pushLine(src.length, src.length, 0, 0);
    this.lineMax = this.bMarks.length - 1;
  }

  private pushLine(start: number, end: number, indent: number, offset: number): void {
    this.bMarks.push(start);
    this.eMarks.push(end);
    this.tShifts.push(indent);
    this.sCounts.push(offset);
    this.bsCounts.push(0);
  }

  bMark(line: number): number {
    return this.bMarks[line] ?? NaN;
  }

  eMark(line: number): number {
    return this.eMarks[line] ?? NaN;
  }

  tShift(line: number): number {
    return this.tShifts[line] ?? NaN;
  }

  sCount(line: number): number {
    return this.sCounts[line] ?? NaN;
  }

  bsCount(line: number): number {
    return this.bsCounts[line] ?? NaN;
  }

  /** Where the line's text starts, past its indentation. */
  start(line: number): number {
    return this.bMark(line) + this.tShift(line);
  }

  charAt(pos: number): number {
    return this.src.charCodeAt(pos);
  }

  isEmpty(line: number): boolean {
    return this.start(line) >= this.eMark(line);
  }

  skipEmptyLines(from: number): number {
    while (from < this.lineMax && this.isEmpty(from)) {
      from++;
    }
    return from;
  }

  skipSpaces(pos: number): number {
    while (pos < this.src.length && isSpace(this.charAt(pos))) {
      pos++;
    }
    return pos;
  }

  skipChars(pos: number, code: number): number {
    while (pos < this.src.length && this.charAt(pos) === code) {
      pos++;
    }
    return pos;
  }

  /** The text of lines `begin` to `end` with up to `indent` columns of indentation taken off each. */
  getLines(begin: number, end: number, indent: number, keepLastLF: boolean): string {
    let text = '';
    for (let line = begin; line < end; line++) {
      const lineStart = this.bMark(line);
      let first = lineStart;
      const last = line + 1 < end || keepLastLF ? this.eMark(line) + 1 : this.eMark(line);
      let lineIndent = 0;
      while (first < last && lineIndent < indent) {
        const ch = this.charAt(first);
        if (isSpace(ch)) {
          lineIndent += ch === TAB ? 4 - ((lineIndent + this.bsCount(line)) % 4) : 1;
        } else if (first - lineStart < this.tShift(line)) {
          // A block quote's marker, counted as indentation.
          lineIndent++;
        } else {
          break;
        }
        first++;
      }
      // A tab only partly inside the indentation leaves its other columns as spaces.
      text += ' '.repeat(Math.max(lineIndent - indent, 0)) + this.src.slice(first, last);
    }
    return text;
  }

  /** Whether one of `rules` would start a block at `line`. */
  interrupts(rules: readonly BlockRule[], line: number, endLine: number): boolean {
    return rules.some((rule) => rule(this, line, endLine, true));
  }

  /** markdown-it's block tokenizer over lines `startLine` to `endLine` of the current container. */
  tokenize(startLine: number, endLine: number): void {
    let line = startLine;
    while (line < endLine) {
      this.line = line = this.skipEmptyLines(line);
      if (line >= endLine || this.sCount(line) < this.blkIndent) {
        break;
      }
      if (this.level >= MAX_NESTING) {
        this.line = endLine;
        break;
      }
      const matched = this.rules.all.some((rule) => rule(this, line, endLine, false));
      if (!matched || this.line <= line) {
        throw new Error(`no block rule took line ${line}`);
      }
      line = this.line;
      if (line < endLine && this.isEmpty(line)) {
        line++;
        this.line = line;
      }
    }
  }
}

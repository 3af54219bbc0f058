/** How much of a command's output is sent at most, in characters (the end of it, where errors are). */
export const TERMINAL_OUTPUT_CAP = 8_000;

// CSI (ESC [ … final byte), OSC (ESC ] … BEL or ESC \), and other two-byte escapes.
const ESCAPES = /\u001b\[[0-?]*[ -/]*[@-~]|\u001b\][^\u0007\u001b]*(?:\u0007|\u001b\\)|\u001b[@-Z\\-_]/g;
/** An escape sequence cut off at the end of a chunk: held back until the next chunk completes it. */
const UNFINISHED_ESCAPE = /\u001b(?:\[[0-?]*[ -/]*|\][^\u0007\u001b]*)?$/;

/** Terminal text without colours, cursor moves and shell-integration marks, with plain line ends. */
export function stripTerminalEscapes(text: string): string {
  return text
    .replace(ESCAPES, '')
    .replace(/\r\n/g, '\n')
    .replace(/[^\n]*\r(?!\n)/g, '') // a carriage return alone redraws its line: keep what was drawn last
    .replace(/[\u0000-\u0008\u000b-\u001f\u007f]/g, '');
}

/** The end of a command's output as it streams in, cleaned, with how much there was in all. */
export class OutputTail {
  private tail = '';
  private pending = '';
  private total = 0;

  constructor(private readonly cap = TERMINAL_OUTPUT_CAP) {}

  push(chunk: string): void {
    const raw = this.pending + chunk;
    const unfinished = UNFINISHED_ESCAPE.exec(raw);
    this.pending = unfinished ? unfinished[0] : '';
    const clean = stripTerminalEscapes(unfinished ? raw.slice(0, unfinished.index) : raw);
    this.total += clean.length;
    this.tail = (this.tail + clean).slice(-this.cap);
  }

  result(): CapturedOutput {
    const text = this.tail.replace(/\s+$/, '');
    return { text, totalCharacters: Math.max(text.length, this.total - (this.tail.length - text.length)), cap: this.cap };
  }
}

export interface CapturedOutput {
  /** The last `cap` characters at most. */
  readonly text: string;
  /** How long the whole output was. */
  readonly totalCharacters: number;
  readonly cap: number;
}

/** Whether the output sent is only the end of it. */
export function isCut(output: CapturedOutput): boolean {
  return output.totalCharacters > output.text.length;
}

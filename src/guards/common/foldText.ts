import { isHiddenCodePoint } from './hiddenUnicode';

/** A text folded for matching, with where each of its UTF-16 units came from. */
export interface FoldedText {
  readonly folded: string;
  /** `starts[i]` and `ends[i]`: the offsets in the original text of what became unit `i` of `folded`. */
  readonly starts: Int32Array;
  readonly ends: Int32Array;
}

const IGNORED = 0;
const SPACE = 1;
const MARK = 2;
const OTHER = 3;

/**
 * Folds a text the way a lenient matcher reads it: hidden and default-ignorable characters
 * removed, every run of whitespace one space, then NFKC and full case folding (`ß` → `ss`, `Ｄ` →
 * `d`), a letter together with its combining marks, so a decomposed é folds like a composed one.
 * ASCII, most of any text, is lowercased in place without a string per character.
 */
export function foldForMatching(text: string): FoldedText {
  const out = new Output(text.length);
  const kinds = new Map<number, number>();
  const folds = new Map<string, string>();
  const kindOf = (point: number): number => {
    let kind = kinds.get(point);
    if (kind === undefined) {
      const char = String.fromCodePoint(point);
      kind =
        isHiddenCodePoint(point) || /\p{Default_Ignorable_Code_Point}/u.test(char)
          ? IGNORED
          : /\s/u.test(char)
            ? SPACE
            : /\p{M}/u.test(char)
              ? MARK
              : OTHER;
      kinds.set(point, kind);
    }
    return kind;
  };
  let space = -1;
  let spaceEnd = -1;
  const addSpace = (start: number, end: number): void => {
    space = space < 0 ? start : space;
    spaceEnd = end;
  };
  const add = (unit: number, start: number, end: number): void => {
    if (space >= 0) {
      out.add(0x20, space, spaceEnd);
      space = -1;
    }
    out.add(unit, start, end);
  };
  let index = 0;
  while (index < text.length) {
    const code = text.charCodeAt(index);
    if (code < 0x80) {
      if (code === 0x20 || (code >= 0x09 && code <= 0x0d)) {
        addSpace(index, index + 1);
        index++;
        continue;
      }
      const next = text.charCodeAt(index + 1);
      if (!(next >= 0x300) || kindOf(text.codePointAt(index + 1) ?? next) !== MARK) {
        add(code >= 0x41 && code <= 0x5a ? code + 0x20 : code, index, index + 1);
        index++;
        continue;
      }
    }
    const start = index;
    const point = text.codePointAt(index) ?? code;
    index += point > 0xffff ? 2 : 1;
    const kind = kindOf(point);
    if (kind === IGNORED) {
      continue;
    }
    if (kind === SPACE) {
      addSpace(start, index);
      continue;
    }
    let cluster = String.fromCodePoint(point);
    for (let next = text.codePointAt(index) ?? 0; index < text.length && next >= 0x80; next = text.codePointAt(index) ?? 0) {
      const nextKind = kindOf(next);
      if (nextKind !== MARK && nextKind !== IGNORED) {
        break;
      }
      cluster += nextKind === MARK ? String.fromCodePoint(next) : '';
      index += next > 0xffff ? 2 : 1;
    }
    let folded = folds.get(cluster);
    if (folded === undefined) {
      folded = cluster.normalize('NFKC').toUpperCase().toLowerCase().normalize('NFKC');
      folds.set(cluster, folded);
    }
    for (let offset = 0; offset < folded.length; offset++) {
      const unit = folded.charCodeAt(offset);
      if (unit === 0x20 || (unit >= 0x09 && unit <= 0x0d) || (unit >= 0x80 && kindOf(unit) === SPACE)) {
        addSpace(start, index);
      } else {
        add(unit, start, index);
      }
    }
  }
  return out.result();
}

/** The folded UTF-16 units and their origins, in typed arrays that grow as NFKC expands. */
class Output {
  private length = 0;
  private units: Uint16Array;
  private starts: Int32Array;
  private ends: Int32Array;

  constructor(expected: number) {
    const capacity = Math.max(16, expected);
    this.units = new Uint16Array(capacity);
    this.starts = new Int32Array(capacity);
    this.ends = new Int32Array(capacity);
  }

  add(unit: number, start: number, end: number): void {
    if (this.length === this.units.length) {
      this.grow();
    }
    this.units[this.length] = unit;
    this.starts[this.length] = start;
    this.ends[this.length] = end;
    this.length++;
  }

  result(): FoldedText {
    // A lone surrogate becomes U+FFFD here, one unit for one, so the offsets still hold.
    const folded = new TextDecoder('utf-16le').decode(this.units.subarray(0, this.length));
    return { folded, starts: this.starts.subarray(0, this.length), ends: this.ends.subarray(0, this.length) };
  }

  private grow(): void {
    const units = new Uint16Array(this.length * 2);
    const starts = new Int32Array(this.length * 2);
    const ends = new Int32Array(this.length * 2);
    units.set(this.units);
    starts.set(this.starts);
    ends.set(this.ends);
    this.units = units;
    this.starts = starts;
    this.ends = ends;
  }
}

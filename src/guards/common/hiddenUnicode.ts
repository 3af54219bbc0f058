/**
 * Characters that change what a text says without showing (Trojan Source bidi overrides, zero-width
 * and invisible characters, variation selectors and tag characters that smuggle text past a reader),
 * found so that a confirmation can show them, and a rendering that makes each one visible.
 */

export type HiddenCategory = 'bidi' | 'invisible' | 'variation' | 'tag';

/** Consecutive hidden characters shown as one marker: a run of the same character, or of tags or variation selectors. */
export interface HiddenRun {
  /** UTF-16 offsets in the text, end exclusive. */
  readonly start: number;
  readonly end: number;
  readonly category: HiddenCategory;
  /** The run's first code point. */
  readonly codePoint: number;
  /** The Unicode name, or a plural one for a run of mixed tags or variation selectors. */
  readonly name: string;
  /** How many code points the run holds. */
  readonly count: number;
  /** For tag characters: the ASCII text they spell, which is what a model reads and the user does not see. */
  readonly decoded?: string;
}

const NAMES: Readonly<Record<number, readonly [HiddenCategory, string]>> = {
  0x061c: ['bidi', 'ARABIC LETTER MARK'],
  0x200e: ['bidi', 'LEFT-TO-RIGHT MARK'],
  0x200f: ['bidi', 'RIGHT-TO-LEFT MARK'],
  0x202a: ['bidi', 'LEFT-TO-RIGHT EMBEDDING'],
  0x202b: ['bidi', 'RIGHT-TO-LEFT EMBEDDING'],
  0x202c: ['bidi', 'POP DIRECTIONAL FORMATTING'],
  0x202d: ['bidi', 'LEFT-TO-RIGHT OVERRIDE'],
  0x202e: ['bidi', 'RIGHT-TO-LEFT OVERRIDE'],
  0x2066: ['bidi', 'LEFT-TO-RIGHT ISOLATE'],
  0x2067: ['bidi', 'RIGHT-TO-LEFT ISOLATE'],
  0x2068: ['bidi', 'FIRST STRONG ISOLATE'],
  0x2069: ['bidi', 'POP DIRECTIONAL ISOLATE'],
  0x00ad: ['invisible', 'SOFT HYPHEN'],
  0x034f: ['invisible', 'COMBINING GRAPHEME JOINER'],
  0x115f: ['invisible', 'HANGUL CHOSEONG FILLER'],
  0x1160: ['invisible', 'HANGUL JUNGSEONG FILLER'],
  0x180e: ['invisible', 'MONGOLIAN VOWEL SEPARATOR'],
  0x200b: ['invisible', 'ZERO WIDTH SPACE'],
  0x200c: ['invisible', 'ZERO WIDTH NON-JOINER'],
  0x200d: ['invisible', 'ZERO WIDTH JOINER'],
  0x2060: ['invisible', 'WORD JOINER'],
  0x2061: ['invisible', 'FUNCTION APPLICATION'],
  0x2062: ['invisible', 'INVISIBLE TIMES'],
  0x2063: ['invisible', 'INVISIBLE SEPARATOR'],
  0x2064: ['invisible', 'INVISIBLE PLUS'],
  0x206a: ['invisible', 'INHIBIT SYMMETRIC SWAPPING'],
  0x206b: ['invisible', 'ACTIVATE SYMMETRIC SWAPPING'],
  0x206c: ['invisible', 'INHIBIT ARABIC FORM SHAPING'],
  0x206d: ['invisible', 'ACTIVATE ARABIC FORM SHAPING'],
  0x206e: ['invisible', 'NATIONAL DIGIT SHAPES'],
  0x206f: ['invisible', 'NOMINAL DIGIT SHAPES'],
  0x3164: ['invisible', 'HANGUL FILLER'],
  0xfeff: ['invisible', 'ZERO WIDTH NO-BREAK SPACE'],
  0xffa0: ['invisible', 'HALFWIDTH HANGUL FILLER'],
  0xfff9: ['invisible', 'INTERLINEAR ANNOTATION ANCHOR'],
  0xfffa: ['invisible', 'INTERLINEAR ANNOTATION SEPARATOR'],
  0xfffb: ['invisible', 'INTERLINEAR ANNOTATION TERMINATOR'],
};

/** A run of one character, a run of tags, or a run of variation selectors. */
const RUNS =
  /([\u00AD\u034F\u061C\u115F\u1160\u180E\u200B-\u200F\u202A-\u202E\u2060-\u2064\u2066-\u206F\u3164\uFEFF\uFFA0\uFFF9-\uFFFB])\1*|[\u{E0000}-\u{E007F}]+|[\uFE00-\uFE0F\u{E0100}-\u{E01EF}]+/gu;

const BLACK_FLAG = 0x1f3f4;
const CANCEL_TAG = 0xe007f;

/** Whether a code point is one this module reports, wherever it stands (used to strip them before matching). */
export function isHiddenCodePoint(codePoint: number): boolean {
  return NAMES[codePoint] !== undefined || isVariationSelector(codePoint) || isTag(codePoint);
}

/** The hidden characters of a text, as runs in order; characters in their legitimate place are left out (see `legitimate`). */
export function findHiddenUnicode(text: string): HiddenRun[] {
  const runs: HiddenRun[] = [];
  RUNS.lastIndex = 0;
  for (let match = RUNS.exec(text); match !== null; match = RUNS.exec(text)) {
    const run = match[0];
    const start = match.index;
    // Only the first few code points decide whether a run is legitimate; a megabyte of tags is walked once.
    const head: number[] = [];
    const spelled: number[] = [];
    let count = 0;
    let same = true;
    for (let index = 0; index < run.length; index++) {
      const point = run.codePointAt(index) ?? 0;
      index += point > 0xffff ? 1 : 0;
      count++;
      same &&= point === head[0] || head.length === 0;
      if (head.length < 8) {
        head.push(point);
      }
      if (point >= 0xe0020 && point <= 0xe007e) {
        spelled.push(point - 0xe0000);
      }
    }
    const first = head[0] ?? 0;
    const category = categoryOf(first);
    const single = count === 1 && legitimate(text, start, first);
    if (!single && !legitimateRun(text, start, category, head, count)) {
      runs.push(describeRun({ start, end: start + run.length, category, codePoint: first, count }, same, spelled));
    }
  }
  return runs;
}

/**
 * The text with each hidden run replaced by a visible marker, e.g. `⟦U+202E RIGHT-TO-LEFT OVERRIDE⟧`,
 * `⟦U+200B ZERO WIDTH SPACE ×3⟧` or `⟦U+E0001… TAG CHARACTERS ×6 "hello"⟧`, for a confirmation.
 */
export function revealHiddenUnicode(text: string, runs: readonly HiddenRun[] = findHiddenUnicode(text)): string {
  const pieces: string[] = [];
  const markers = new Map<string, string>();
  let from = 0;
  for (const run of runs) {
    const key = `${run.codePoint} ${run.count} ${run.name} ${run.decoded ?? ''}`;
    let marker = markers.get(key);
    if (marker === undefined) {
      marker = hiddenMarker(run);
      markers.set(key, marker);
    }
    pieces.push(text.slice(from, run.start), marker);
    from = run.end;
  }
  pieces.push(text.slice(from));
  return pieces.join('');
}

/** The marker one run is shown as. */
export function hiddenMarker(run: HiddenRun): string {
  const code = `U+${run.codePoint.toString(16).toUpperCase().padStart(4, '0')}`;
  const mixed = run.name === 'TAG CHARACTERS' || run.name === 'VARIATION SELECTORS' ? '…' : '';
  const count = run.count > 1 ? ` ×${run.count}` : '';
  // The whole smuggled text is in `decoded`; a confirmation needs enough of it to see what it is.
  const shown = run.decoded !== undefined && run.decoded.length > 200 ? `${run.decoded.slice(0, 200)}…` : run.decoded;
  const decoded = shown !== undefined && shown.length > 0 ? ` ${JSON.stringify(shown)}` : '';
  return `⟦${code}${mixed} ${run.name}${count}${decoded}⟧`;
}

function isVariationSelector(codePoint: number): boolean {
  return (codePoint >= 0xfe00 && codePoint <= 0xfe0f) || (codePoint >= 0xe0100 && codePoint <= 0xe01ef);
}

function isTag(codePoint: number): boolean {
  return codePoint >= 0xe0000 && codePoint <= 0xe007f;
}

function categoryOf(codePoint: number): HiddenCategory {
  if (isTag(codePoint)) {
    return 'tag';
  }
  return isVariationSelector(codePoint) ? 'variation' : (NAMES[codePoint]?.[0] ?? 'invisible');
}

/**
 * Characters with a visible job where they stand: a byte order mark at the very start, and a
 * joiner or non-joiner between two letters of a script that needs them (Persian, the Indic
 * scripts…) or between two emoji. Between Latin letters or next to spaces they only hide.
 */
function legitimate(text: string, index: number, codePoint: number): boolean {
  if (codePoint === 0xfeff) {
    return index === 0;
  }
  if (codePoint !== 0x200c && codePoint !== 0x200d) {
    return false;
  }
  const before = codePointBefore(text, index);
  const after = text.codePointAt(index + 1);
  if (before === undefined || after === undefined) {
    return false;
  }
  const pair = String.fromCodePoint(before) + String.fromCodePoint(after);
  return /^[\p{L}\p{M}]{2}$/u.test(pair)
    ? !/\p{Script=Latin}/u.test(pair)
    : codePoint === 0x200d && /^(?:\p{Extended_Pictographic}|\p{Emoji_Modifier}|\uFE0F)\p{Extended_Pictographic}$/u.test(pair);
}

/**
 * Runs that are ordinary text: one variation selector right after a visible character (an emoji's
 * text or emoji style, an ideographic variant), and the tags of a subdivision flag (🏴 then two to
 * six lowercase or digit tags and the cancel tag, like Scotland's). Longer runs are how text is
 * smuggled, so they are always shown.
 */
function legitimateRun(text: string, start: number, category: HiddenCategory, head: readonly number[], count: number): boolean {
  const before = codePointBefore(text, start);
  if (category === 'variation') {
    return count === 1 && before !== undefined && !/[\s\p{C}]/u.test(String.fromCodePoint(before));
  }
  if (category !== 'tag' || before !== BLACK_FLAG || count < 3 || count > 7) {
    return false;
  }
  return (
    head[count - 1] === CANCEL_TAG &&
    head.slice(0, count - 1).every((point) => (point >= 0xe0030 && point <= 0xe0039) || (point >= 0xe0061 && point <= 0xe007a))
  );
}

function describeRun(
  run: Pick<HiddenRun, 'start' | 'end' | 'category' | 'codePoint' | 'count'>,
  same: boolean,
  spelled: readonly number[],
): HiddenRun {
  const { category, codePoint, count } = run;
  if (category === 'tag') {
    let decoded = '';
    for (let from = 0; from < spelled.length; from += 4096) {
      decoded += String.fromCharCode(...spelled.slice(from, from + 4096));
    }
    return { ...run, name: count === 1 ? tagName(codePoint) : 'TAG CHARACTERS', decoded };
  }
  const name =
    category === 'variation' ? (same ? variationName(codePoint) : 'VARIATION SELECTORS') : (NAMES[codePoint]?.[1] ?? 'INVISIBLE CHARACTER');
  return { ...run, name };
}

function tagName(codePoint: number): string {
  if (codePoint === 0xe0001) {
    return 'LANGUAGE TAG';
  }
  return codePoint === CANCEL_TAG ? 'CANCEL TAG' : 'TAG CHARACTER';
}

function variationName(codePoint: number): string {
  return `VARIATION SELECTOR-${codePoint >= 0xe0100 ? codePoint - 0xe0100 + 17 : codePoint - 0xfe00 + 1}`;
}

function codePointBefore(text: string, index: number): number | undefined {
  if (index <= 0) {
    return undefined;
  }
  const low = text.charCodeAt(index - 1);
  if (low >= 0xdc00 && low <= 0xdfff && index >= 2) {
    const high = text.charCodeAt(index - 2);
    if (high >= 0xd800 && high <= 0xdbff) {
      return text.codePointAt(index - 2);
    }
  }
  return low;
}

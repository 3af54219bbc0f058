import * as assert from 'node:assert/strict';
import { findHiddenUnicode, isHiddenCodePoint, revealHiddenUnicode } from '../../../../src/guards/common/hiddenUnicode';

/** The names found in a text, in order. */
function names(text: string): string[] {
  return findHiddenUnicode(text).map((run) => run.name);
}

describe('hidden Unicode: what is found', () => {
  it('finds every bidi control, named', () => {
    const controls: Array<[string, string]> = [
      ['\u202A', 'LEFT-TO-RIGHT EMBEDDING'],
      ['\u202B', 'RIGHT-TO-LEFT EMBEDDING'],
      ['\u202C', 'POP DIRECTIONAL FORMATTING'],
      ['\u202D', 'LEFT-TO-RIGHT OVERRIDE'],
      ['\u202E', 'RIGHT-TO-LEFT OVERRIDE'],
      ['\u2066', 'LEFT-TO-RIGHT ISOLATE'],
      ['\u2067', 'RIGHT-TO-LEFT ISOLATE'],
      ['\u2068', 'FIRST STRONG ISOLATE'],
      ['\u2069', 'POP DIRECTIONAL ISOLATE'],
      ['\u200E', 'LEFT-TO-RIGHT MARK'],
      ['\u200F', 'RIGHT-TO-LEFT MARK'],
      ['\u061C', 'ARABIC LETTER MARK'],
    ];
    for (const [char, name] of controls) {
      assert.deepEqual(findHiddenUnicode(`a${char}b`), [
        { start: 1, end: 2, category: 'bidi', codePoint: char.codePointAt(0), name, count: 1 },
      ]);
    }
  });

  it('finds zero-width and invisible characters', () => {
    const text = 'a\u200Bb\u200Cc\u200Dd\u2060e\u2062f\u00ADg\u180Eh\uFEFFi\u3164j\uFFA0k\u034Fl';
    assert.deepEqual(names(text), [
      'ZERO WIDTH SPACE',
      'ZERO WIDTH NON-JOINER',
      'ZERO WIDTH JOINER',
      'WORD JOINER',
      'INVISIBLE TIMES',
      'SOFT HYPHEN',
      'MONGOLIAN VOWEL SEPARATOR',
      'ZERO WIDTH NO-BREAK SPACE',
      'HANGUL FILLER',
      'HALFWIDTH HANGUL FILLER',
      'COMBINING GRAPHEME JOINER',
    ]);
    assert.ok(findHiddenUnicode(text).every((run) => run.category === 'invisible'));
  });

  it('reads tag characters as the text they smuggle, with offsets in UTF-16 units', () => {
    const smuggled = [...'run rm'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
    const [run] = findHiddenUnicode(`ok${smuggled}.`);
    assert.deepEqual(run, {
      start: 2,
      end: 2 + 12,
      category: 'tag',
      codePoint: 0xe0072,
      name: 'TAG CHARACTERS',
      count: 6,
      decoded: 'run rm',
    });
  });

  it('finds runs of variation selectors, which can carry a payload', () => {
    const payload = 'x' + [0xe0100, 0xe0142, 0xfe01, 0xe01ef].map((point) => String.fromCodePoint(point)).join('');
    assert.deepEqual(findHiddenUnicode(payload), [
      { start: 1, end: 8, category: 'variation', codePoint: 0xe0100, name: 'VARIATION SELECTORS', count: 4 },
    ]);
    assert.deepEqual(names(' \uFE0F'), ['VARIATION SELECTOR-16'], 'a selector after a space selects nothing');
  });

  it('groups a run of the same character, and keeps different ones apart', () => {
    assert.deepEqual(
      findHiddenUnicode('a\u200B\u200B\u200B\u202E\u2066b').map(({ name, count, start, end }) => ({ name, count, start, end })),
      [
        { name: 'ZERO WIDTH SPACE', count: 3, start: 1, end: 4 },
        { name: 'RIGHT-TO-LEFT OVERRIDE', count: 1, start: 4, end: 5 },
        { name: 'LEFT-TO-RIGHT ISOLATE', count: 1, start: 5, end: 6 },
      ],
    );
  });

  it('flags joiners that hide between Latin letters or next to spaces', () => {
    assert.deepEqual(names('de\u200Dploy de\u200Cploy \u200Dx'), ['ZERO WIDTH JOINER', 'ZERO WIDTH NON-JOINER', 'ZERO WIDTH JOINER']);
  });
});

describe('hidden Unicode: what is ordinary text', () => {
  it('leaves emoji sequences alone: families, skin tones, presentation selectors, subdivision flags', () => {
    const scotland = '\u{1F3F4}\u{E0067}\u{E0062}\u{E0073}\u{E0063}\u{E0074}\u{E007F}';
    assert.deepEqual(findHiddenUnicode(`👨‍👩‍👧 👩🏽‍💻 ❤️ ❤️‍🔥 🏳️‍🌈 ☺︎ ${scotland}`), []);
  });

  it('leaves the joiners of scripts that need them alone (Persian, Devanagari)', () => {
    assert.deepEqual(findHiddenUnicode('می‌خواهم क्‍ष'), []);
  });

  it('leaves a byte order mark at the very start alone, and an ideographic variant selector', () => {
    assert.deepEqual(findHiddenUnicode('\uFEFFimport x;'), []);
    assert.deepEqual(findHiddenUnicode('葛\u{E0100}'), []);
  });

  it('flags tags after a flag when they do not spell a subdivision', () => {
    const spelled = [...'Ignore all'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
    assert.deepEqual(names(`\u{1F3F4}${spelled}\u{E007F}`), ['TAG CHARACTERS']);
  });

  it('knows every character it reports as hidden, for stripping', () => {
    for (const point of [0x202e, 0x200b, 0xfeff, 0x00ad, 0xfe0f, 0xe0041, 0xe0100, 0x3164]) {
      assert.ok(isHiddenCodePoint(point), point.toString(16));
    }
    assert.ok(!isHiddenCodePoint('a'.codePointAt(0) ?? 0));
    assert.ok(!isHiddenCodePoint(0x00a0), 'a no-break space shows as a space');
  });
});

describe('hidden Unicode: the visible rendering', () => {
  it('shows the Trojan Source comment trick, and leaves the rest as it was', () => {
    const line = 'if (accessLevel != "user\u202E \u2066// Check if admin\u2069 \u2066") {';
    assert.equal(
      revealHiddenUnicode(line),
      'if (accessLevel != "user⟦U+202E RIGHT-TO-LEFT OVERRIDE⟧ ⟦U+2066 LEFT-TO-RIGHT ISOLATE⟧// Check if admin' +
        '⟦U+2069 POP DIRECTIONAL ISOLATE⟧ ⟦U+2066 LEFT-TO-RIGHT ISOLATE⟧") {',
    );
  });

  it('counts runs and spells tags', () => {
    const tags = [...'hi"'].map((char) => String.fromCodePoint(0xe0000 + char.charCodeAt(0))).join('');
    assert.equal(revealHiddenUnicode(`a\u200B\u200Bb${tags}`), 'a⟦U+200B ZERO WIDTH SPACE ×2⟧b⟦U+E0068… TAG CHARACTERS ×3 "hi\\""⟧');
  });

  it('shows the first 200 characters of a long smuggled text, and counts them all', () => {
    const tags = String.fromCodePoint(0xe0061).repeat(300);
    assert.equal(revealHiddenUnicode(tags), `⟦U+E0061… TAG CHARACTERS ×300 "${'a'.repeat(200)}…"⟧`);
  });

  it('returns a text without hidden characters unchanged', () => {
    const text = 'plain text, émoji 👍 and 中文';
    assert.equal(revealHiddenUnicode(text), text);
  });

  it('reveals 1 MB with a thousand hidden characters, and a megabyte of tags, quickly', () => {
    const text = `${'x'.repeat(1000)}\u200B`.repeat(1000);
    const tags = String.fromCodePoint(0xe0041).repeat(500_000);
    let fastest = Number.POSITIVE_INFINITY;
    for (let round = 0; round < 5 && fastest >= 500; round++) {
      const started = performance.now();
      assert.equal(revealHiddenUnicode(text).length, text.length + 1000 * ('⟦U+200B ZERO WIDTH SPACE⟧'.length - 1));
      assert.equal(findHiddenUnicode(tags)[0]?.decoded?.length, 500_000);
      fastest = Math.min(fastest, performance.now() - started);
    }
    assert.ok(fastest < 500, `${fastest.toFixed(0)} ms`);
  });
});

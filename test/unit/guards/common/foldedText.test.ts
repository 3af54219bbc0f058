import * as assert from 'node:assert/strict';
import { findActionPhrases } from '../../../../src/guards/common/actionPhrases';
import { foldedLoosely, phraseSearch } from '../../../../src/guards/common/foldedText';
import { foldForMatching } from '../../../../src/guards/common/foldText';
import { seededRandom as random } from './seededRandom';

/** Pieces a text is made of: ASCII, whitespace of every kind, marks, compatibility forms, hidden characters, surrogates. */
const PIECES = [
  ...'aAbBdDeEkKnNoOsSwWyYzZ019-_.:;/`@#',
  ...'aaaa eeee deploy DEPLOY Deploy now NOW go'.split(' '),
  ...' \t\n\r\v\f',
  '\u00a0',
  '\u1680',
  '\u2003',
  '\u2028',
  '\u2029',
  '\u202f',
  '\u205f',
  '\u3000',
  '\u0085',
  '\u001c',
  '\u0301',
  '\u0323',
  '\u0308',
  '\u20dd',
  'e\u0301',
  'é',
  'É',
  'ö',
  'Ö',
  'Ｄ',
  'Ｅ',
  'ｄ',
  'ｏ',
  '０',
  'ß',
  'ẞ',
  'ﬁ',
  'ﬀ',
  'ﬃ',
  'Ⅻ',
  '㎏',
  'ǅ',
  'İ',
  'ı',
  'K',
  'ſ',
  'Σ',
  'ς',
  'ﷺ',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u2060',
  '\ufeff',
  '\u00ad',
  '\u034f',
  '\u061c',
  '\u200e',
  '\u202e',
  '\u2066',
  '\u2069',
  '\ufe0f',
  '\u{e0020}',
  '\u{e0041}',
  '\u{1d400}',
  '\u{1d41a}',
  '😀',
  '\u{10400}',
  '\ud800',
  '\udc00',
  '\udbff',
  '’',
  '…',
  '→',
];

function randomText(next: (below: number) => number, pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index++) {
    text += PIECES[next(PIECES.length)] ?? '';
  }
  return text;
}

/** Mostly ASCII, with a few other pieces here and there, as files are. */
function mostlyAscii(next: (below: number) => number, pieces: number): string {
  let text = '';
  for (let index = 0; index < pieces; index++) {
    text += next(8) === 0 ? (PIECES[next(PIECES.length)] ?? '') : (PIECES[next(60)] ?? '');
  }
  return text;
}

/** The fold with its whitespace runs collapsed the way `foldForMatching` collapses them, and none at the end. */
function collapsed(loose: string): string {
  return loose.replace(/[\t-\r ]+/g, ' ').replace(/ $/, '');
}

describe('loose fold: the fold without offsets and without collapsed ASCII whitespace', () => {
  it('collapses to exactly what foldForMatching folds, for random texts of every kind of character', () => {
    for (let seed = 1; seed <= 4000; seed++) {
      const next = random(seed);
      const text = seed % 2 === 0 ? randomText(next, next(40)) : mostlyAscii(next, next(120));
      assert.equal(collapsed(foldedLoosely(text)), foldForMatching(text).folded, JSON.stringify(text));
    }
  });

  it('folds edge cases the same: empty, only whitespace, marks after ASCII, non-ASCII at either end', () => {
    const texts = [
      '',
      ' ',
      ' \n\t',
      'a',
      'A\u0301',
      ' A\u0301 ',
      'é',
      ' é ',
      'Ｄ  x',
      'x\t\tＤ',
      'a\u200b b',
      'ab\u200b  \u200b cd',
      '\ud800',
      'a\udc00b',
      'Σ ς',
    ];
    for (const text of texts) {
      assert.equal(collapsed(foldedLoosely(text)), foldForMatching(text).folded, JSON.stringify(text));
    }
  });

  it('finds a folded phrase exactly where the fold holds it', () => {
    for (let seed = 1; seed <= 4000; seed++) {
      const next = random(seed * 7 + 3);
      const text = seed % 2 === 0 ? randomText(next, next(40)) : mostlyAscii(next, next(120));
      // Half of the phrases are cut from the text itself, so that many are found.
      const from = next(text.length + 1);
      const phrase = next(2) === 0 ? text.slice(from, from + 1 + next(12)) : randomText(next, 1 + next(4));
      const needle = foldForMatching(phrase).folded.trim();
      if (needle.length === 0) {
        continue;
      }
      const folded = foldForMatching(text).folded;
      assert.equal(phraseSearch(needle)(foldedLoosely(text)), folded.includes(needle), JSON.stringify([text, needle]));
    }
  });

  it('leaves the matches of the action-phrase guard as folding every text with offsets gives them', () => {
    for (let seed = 1; seed <= 1500; seed++) {
      const next = random(seed * 13 + 5);
      const texts = [mostlyAscii(next, next(80)), randomText(next, next(30)), mostlyAscii(next, next(80))];
      const from = next(texts[0]?.length ?? 0);
      const phrases = [texts[0]?.slice(from, from + 1 + next(10)) ?? '', randomText(next, 1 + next(3)), 'deploy now'];
      const parts = texts.map((text, index) => ({ source: `part ${index}`, text }));
      const limit = next(4) === 0 ? next(3) : undefined;
      assert.deepEqual(
        findActionPhrases(phrases, parts, { limit }),
        foldedEverywhere(phrases, parts, limit),
        JSON.stringify([phrases, texts]),
      );
    }
  });
});

/** The guard's matches when every part is folded with offsets: places, phrases and lines, as the guard found them before. */
function foldedEverywhere(
  phrases: readonly string[],
  parts: ReadonlyArray<{ source: string; text: string }>,
  limit = Number.POSITIVE_INFINITY,
): ReturnType<typeof findActionPhrases> {
  const matches: ReturnType<typeof findActionPhrases> = [];
  for (const part of parts) {
    if (matches.length >= limit) {
      break;
    }
    // A phrase that stands nowhere in the fold gives nothing; the guard describes the others.
    const folded = foldForMatching(part.text).folded;
    const holds = phrases.some((phrase) => {
      const needle = foldForMatching(phrase).folded.trim();
      return needle.length > 0 && folded.includes(needle);
    });
    if (holds) {
      matches.push(...findActionPhrases(phrases, [part], { limit: limit - matches.length }));
    }
  }
  return matches;
}

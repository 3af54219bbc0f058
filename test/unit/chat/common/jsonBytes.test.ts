import * as assert from 'node:assert/strict';
import { jsonStringBytes } from '../../../../src/chat/common/jsonBytes';

/** What the body carries for `text`: the bytes the client sends. */
function expected(text: string): number {
  return Buffer.byteLength(JSON.stringify(text), 'utf8');
}

describe('JSON string bytes', () => {
  it('counts every kind of character as JSON.stringify writes it, in UTF-8', () => {
    const cases = [
      '',
      'plain',
      '"quoted" \\ back',
      '\b\t\n\f\r \u0000 \u0001 \u001f \u007f',
      'é ß – € 中 文',
      '😀 pair, \ud83d alone high, \ude00 alone low, end high \ud83d',
      '\u2028\u2029 line separators',
      '\ud800\ud800\udc00',
    ];
    for (const text of cases) {
      assert.equal(jsonStringBytes(text), expected(text), JSON.stringify(text));
    }
  });

  it('agrees with JSON.stringify on random text drawn from every range', () => {
    let seed = 7;
    const random = (): number => {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      return seed / 2 ** 31;
    };
    const ranges = [
      [0, 0x20],
      [0x20, 0x80],
      [0x80, 0x800],
      [0x800, 0xd800],
      [0xd800, 0xe000],
      [0xe000, 0x10000],
    ] as const;
    for (let round = 0; round < 200; round++) {
      const codes = Array.from({ length: 1 + Math.floor(random() * 40) }, () => {
        const [from, to] = ranges[Math.floor(random() * ranges.length)] ?? [0x20, 0x80];
        return from + Math.floor(random() * (to - from));
      });
      const text = String.fromCharCode(...codes);
      assert.equal(jsonStringBytes(text), expected(text), JSON.stringify(codes));
    }
  });
});

/**
 * Random markdown documents built from the lines that decide where code blocks start and end:
 * fences of both kinds and lengths, info strings, indented lines, tabs, quote and list markers
 * (nested, lazy, empty), tables, link reference definitions (good and refused, titles over several
 * lines), headings, thematic breaks and setext underlines, with \n, \r\n or \r between lines.
 * Seeded, so a failure can be replayed.
 */

const PREFIXES = [
  '',
  '',
  '',
  ' ',
  '  ',
  '   ',
  '    ',
  '     ',
  '\t',
  ' \t',
  '> ',
  '>',
  '>\t',
  '> > ',
  '>>',
  '- ',
  '* ',
  '+ ',
  '-\t',
  '1. ',
  '2) ',
  '1.\t',
  '10. ',
  '  - ',
  '   > ',
  '-    ',
  '1.     ',
];

const LINES = [
  ...[
    '```',
    '````',
    '~~~',
    '~~~~',
    '```ts',
    '``` ts src/app.ts',
    '```ts:src/app.ts',
    '```a`b',
    '~~~ a`b',
    '``` ```',
    '```  ',
    '~~~   ',
    '\\```',
    'x```',
  ],
  ...['code', 'text', 'more text', '', '', '\t\tx', '<div>', '1.', '2.', '-', '>', '1) item', '* item'],
  ...['---', '===', '***', '- - -', '___', '# h', '#h', '###### h', '####### h'],
  ...['| a | b |', '|---|---|', '-|-', 'a | b', '|', '| --- |', 'a \\| b | c'],
  ...['[a]: /u', '[a]: /u "t"', '[a]:', '"t"', '"t" x', '"" x', '(t) x', "'' ", "'t", "t'", '""', 't)', '[j]', ']: /u', '[k]: /u ""'],
  ...['[b]: <x y>', '[c]: javascript:x', '[d]: &#106;avascript:x', '[e]: javascript&colon;x', '[f]: &nbsp;javascript:x'],
  ...['[g]: data:image/png;x', '[h]: <>', '[i]: /u (t', '[ ]: /u', '[l\\]]: /u'],
];

/** mulberry32: a small, good enough generator of numbers in [0, 1). */
function generator(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export function randomDocuments(seed: number, count: number): string[] {
  const random = generator(seed);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)] as T;
  return Array.from({ length: count }, () => {
    const lines = Array.from({ length: 1 + Math.floor(random() * 12) }, () => {
      const depth = random() < 0.5 ? 0 : random() < 0.7 ? 1 : 2;
      const containers = Array.from({ length: depth }, () => pick(PREFIXES)).join('');
      return `${containers}${pick(PREFIXES.slice(0, 6))}${pick(LINES)}${random() < 0.1 ? '  ' : ''}`;
    });
    const breaks = lines.map(() => (random() < 0.05 ? '\r\n' : random() < 0.02 ? '\r' : '\n'));
    return lines.map((line, index) => line + (index < lines.length - 1 || random() < 0.5 ? breaks[index] : '')).join('');
  });
}

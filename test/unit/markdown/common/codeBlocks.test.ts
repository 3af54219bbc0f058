import * as assert from 'node:assert/strict';
import { heavyReplies } from '../../../../scripts/bench/heavyReplies';
import { MAX_NESTING } from '../../../../src/markdown/common/blockState';
import { extractCodeBlocks } from '../../../../src/markdown/common/codeBlocks';
import { createMarkdown } from '../../../../src/markdown/common/markdown';
import { COMMONMARK_CODE_EXAMPLES } from './commonmarkExamples';
import { markdownCorpus } from './markdownCorpus';
import { randomDocuments } from './randomMarkdown';

/** What both sides say of a block: kind, info string, code and lines. */
type Found = readonly [kind: 'fenced' | 'indented', info: string, code: string, startLine: number, endLine: number];

const md = createMarkdown();
// Block tokens are final before the inline phase, which only fills their children: the oracle
// skips it, which makes it several times faster on the heavy replies.
md.core.ruler.disable(['inline', 'linkify', 'replacements', 'smartquotes', 'text_join']);

/** The oracle: the webview's markdown-it, its `fence` and `code_block` tokens. */
function markdownItBlocks(markdown: string): Found[] {
  return md
    .parse(markdown, {})
    .filter((token) => token.type === 'fence' || token.type === 'code_block')
    .map((token) => [
      token.type === 'fence' ? 'fenced' : 'indented',
      token.info,
      token.content,
      token.map?.[0] ?? -1,
      token.map?.[1] ?? -1,
    ]);
}

function scannedBlocks(markdown: string): Found[] {
  return extractCodeBlocks(markdown).map((block) => [block.kind, block.info, block.code, block.startLine, block.endLine]);
}

/** Asserts the scan equals markdown-it on each text; returns how many code blocks they held. */
function assertSameAsMarkdownIt(texts: readonly string[], what: string): number {
  let blocks = 0;
  for (const text of texts) {
    const expected = markdownItBlocks(text);
    assert.deepEqual(scannedBlocks(text), expected, `${what}: ${JSON.stringify(text.length > 400 ? `${text.slice(0, 400)}…` : text)}`);
    blocks += expected.length;
  }
  return blocks;
}

describe('extractCodeBlocks: the code blocks markdown-it finds, without markdown-it', () => {
  it('finds them in the CommonMark examples of tabs, indented code and fenced code', () => {
    const blocks = assertSameAsMarkdownIt(
      COMMONMARK_CODE_EXAMPLES.map(([, markdown]) => markdown),
      'CommonMark example',
    );
    assert.ok(COMMONMARK_CODE_EXAMPLES.length >= 50 && blocks >= 40, `${COMMONMARK_CODE_EXAMPLES.length} examples, ${blocks} blocks`);
  });

  it('gives the whole info string and the lines of each block', () => {
    const markdown = [
      '```ts src/app.ts',
      'let a = 1;',
      '```',
      '',
      '~~~ts:src/b.ts  ',
      'b',
      '~~~',
      '',
      '    indented',
      '',
      '```',
      'open to the end',
    ].join('\n');
    assert.deepEqual(scannedBlocks(markdown), [
      ['fenced', 'ts src/app.ts', 'let a = 1;\n', 0, 3],
      ['fenced', 'ts:src/b.ts  ', 'b\n', 4, 7],
      ['indented', '', 'indented\n', 8, 9],
      ['fenced', '', 'open to the end', 10, 12],
    ]);
    assert.deepEqual(
      extractCodeBlocks(markdown).map((block) => block.fenceLanguage),
      ['ts', 'ts:src/b.ts', '', ''],
    );
    assert.deepEqual(scannedBlocks(markdown), markdownItBlocks(markdown));
  });

  it('finds them in block quotes and list items, indented as their container, ended with it', () => {
    const cases: Array<[string, Found[]]> = [
      ['> ```js\n> let quoted;\n> ```\n', [['fenced', 'js', 'let quoted;\n', 0, 3]]],
      ['> ```\n> unclosed in the quote\n\nafter the quote\n', [['fenced', '', 'unclosed in the quote\n', 0, 2]]],
      ['1. Step:\n   ```bash\n   npm install\n   ```\n2. Next', [['fenced', 'bash', 'npm install\n', 1, 4]]],
      ['- item\n\n      four past the item\n', [['indented', '', 'four past the item\n', 2, 3]]],
      ['- item\n\n    only two past the item\n', []],
      [
        '- ```\n  in item\n- ```\n  next item\n',
        [
          ['fenced', '', 'in item\n', 0, 2],
          ['fenced', '', 'next item\n', 2, 4],
        ],
      ],
      ['> > ~~~~sql\n> > SELECT 1;\n> > ~~~~', [['fenced', 'sql', 'SELECT 1;\n', 0, 3]]],
      ['Paragraph\n    lazy, not code\n', []],
      ['Heading\n---\n    code after a setext heading\n', [['indented', '', 'code after a setext heading\n', 2, 3]]],
      ['[ref]: /url\n    code after a link definition\n', [['indented', '', 'code after a link definition\n', 1, 2]]],
      ['[ref]: javascript:alert(1)\n    refused: the paragraph goes on\n', []],
      ['| a |\n| - |\n| 1 |\n```\nafter the table\n```\n', [['fenced', '', 'after the table\n', 3, 6]]],
      ['  ```\n  two-space fence\n    keeps two\n  ```\n', [['fenced', '', 'two-space fence\n  keeps two\n', 0, 4]]],
      ['```\r\nCRLF\r\n```\r\n', [['fenced', '', 'CRLF\n', 0, 3]]],
    ];
    for (const [markdown, expected] of cases) {
      assert.deepEqual(scannedBlocks(markdown), expected, JSON.stringify(markdown));
      assert.deepEqual(markdownItBlocks(markdown), expected, `markdown-it agrees on ${JSON.stringify(markdown)}`);
    }
  });

  it('finds them in every markdown text of the tests, the emulator and the bench, heavy replies included', () => {
    const corpus = [...markdownCorpus(), ...heavyReplies().map((reply) => reply.markdown)];
    const blocks = assertSameAsMarkdownIt(corpus, 'corpus text');
    assert.ok(corpus.length >= 80 && blocks >= 100, `${corpus.length} texts, ${blocks} blocks`);
  });

  it('finds them in 3,000 random documents of fences, containers, tables, link definitions and headings', () => {
    const documents = randomDocuments(20_251_126, 3000);
    const blocks = assertSameAsMarkdownIt(documents, 'random document');
    assert.ok(blocks >= 2000, `${blocks} blocks`);
  });

  it('stops where markdown-it stops nesting, and finds the blocks after', () => {
    const fence = '```ts\nconst after = 1;\n```';
    const lists = (depth: number): string => Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}- ${fence}`).join('\n');
    const texts = [
      `${'> '.repeat(MAX_NESTING - 1)}${fence}\n\n${fence}`,
      `${'> '.repeat(MAX_NESTING + 5)}${fence}\n\n${fence}`,
      `${lists(MAX_NESTING / 2 + 3)}\n\n${fence}`,
    ];
    assertSameAsMarkdownIt(texts, 'deep nesting');
    assert.equal(extractCodeBlocks(texts[1] ?? '').length, 1, 'the block nested too deep is dropped, as markdown-it drops it');
  });
});

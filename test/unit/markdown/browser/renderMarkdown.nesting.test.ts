import * as assert from 'node:assert/strict';
import { MAX_NESTING } from '../../../../src/markdown/common/blockState';
import { extractCodeBlocks } from '../../../../src/markdown/common/codeBlocks';
import { createMarkdown, parseMarkdown } from '../../../../src/markdown/common/markdown';
import { WEBVIEW_STRING_DEFAULTS } from '../../../../src/webview/common/webviewStrings';
import { renderMarkdown } from '../../../../src/markdown/browser/renderMarkdown';
import { textOf } from './htmlOutput';

/** A bullet list nested `depth` levels deep, one item per level, then a paragraph after it. */
function nestedList(depth: number, after: string): string {
  const lines = Array.from({ length: depth }, (_, level) => `${'  '.repeat(level)}- level ${level + 1}`);
  return `${lines.join('\n')}\n\n${after}\n`;
}

function nestedQuote(depth: number, after: string): string {
  return `${'>'.repeat(depth)} quoted\n\n${after}\n`;
}

describe('renderMarkdown: deep nesting never drops text', () => {
  it('renders a list nested 100 levels deep as lists, and the text after it', () => {
    const html = renderMarkdown(nestedList(100, 'The text after the list.'));
    assert.equal((html.match(/<ul>/g) ?? []).length, 100, 'every level is a list');
    assert.match(html, /<li>level 100<\/li>/);
    assert.match(html, /<p>The text after the list\.<\/p>/);
    assert.doesNotMatch(html, /render-note/);
  });

  it('renders text after a list nested 60 levels deep (where the default parser stopped)', () => {
    const html = renderMarkdown(`Before.\n\n${nestedList(60, 'After the list: still here.')}More after.\n`);
    for (const expected of ['Before.', 'level 60', 'After the list: still here.', 'More after.']) {
      assert.ok(textOf(html).includes(expected), expected);
    }
  });

  for (const [name, markdown] of [
    ['a list', nestedList(MAX_NESTING, 'The last words.')],
    ['a quote', nestedQuote(MAX_NESTING + 10, 'The last words.')],
  ] as const) {
    it(`shows ${name} nested past the limit whole, as text, under a note`, () => {
      const html = renderMarkdown(`# Title\n\n${markdown}`);
      assert.ok(html.includes(WEBVIEW_STRING_DEFAULTS.shownAsText), 'the note says why');
      const shown = textOf(html);
      assert.ok(shown.includes('The last words.'), 'the text after the nesting is there');
      assert.ok(shown.includes('# Title'), 'the text before it too, as written');
      assert.ok(shown.includes(markdown.trim()), 'nothing of the reply is missing');
      assert.match(html, /<div class="plain-reply">/);
    });
  }

  it('tells a complete parse from one that reached the nesting limit', () => {
    const md = createMarkdown();
    assert.equal(parseMarkdown(md, nestedList(MAX_NESTING / 2 - 1, 'x')).complete, true);
    assert.equal(parseMarkdown(md, nestedList(MAX_NESTING, 'x')).complete, false);
    assert.equal(parseMarkdown(md, nestedQuote(MAX_NESTING - 1, 'x')).complete, true);
    assert.equal(parseMarkdown(md, nestedQuote(MAX_NESTING, 'x')).complete, false);
    assert.equal(parseMarkdown(md, 'plain').complete, true, 'a fresh env after a cut parse');
  });

  it('numbers the code blocks after deep nesting the same on host and webview', () => {
    const markdown = `${nestedList(80, '```ts\nconst after = 1;\n```')}`;
    assert.deepEqual(
      extractCodeBlocks(markdown).map((block) => block.code),
      ['const after = 1;\n'],
    );
    assert.match(renderMarkdown(markdown), /data-block-index="0"/);
  });
});

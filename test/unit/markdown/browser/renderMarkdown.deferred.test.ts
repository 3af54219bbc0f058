import * as assert from 'node:assert/strict';
import {
  highlightDeferred,
  MAX_HIGHLIGHTED_BLOCK,
  PENDING_HIGHLIGHT_CLASS,
  renderMarkdown,
} from '../../../../src/markdown/browser/renderMarkdown';
import { renderedBlocks } from './htmlOutput';

const SAMPLE = [
  'Some text.',
  '',
  '```ts',
  'const a: number = 1;',
  '```',
  '',
  '```nosuchlang',
  'plain <text>',
  '```',
  '',
  '    indented()',
  '',
  '```python',
  'def f():',
  '    return "x"',
  '```',
  '',
].join('\n');

/** The code's text back from escaped HTML. */
function unescape(html: string): string {
  return html
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, '&');
}

describe('renderMarkdown: deferred highlighting', () => {
  it('leaves highlightable blocks as plain text marked as pending', () => {
    const blocks = renderedBlocks(renderMarkdown(SAMPLE, { deferHighlight: true }));
    assert.deepEqual(
      blocks.map((block) => block.codeClass),
      [
        `hljs language-ts ${PENDING_HIGHLIGHT_CLASS}`,
        'hljs language-nosuchlang',
        'hljs language-plaintext',
        `hljs language-python ${PENDING_HIGHLIGHT_CLASS}`,
      ],
    );
    for (const block of blocks) {
      assert.doesNotMatch(block.codeHtml, /<span/);
    }
  });

  it('highlights a pending block later exactly as it would have been highlighted at once', () => {
    const now = renderedBlocks(renderMarkdown(SAMPLE));
    const later = renderedBlocks(renderMarkdown(SAMPLE, { deferHighlight: true }));
    assert.equal(now.length, later.length);
    for (const [position, block] of later.entries()) {
      const expected = now[position]?.codeHtml;
      if (block.codeClass.includes(PENDING_HIGHLIGHT_CLASS)) {
        assert.equal(highlightDeferred(unescape(block.codeHtml), block.codeClass), expected);
        assert.match(expected ?? '', /hljs-/);
      } else {
        assert.equal(block.codeHtml, expected);
      }
    }
  });

  it('renders everything else the same with or without deferring', () => {
    const strip = (html: string): string => html.replace(/<code class="[^"]*">[\s\S]*?<\/code>/g, '<code/>');
    assert.equal(strip(renderMarkdown(SAMPLE, { deferHighlight: true })), strip(renderMarkdown(SAMPLE)));
  });

  it('does not mark blocks the highlighting limits exclude', () => {
    const code = 'const x = 1;\n'.repeat(Math.ceil((MAX_HIGHLIGHTED_BLOCK + 10) / 13));
    const [block] = renderedBlocks(renderMarkdown('```ts\n' + code + '```\n', { deferHighlight: true }));
    assert.equal(block?.codeClass, 'hljs language-ts');
  });

  it('keeps escaping in the deferred fallback for unknown languages', () => {
    assert.equal(highlightDeferred('<b>&</b>', 'hljs language-nosuchlang'), '&lt;b&gt;&amp;&lt;/b&gt;');
    assert.equal(highlightDeferred('x', 'hljs'), 'x');
  });
});

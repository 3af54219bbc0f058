import * as assert from 'node:assert/strict';
import { extractCodeBlocks } from '../../../../src/markdown/common/codeBlocks';
import { MAX_HIGHLIGHTED_BLOCK, MAX_HIGHLIGHTED_TOTAL, renderMarkdown } from '../../../../src/markdown/browser/renderMarkdown';
import { renderedBlocks, textOf } from './htmlOutput';

const MIXED = [
  'Intro with `inline code` that is not a block.',
  '',
  '```ts',
  'const first: number = 1;',
  '```',
  '',
  '> Quoted:',
  '> ```python',
  '> def second():',
  '>     return 2',
  '> ```',
  '',
  '- a list item',
  '',
  '  ```js',
  '  let third = 3;',
  '  ```',
  '',
  '- another item',
  '',
  '1. ordered',
  '   ~~~',
  '   fourth <b>tilde</b>',
  '   ~~~',
  '',
  'Paragraph before indented code.',
  '',
  '    fifth = "indented"',
  '    still fifth',
  '',
  '> > ~~~~sql',
  '> > SELECT 6;',
  '> > ~~~~',
  '',
  '```unknownlang',
  'seventh & <eighth>',
  '```',
  '',
  '```rust',
  'fn unclosed() {}',
  'this fence never closes',
].join('\n');

describe('renderMarkdown: code blocks', () => {
  it('numbers blocks exactly as extractCodeBlocks does, nested ones and an unclosed fence included', () => {
    const extracted = extractCodeBlocks(MIXED);
    const rendered = renderedBlocks(renderMarkdown(MIXED));
    assert.equal(extracted.length, 8);
    assert.deepEqual(
      rendered.map((block) => block.index),
      extracted.map((block) => block.index),
    );
    for (const block of extracted) {
      const shown = rendered[block.index];
      assert.ok(shown, `block ${block.index} rendered`);
      assert.equal(textOf(shown.codeHtml), block.code, `code of block ${block.index}`);
    }
  });

  it('gives each block a labelled toolbar and a language class', () => {
    const html = renderMarkdown('```ts\nlet a = 1;\n```\n\n    indented\n');
    assert.match(
      html,
      /<div class="code-block" data-block-index="0"><div class="code-actions" role="toolbar" aria-label="Code block 1 actions"><span class="code-language">ts<\/span><\/div><pre><code class="hljs language-ts">/,
    );
    assert.match(
      html,
      /<div class="code-block" data-block-index="1"><div class="code-actions" role="toolbar" aria-label="Code block 2 actions"><\/div><pre><code class="hljs language-plaintext">indented\n<\/code><\/pre><\/div>/,
    );
  });

  it('highlights a known language with hljs spans', () => {
    const html = renderMarkdown('```typescript\nconst answer: number = 42; // note\n```\n');
    assert.match(html, /<span class="hljs-keyword">const<\/span>/);
    assert.match(html, /<span class="hljs-number">42<\/span>/);
    assert.match(html, /<span class="hljs-comment">\/\/ note<\/span>/);
  });

  it('highlights through common aliases', () => {
    for (const [fence, keyword] of [
      ['py', 'def'],
      ['sh', 'if'],
      ['shell', 'if'],
      ['js', 'function'],
      ['rs', 'fn'],
      ['golang', 'func'],
      ['cs', 'class'],
      ['c++', 'class'],
      ['yml', 'true'],
      ['kt', 'fun'],
    ] as const) {
      const html = renderMarkdown(`\`\`\`${fence}\n${keyword} x\n\`\`\`\n`);
      assert.match(html, /class="hljs-(keyword|literal|built_in)"/, fence);
    }
  });

  it('leaves an unknown language as escaped plain text, without guessing', () => {
    const html = renderMarkdown('```nosuchlang\nconst x = "<b>&</b>";\n```\n');
    const [block] = renderedBlocks(html);
    assert.equal(block?.codeClass, 'hljs language-nosuchlang');
    assert.equal(block?.codeHtml, 'const x = &quot;&lt;b&gt;&amp;&lt;/b&gt;&quot;;\n');
    assert.doesNotMatch(html, /hljs-keyword/);
  });

  it('does not auto-detect a fence without a language', () => {
    const [block] = renderedBlocks(renderMarkdown('```\nfunction f() { return 1; }\n```\n'));
    assert.equal(block?.codeClass, 'hljs language-plaintext');
    assert.equal(block?.codeHtml, 'function f() { return 1; }\n');
  });

  it('keeps an info string from injecting markup or odd class names', () => {
    const html = renderMarkdown('~~~"><img src=x onerror=alert(1)> more\nbody\n~~~\n');
    assert.doesNotMatch(html, /<img/);
    const [block] = renderedBlocks(html);
    assert.match(block?.codeClass ?? '', /^hljs language-[a-z0-9_+#.-]+$/);
    assert.match(html, /<span class="code-language">&quot;&gt;&lt;img<\/span>/);
  });

  it('does not highlight a very large block', () => {
    const code = 'const x = 1;\n'.repeat(Math.ceil((MAX_HIGHLIGHTED_BLOCK + 10) / 13));
    const [block] = renderedBlocks(renderMarkdown('```ts\n' + code + '```\n'));
    assert.equal(block?.codeHtml, code);
  });

  it('stops highlighting once a reply has used its highlighting budget', () => {
    const code = 'const x = 1;\n'.repeat(Math.floor(MAX_HIGHLIGHTED_BLOCK / 13));
    const count = Math.ceil(MAX_HIGHLIGHTED_TOTAL / code.length) + 1;
    const blocks = renderedBlocks(renderMarkdown(('```ts\n' + code + '```\n\n').repeat(count)));
    assert.equal(blocks.length, count);
    const highlighted = blocks.filter((block) => block.codeHtml.includes('hljs-keyword')).length;
    assert.equal(highlighted, Math.floor(MAX_HIGHLIGHTED_TOTAL / code.length));
    assert.equal(blocks.at(-1)?.codeHtml, code);
  });

  it('does not spend the budget on blocks it cannot highlight', () => {
    const plain = 'x'.repeat(MAX_HIGHLIGHTED_BLOCK - 10) + '\n';
    const markdown = ('```text\n' + plain + '```\n\n').repeat(4) + '```ts\nconst last = 1;\n```\n';
    assert.match(renderedBlocks(renderMarkdown(markdown)).at(-1)?.codeHtml ?? '', /hljs-keyword/);
  });
});

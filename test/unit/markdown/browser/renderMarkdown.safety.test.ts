import * as assert from 'node:assert/strict';
import { renderMarkdown } from '../../../../src/markdown/browser/renderMarkdown';
import { LONG_RUN, MAX_SHOWN_LINE } from '../../../../src/markdown/browser/shownText';
import { MAX_FORMATTED_PARAGRAPH } from '../../../../src/markdown/browser/paragraphParts';
import { hrefs, RENDERER_TAGS, tagNames, textOf } from './htmlOutput';

function assertOnlyRendererTags(html: string): void {
  for (const tag of tagNames(html)) {
    assert.ok(RENDERER_TAGS.has(tag), `unexpected <${tag}> in ${html}`);
  }
}

describe('renderMarkdown: raw HTML', () => {
  const attacks = [
    '<script>alert(1)</script>',
    '<img src=x onerror=alert(1)>',
    '<iframe src="https://evil.example"></iframe>',
    '<svg onload=alert(1)><circle/></svg>',
    '<math><mi>x</mi></math>',
    '<form action="https://evil.example"><input name=a></form>',
    '<style>body{display:none}</style>',
    '<a href="javascript:alert(1)">x</a>',
    '<div style="position:fixed" onclick="alert(1)">x</div>',
  ];

  for (const attack of attacks) {
    it(`escapes ${attack} as a block and inline`, () => {
      for (const markdown of [attack, `text ${attack} text`, `- item ${attack}`, `> ${attack}`]) {
        const html = renderMarkdown(markdown);
        assertOnlyRendererTags(html);
        assert.doesNotMatch(html, /<(script|img|iframe|svg|math|form|input|style)\b/i);
        for (const tag of html.match(/<[a-z][^>]*>/gi) ?? []) {
          assert.doesNotMatch(tag, /\s(on\w+|style|id|src)=/i, tag);
        }
        assert.ok(textOf(html).includes(attack), `the text survives: ${html}`);
      }
    });
  }

  it('never emits style attributes, even for aligned tables', () => {
    const html = renderMarkdown('| a | b | c |\n|:--|:-:|--:|\n| 1 | 2 | 3 |\n');
    assert.doesNotMatch(html, /style=/);
    assert.match(html, /<th class="align-left">a<\/th>/);
    assert.match(html, /<th class="align-center">b<\/th>/);
    assert.match(html, /<td class="align-right">3<\/td>/);
  });
});

describe('renderMarkdown: images', () => {
  it('renders an image as text and never as <img>', () => {
    const html = renderMarkdown('See ![a *diagram*](https://example.com/x.png "t") here.');
    assert.doesNotMatch(html, /<img/i);
    assert.doesNotMatch(html, /example\.com\/x\.png/);
    assert.match(html, /<span class="image-placeholder">\[image: a diagram\]<\/span>/);
  });

  it('handles data images, empty alt text, reference images and images inside links', () => {
    const markdown = [
      '![](https://example.com/empty.png)',
      '![pixel](data:image/png;base64,iVBORw0KGgo=)',
      '![ref][logo]',
      '[![badge](https://example.com/b.svg)](https://example.com/page)',
      '',
      '[logo]: https://example.com/logo.png',
    ].join('\n');
    const html = renderMarkdown(markdown);
    assert.doesNotMatch(html, /<img/i);
    assert.doesNotMatch(html, /data:image|logo\.png|b\.svg|empty\.png/);
    assert.match(html, /\[image\]/);
    assert.match(html, /\[image: pixel\]/);
    assert.match(html, /\[image: ref\]/);
    assert.match(
      html,
      /<a href="https:\/\/example\.com\/page" class="external-link" title="https:\/\/example\.com\/page"><span class="image-placeholder">\[image: badge\]<\/span><\/a>/,
    );
  });
});

describe('renderMarkdown: links', () => {
  it('renders http(s) links with the external-link class and the full URL as title', () => {
    const html = renderMarkdown('[docs](https://example.com/a?b=1&c=2 "Docs") and <http://example.org/x>');
    assert.match(
      html,
      /<a href="https:\/\/example\.com\/a\?b=1&amp;c=2" class="external-link" title="https:\/\/example\.com\/a\?b=1&amp;c=2">docs<\/a>/,
    );
    assert.match(
      html,
      /<a href="http:\/\/example\.org\/x" class="external-link" title="http:\/\/example\.org\/x">http:\/\/example\.org\/x<\/a>/,
    );
  });

  it('linkifies bare URLs', () => {
    assert.deepEqual(hrefs(renderMarkdown('Visit https://example.com/path now.')), ['https://example.com/path']);
  });

  const unsafe = [
    '[x](javascript:alert(1))',
    '[x](JaVaScRiPt:alert(1))',
    '[x](java\tscript:alert(1))',
    '[x](&#106;avascript:alert(1))',
    '[x](vbscript:msgbox)',
    '[x](data:text/html;base64,PHNjcmlwdD4=)',
    '[x](data:image/png;base64,iVBORw0KGgo=)',
    '[x](command:workbench.action.terminal.new)',
    '[x](command:_workbench.downloadResource?%5B%22x%22%5D)',
    '[x](vscode:extension/foo.bar)',
    '[x](vscode://file/etc/passwd)',
    '[x](file:///etc/passwd)',
    '[x](mailto:a@example.com)',
    '[x](relative/page.md)',
    '[x](/absolute/path)',
    '[x](#anchor)',
    '[x](//evil.example/path)',
    '<command:workbench.action.quit>',
    '<vscode://foo.bar/x>',
    '<data:text/html,hi>',
    '[x][r]\n\n[r]: command:foo',
    '[x][r]\n\n[r]: data:text/html,hi',
  ];

  for (const markdown of unsafe) {
    it(`does not link ${JSON.stringify(markdown)}`, () => {
      const html = renderMarkdown(markdown);
      assert.deepEqual(hrefs(html), []);
      assert.doesNotMatch(html, /<a\b/);
      assertOnlyRendererTags(html);
    });
  }

  it('keeps the text of a dropped link', () => {
    const html = renderMarkdown('Run [the **command**](command:foo) now.');
    assert.equal(html, '<p>Run the <strong>command</strong> now.</p>\n');
  });

  it('keeps safe links next to dropped ones', () => {
    const html = renderMarkdown('[bad](command:x) [good](https://example.com) [bad2](vscode:y)');
    assert.deepEqual(hrefs(html), ['https://example.com']);
    assert.match(html, /^<p>bad <a [^>]+>good<\/a> bad2<\/p>\n$/);
  });

  it('does not link an over-long URL the host would refuse', () => {
    const html = renderMarkdown(`[long](https://example.com/${'a'.repeat(9000)})`);
    assert.deepEqual(hrefs(html), []);
  });
});

describe('renderMarkdown: size', () => {
  it('renders a very long line: prose whole in parts, a code line up to MAX_SHOWN_LINE and a note of the rest', () => {
    const line = 'word '.repeat(100_000);
    const html = renderMarkdown(`${line}\n\n\`\`\`js\nconst s = "${'x'.repeat(200_000)}";\n\`\`\`\n`);
    assert.equal((html.match(/word/g) ?? []).length, 100_000, 'every word of the prose is there');
    assert.ok((html.match(/<p class="paragraph-part">/g) ?? []).length > 100, 'the paragraph comes in parts');
    assert.match(html, /data-block-index="0"/);
    const code = /<code class="hljs language-js">([^]*?)<\/code>/.exec(html)?.[1] ?? '';
    assert.ok(code.startsWith(`const s = &quot;${'x'.repeat(MAX_SHOWN_LINE - 11)}<span class="cut-note">`), code.slice(0, 40));
    assert.match(code, /190,013 more characters on this line/);
  });

  it('formats a paragraph up to MAX_FORMATTED_PARAGRAPH characters, and shows a longer one as its text, in parts', () => {
    const runs = (count: number): string => Array.from({ length: count }, (_, index) => `*w${index}*`).join(' ');
    assert.ok(runs(1000).length < MAX_FORMATTED_PARAGRAPH);
    const formatted = renderMarkdown(runs(1000));
    assert.equal((formatted.match(/<em>/g) ?? []).length, 1000, 'a long paragraph within the limit keeps its emphasis');
    const long = runs(Math.ceil(MAX_FORMATTED_PARAGRAPH / 4));
    const plain = renderMarkdown(long);
    assert.doesNotMatch(plain, /<em>/);
    assert.equal(textOf(plain).replace(/\s+/g, ' ').trim(), long, 'every character of it is shown, as written');
    assert.ok((plain.match(/<p class="paragraph-part">/g) ?? []).length > 1);
  });

  it('shows a run of text without spaces scrolling in a box of its own, up to MAX_SHOWN_LINE characters', () => {
    const html = renderMarkdown(`short words ${'A'.repeat(LONG_RUN)} and ${'B'.repeat(MAX_SHOWN_LINE + 5)} end`);
    assert.equal(html.match(/<span class="long-run">/g)?.length, 2);
    assert.ok(html.includes(`<span class="long-run">${'A'.repeat(LONG_RUN)}</span>`));
    assert.ok(html.includes(`<span class="long-run">${'B'.repeat(MAX_SHOWN_LINE)}<span class="cut-note">… 5 more characters on this line`));
    assert.match(html, /^<p class="paragraph-part">short words /, 'a paragraph this long comes in parts');
    assert.equal(renderMarkdown(`${'C'.repeat(LONG_RUN - 1)}`), `<p>${'C'.repeat(LONG_RUN - 1)}</p>\n`);
  });

  it('renders a 1 MB reply with many blocks', () => {
    const section = [
      '## Section',
      '',
      'Some **bold** text with a [link](https://example.com) and `code`.',
      '',
      '```ts',
      'export function f(a: number): number {',
      '  return a * 2; // double',
      '}',
      '```',
      '',
      '- item one',
      '- item two',
      '',
    ].join('\n');
    const markdown = section.repeat(Math.ceil((1024 * 1024) / section.length));
    assert.ok(markdown.length >= 1024 * 1024);
    const html = renderMarkdown(markdown);
    const count = Math.ceil((1024 * 1024) / section.length);
    assert.equal((html.match(/class="code-block"/g) ?? []).length, count);
    assert.match(html, new RegExp(`data-block-index="${count - 1}"`));
  });
});

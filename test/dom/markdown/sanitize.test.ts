import * as assert from 'node:assert/strict';
import { CHAT_CODE_ACTIONS } from '../../../src/chat/browser/chatActions';
import { renderReplyContent } from '../../../src/codeBlocks/browser/markdownWithActions';
import { sanitizeHtml } from '../../../src/markdown/browser/sanitize';
import { xssCorpus } from '../../ui/fixtures/xssCorpus';
import { usePage } from '../helpers/page';
import { all } from '../helpers/query';

/** Serializes a sanitized fragment. */
function html(fragment: DocumentFragment): string {
  const holder = document.createElement('div');
  holder.append(fragment);
  return holder.innerHTML;
}

/** What must never come out of a reply, whatever it held. */
function activeContent(root: ParentNode): string[] {
  const findings: string[] = [];
  const dangerous =
    'script, iframe, frame, frameset, object, embed, style, form, input, svg, math, base, meta, link, img, video, picture, source';
  for (const element of all(root, dangerous)) {
    findings.push(`<${element.tagName.toLowerCase()}>`);
  }
  // The only buttons are the code blocks' own action buttons and `…` menus, added after sanitizing.
  for (const button of all(root, 'button')) {
    if (
      !button.matches(
        '.code-actions > button.action-button, .code-actions > button.action-more, .code-actions > .action-menu > button.action-button',
      )
    ) {
      findings.push(`<button class="${button.className}">`);
    }
  }
  for (const element of all(root, '*')) {
    for (const name of element.getAttributeNames()) {
      if (/^on/i.test(name) || name === 'style' || name === 'src' || name === 'srcset' || name === 'srcdoc' || name === 'id') {
        findings.push(`${element.tagName.toLowerCase()}[${name}]`);
      }
    }
  }
  for (const link of all(root, 'a')) {
    const href = link.getAttribute('href');
    if (href !== null && !/^https?:\/\//i.test(href)) {
      findings.push(`a[href=${href}]`);
    }
  }
  return findings;
}

describe('Sanitizer in a DOM', () => {
  usePage();

  /** What the sanitizer makes of each input, and why. */
  const CASES: ReadonlyArray<{ readonly what: string; readonly input: string; readonly output: string }> = [
    {
      what: 'elements not allowed give way to their content; scripts and images go',
      input: '<p>kept <b>bold</b></p><script>alert(1)</script><img src=x onerror=alert(1)><h1>Title</h1>',
      output: '<p>kept bold</p><h1>Title</h1>',
    },
    {
      what: 'the content of an unwrapped element is checked at every depth and keeps its order; comments go',
      input: '<section>a<article>b<em onclick="x()">c</em><b><i><script>alert(1)</script>d</i></b></article>e</section><!-- note -->f',
      output: 'ab<em>c</em>def',
    },
    {
      what: 'SVG and MathML go with what they hold, HTML inside them included',
      input:
        '<p>a</p><svg><foreignObject><p>in svg</p></foreignObject><a href="https://example.com/">x</a></svg>' +
        '<math><mi>in math</mi><annotation-xml encoding="text/html"><em>html</em></annotation-xml></math><p>b</p>',
      output: '<p>a</p><p>b</p>',
    },
    {
      what: 'a form goes whole: its fields could stand in for the properties the check reads (clobbering)',
      input:
        '<form><input name="localName"><input name="attributes"><input name="namespaceURI"><input name="firstChild">' +
        '<p>in form</p></form><p>after</p>',
      output: '<p>after</p>',
    },
    {
      what: 'templates, styles, frames and text boxes go with their content',
      input:
        '<template><p>t</p></template><style>p{}</style><noscript><p>n</p></noscript><iframe srcdoc="<script>1</script>"></iframe>' +
        '<textarea>x</textarea><p>kept</p>',
      output: '<p>kept</p>',
    },
  ];
  for (const { what, input, output } of CASES) {
    it(`removes what it must: ${what}`, () => {
      assert.equal(html(sanitizeHtml(input)), output);
    });
  }

  it('keeps the elements and attributes the renderer produces', () => {
    const rendered =
      '<div class="code-block" data-block-index="2"><div class="code-actions" role="toolbar" aria-label="Code block 3 actions">' +
      '<span class="code-language">ts</span></div><pre><code class="hljs language-ts"><span class="hljs-keyword">const</span> a</code></pre></div>' +
      '<ol start="3"><li><a href="https://example.com/x" class="external-link" title="https://example.com/x">x</a></li></ol>' +
      '<table><thead><tr><th class="align-center">h</th></tr></thead><tbody><tr><td class="align-right">d</td></tr></tbody></table>';
    assert.equal(html(sanitizeHtml(rendered)), rendered);
  });

  it('drops attributes outside the allowlist and values that fail their check', () => {
    const out = sanitizeHtml(
      '<p id="x" style="color:red" title="t">p</p>' +
        '<a href="javascript:alert(1)" class="external-link">js</a>' +
        '<a href="data:text/html,x">data</a>' +
        '<div role="button" data-block-index="1e3" data-other="1" aria-label="ok">d</div>' +
        '<ol start="-1"><li>i</li></ol>' +
        '<code class="x&quot;onmouseover=1">c</code>',
    );
    const holder = document.createElement('div');
    holder.append(out);
    assert.deepEqual(
      all(holder, '*').map((element) => [element.tagName.toLowerCase(), element.getAttributeNames().sort()]),
      [
        ['p', []],
        ['a', ['class']],
        ['a', []],
        ['div', ['aria-label']],
        ['ol', []],
        ['li', []],
        ['code', []],
      ],
    );
  });

  it('renders every reply of the security corpus into the DOM with no active content, no foreign link and no image', function () {
    // Some payloads are 200,000 characters long.
    this.timeout(20_000);
    const payloads = xssCorpus('http://127.0.0.1:9');
    assert.ok(payloads.length >= 60);
    const findings: string[] = [];
    for (const [index, payload] of payloads.entries()) {
      const content = document.createElement('div');
      content.append(renderReplyContent(payload.markdown, CHAT_CODE_ACTIONS));
      findings.push(...activeContent(content).map((finding) => `payload ${index} (${payload.family}): ${finding}`));
      assert.match(content.textContent ?? '', new RegExp(`Payload ${index} \\(`), `payload ${index} still shows its text`);
    }
    assert.deepEqual(findings, []);
  });

  it('keeps only absolute http(s) links, as plain links that carry their address as a tooltip', () => {
    const content = document.createElement('div');
    content.append(
      renderReplyContent('[ok](https://example.com/a) [js](javascript:alert(1)) [rel](/etc/passwd) <https://example.com/b>', []),
    );
    assert.deepEqual(
      all(content, 'a').map((link) => [link.getAttribute('href'), link.className, link.title]),
      [
        ['https://example.com/a', 'external-link', 'https://example.com/a'],
        ['https://example.com/b', 'external-link', 'https://example.com/b'],
      ],
    );
    assert.match(content.textContent ?? '', /javascript:alert\(1\).* rel /, 'the refused links stay as text');
  });
});

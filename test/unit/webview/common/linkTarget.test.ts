import * as assert from 'node:assert/strict';
import { linkTarget } from '../../../../src/webview/common/linkTarget';

describe('linkTarget: the link a question names and opens', () => {
  it('keeps the link exactly as written, query and fragment included', () => {
    const href = 'https://docs.example.com/guide?from=reply&n=1#install';
    assert.deepEqual(linkTarget(href), { url: href, host: 'docs.example.com', openedUnaskedByVsCode: false });
  });

  it('names the punycode host of an international name, never the look-alike', () => {
    // "аpple.com" with a Cyrillic "а": markdown-it writes it as punycode, and so does linkTarget.
    assert.equal(linkTarget('https://xn--pple-43d.com/login')?.url, 'https://xn--pple-43d.com/login');
    const unicode = linkTarget('https://\u0430pple.com:8443/login');
    assert.equal(unicode?.url, 'https://xn--pple-43d.com:8443/login');
    assert.equal(unicode?.host, 'xn--pple-43d.com:8443');
  });

  it('tells the addresses VS Code opens without asking: localhost and 127.0.0.1, on any port', () => {
    for (const href of [
      'http://localhost/x',
      'http://LOCALHOST:3000/admin?do=delete',
      'https://127.0.0.1:8443/',
      'http://127.0.0.1:47123/a',
    ]) {
      assert.equal(linkTarget(href)?.openedUnaskedByVsCode, true, href);
    }
    for (const href of [
      'http://[::1]:3000/',
      'http://127.0.0.2/',
      'http://localhost.example.com/',
      'http://user@localhost/',
      'https://example.com/',
    ]) {
      assert.equal(linkTarget(href)?.openedUnaskedByVsCode, false, href);
    }
  });

  it('refuses anything that is not an http(s) link', () => {
    for (const href of [
      'javascript:alert(1)',
      'command:workbench.action.openSettings',
      'file:///etc/passwd',
      '#top',
      'data:text/html,x',
      '',
    ]) {
      assert.equal(linkTarget(href), undefined, href);
    }
  });
});

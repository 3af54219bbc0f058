import * as assert from 'node:assert/strict';
import { linkTarget } from '../../../src/core/linkTarget';

describe('linkTarget: what the question before opening a link names', () => {
  it('keeps the link exactly as written, query and fragment included', () => {
    const href = 'https://docs.example.com/guide?from=reply&n=1#install';
    assert.deepEqual(linkTarget(href), { url: href, host: 'docs.example.com', hasUserInfo: false });
    assert.deepEqual(linkTarget('http://127.0.0.1:8080/a'), { url: 'http://127.0.0.1:8080/a', host: '127.0.0.1:8080', hasUserInfo: false });
  });

  it('names the real (punycode) host of a look-alike international name beside what it imitates', () => {
    // "аpple.com" with a Cyrillic "а", as markdown-it writes it into an href.
    const target = linkTarget('https://xn--pple-43d.com/login');
    assert.equal(target?.url, 'https://xn--pple-43d.com/login');
    assert.equal(target?.host, 'xn--pple-43d.com');
    assert.equal(target?.displayedHost, '\u0430pple.com');
    const unicode = linkTarget('https://\u0430pple.com:8443/login');
    assert.equal(unicode?.url, 'https://xn--pple-43d.com:8443/login', 'a Unicode host in the text is shown and opened as punycode');
    assert.equal(unicode?.displayedHost, '\u0430pple.com:8443');
  });

  it('notices a user name that dresses another host up as the target', () => {
    const target = linkTarget('https://github.com@evil.example/repo');
    assert.equal(target?.host, 'evil.example');
    assert.equal(target?.hasUserInfo, true);
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

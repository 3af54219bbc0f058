import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const webviewDir = path.resolve(__dirname, '..', '..', '..', '..', 'src', 'webview');

function sources(): { name: string; text: string }[] {
  return fs
    .readdirSync(webviewDir)
    .filter((name) => name.endsWith('.ts'))
    .map((name) => ({ name, text: fs.readFileSync(path.join(webviewDir, name), 'utf8') }));
}

describe('webview bundle boundaries', () => {
  it('takes only types from the protocol modules (their validation library stays out of the bundle)', () => {
    let checked = 0;
    for (const { name, text } of sources()) {
      for (const match of text.matchAll(/^import\s+(type\s+)?[^;]*?from\s+'\.\.\/core\/protocol\/(replyProtocol|chatProtocol)';/gm)) {
        assert.ok(match[1], `${name} imports values from ${match[2] ?? 'a protocol'}: ${match[0]}`);
        checked++;
      }
      assert.doesNotMatch(text, /^import\s+(?!type\b)[^;]*?from\s+'zod(\/[^']*)?';/m, `${name} imports zod`);
      assert.doesNotMatch(text, /\brequire\(|(?<!typeof )\bimport\(\s*'/, `${name} loads a module dynamically`);
    }
    assert.ok(checked >= 2, 'both protocols are used by the webview');
  });

  it('loads highlight.js core and single languages only', () => {
    for (const { name, text } of sources()) {
      for (const match of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(highlight\.js[^']*)'/gm)) {
        assert.match(match[1] ?? '', /^highlight\.js\/lib\/(core|languages\/[a-z]+)$/, name);
      }
    }
  });

  it('never writes inline styles or evaluates code', () => {
    for (const { name, text } of sources()) {
      assert.doesNotMatch(text, /\.style\b|setAttribute\(\s*'style'|\beval\(|new Function\(|\.innerHTML\s*=|insertAdjacentHTML|document\.write/, name);
    }
  });
});

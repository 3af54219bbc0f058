import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const srcDir = path.resolve(__dirname, '..', '..', '..', '..', '..', 'src');

/** Every file of a `browser/` folder, at any depth below src/. */
function sources(dir = srcDir, inBrowser = false): { name: string; text: string }[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) {
      return sources(full, inBrowser || entry.name === 'browser');
    }
    return inBrowser && entry.name.endsWith('.ts')
      ? [{ name: path.relative(srcDir, full).split(path.sep).join('/'), text: fs.readFileSync(full, 'utf8') }]
      : [];
  });
}

/** Every source file the webview bundle reaches through relative imports, from its entry. */
function bundledSources(): Map<string, string> {
  const seen = new Map<string, string>();
  const pending = [path.join(srcDir, 'webview', 'browser', 'main.ts')];
  for (let file = pending.pop(); file !== undefined; file = pending.pop()) {
    if (seen.has(file)) {
      continue;
    }
    const text = fs.readFileSync(file, 'utf8');
    seen.set(file, text);
    for (const match of text.matchAll(/^(?:import|export)\s+(?!type\b)[^;]*?from\s+'(\.{1,2}\/[^']+)';/gm)) {
      pending.push(path.resolve(path.dirname(file), `${(match[1] ?? '').replace(/\.js$/, '')}.ts`));
    }
  }
  return seen;
}

describe('webview bundle boundaries', () => {
  it('reaches the shared protocol modules, and zod only as zod/mini through the host-to-webview schemas', () => {
    const bundled = bundledSources();
    const shared = [...bundled.keys()].filter((file) => file.includes(`${path.sep}common${path.sep}`));
    for (const module of ['replyProtocol.ts', 'recoveryActions.ts']) {
      assert.ok(
        shared.some((file) => file.endsWith(module)),
        `the webview takes its constants from ${module}, not from copies`,
      );
    }
    for (const [file, text] of bundled) {
      const zod = /^import\s+(?!type\b)[^;]*?from\s+'(zod(?:\/[^']*)?)';/m.exec(text)?.[1];
      if (zod !== undefined) {
        assert.equal(zod, 'zod/mini', `${file} brings full zod into the webview bundle`);
        assert.match(
          path.basename(file),
          /^hostTo\w+Schema\.ts$/,
          `${file}: the webview validates only through the host-to-webview schemas`,
        );
      }
      assert.doesNotMatch(
        text,
        /^import\s+(?!type\b)[^;]*?from\s+'(vscode|undici|node:[^']*)';/m,
        `${file} imports a host module into the webview bundle`,
      );
    }
    for (const { name, text } of sources()) {
      assert.doesNotMatch(text, /\brequire\(|(?<!typeof )\bimport\(\s*'/, `${name} loads a module dynamically`);
    }
  });

  it('loads highlight.js core and single languages only', () => {
    for (const { name, text } of sources()) {
      for (const match of text.matchAll(/^import\s+(?!type\b)[^;]*?from\s+'(highlight\.js[^']*)'/gm)) {
        assert.match(match[1] ?? '', /^highlight\.js\/lib\/(core|languages\/[a-z]+)$/, name);
      }
    }
  });

  it('never writes inline styles or evaluates code; HTML is parsed only by the sanitizer, into a document with no window', () => {
    for (const { name, text } of sources()) {
      assert.doesNotMatch(text, /\.style\b|setAttribute\(\s*'style'|\beval\(|new Function\(|insertAdjacentHTML|document\.write/, name);
      if (name === 'markdown/browser/sanitize.ts') {
        assert.equal(text.match(/\.innerHTML\s*=/g)?.length, 1, name);
        assert.match(text, /document\.implementation\.createHTMLDocument\(/, name);
      } else {
        assert.doesNotMatch(text, /\.innerHTML\s*=/, name);
      }
    }
  });
});

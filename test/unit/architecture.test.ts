import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

function sourceFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full) : entry.name.endsWith('.ts') ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import|require\()\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

/** Source text without comments, so prose such as "document order" does not count as code. */
function withoutComments(text: string): string {
  return text.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`])\/\/.*$/gm, '$1');
}

describe('architecture', () => {
  it('src/core knows neither vscode nor the DOM', () => {
    const files = sourceFiles(path.join(root, 'src', 'core'));
    assert.ok(files.length > 5);
    for (const file of files) {
      const relative = path.relative(root, file);
      assert.ok(!imports(file).includes('vscode'), `${relative} imports vscode`);
      const code = withoutComments(fs.readFileSync(file, 'utf8'));
      assert.doesNotMatch(code, /\b(document|window|HTMLElement|acquireVsCodeApi)\b/, `${relative} uses the DOM`);
    }
  });

  it('src/webview imports neither vscode nor Node modules', () => {
    for (const file of sourceFiles(path.join(root, 'src', 'webview'))) {
      for (const specifier of imports(file)) {
        assert.ok(
          specifier !== 'vscode' && !specifier.startsWith('node:') && specifier !== 'undici',
          `${path.relative(root, file)} imports ${specifier}`,
        );
      }
    }
  });

  it('the HTTP library is imported in one place only', () => {
    const importers = sourceFiles(path.join(root, 'src')).filter((file) => imports(file).includes('undici'));
    assert.deepEqual(
      importers.map((file) => path.relative(root, file)),
      [path.join('src', 'core', 'client', 'http', 'undici.ts')],
    );
  });

  it('src/ holds only extension.ts and settings.ts at its root; everything else is in a feature folder', () => {
    const loose = fs
      .readdirSync(path.join(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name)
      .sort();
    assert.deepEqual(loose, ['extension.ts', 'settings.ts']);
  });

  it('no source file is longer than 250 lines', () => {
    const long = sourceFiles(path.join(root, 'src'))
      .map((file) => ({ file: path.relative(root, file), lines: fs.readFileSync(file, 'utf8').split('\n').length - 1 }))
      .filter(({ lines }) => lines > 250);
    assert.deepEqual(long, []);
  });

  it('no import circle in src/, type imports included', () => {
    const files = new Set(sourceFiles(path.join(root, 'src')));
    const edges = new Map<string, string[]>();
    for (const file of files) {
      const targets = imports(file)
        .filter((specifier) => specifier.startsWith('.'))
        .map((specifier) => path.resolve(path.dirname(file), specifier))
        .flatMap((target) => [`${target}.ts`, path.join(target, 'index.ts')].filter((candidate) => files.has(candidate)).slice(0, 1));
      edges.set(file, targets);
    }
    const circles: string[] = [];
    const state = new Map<string, 'open' | 'done'>();
    const trail: string[] = [];
    const visit = (file: string): void => {
      state.set(file, 'open');
      trail.push(file);
      for (const target of edges.get(file) ?? []) {
        if (state.get(target) === 'open') {
          circles.push([...trail.slice(trail.indexOf(target)), target].map((entry) => path.relative(root, entry)).join(' → '));
        } else if (!state.has(target)) {
          visit(target);
        }
      }
      trail.pop();
      state.set(file, 'done');
    };
    [...files].filter((file) => !state.has(file)).forEach(visit);
    assert.ok(edges.size > 100);
    assert.deepEqual(circles, []);
  });
});

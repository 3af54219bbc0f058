import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');

/** The TypeScript files below `dir`, or every file (style sheets too) with `all`. */
function sourceFiles(dir: string, all = false): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? sourceFiles(full, all) : all || entry.name.endsWith('.ts') ? [full] : [];
  });
}

function imports(file: string): string[] {
  const text = fs.readFileSync(file, 'utf8');
  return [...text.matchAll(/(?:from|import|require\()\s*['"]([^'"]+)['"]/g)].map((match) => match[1] ?? '');
}

const LAYERS = new Set(['common', 'node', 'vscode', 'browser']);
/** The folders of code: the extension, its tests and its tools. */
const TREES = ['src', 'test', 'scripts', 'build'];
/** Code, as opposed to test data (golden cases, fixtures) and documents. */
const CODE = /\.(?:ts|js|mjs|cjs|css)$/u;

describe('architecture', () => {
  it('src/ holds only extension.ts at its root; every other file is in a layer folder of a feature or of base/', () => {
    const loose = fs
      .readdirSync(path.join(root, 'src'), { withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => entry.name);
    assert.deepEqual(loose, ['extension.ts']);
    const outside = sourceFiles(path.join(root, 'src'))
      .map((file) => path.relative(path.join(root, 'src'), file).split(path.sep))
      .filter((parts) => parts.length > 1 && !LAYERS.has(parts[1] ?? ''))
      .map((parts) => parts.join('/'));
    assert.deepEqual(outside, []);
  });

  it('no folder of src/, test/, scripts/ or build/ holds more than 15 files', () => {
    const crowded = new Map<string, number>();
    for (const file of TREES.flatMap((tree) => sourceFiles(path.join(root, tree), true))) {
      const folder = path.relative(root, path.dirname(file));
      crowded.set(folder, (crowded.get(folder) ?? 0) + 1);
    }
    assert.deepEqual(
      [...crowded].filter(([, count]) => count > 15),
      [],
    );
  });

  it('no code file of src/, test/, scripts/ or build/ (style sheets included) is longer than 250 lines', () => {
    const long = TREES.flatMap((tree) => sourceFiles(path.join(root, tree), true))
      .filter((file) => CODE.test(file))
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

import * as assert from 'node:assert/strict';
import { createRequire } from 'node:module';
import { globMatches, splitGlobList } from '../../../../src/instructions/common/glob';

type Picomatch = (glob: string, options: { dot: boolean; nocase?: boolean }) => (path: string) => boolean;
// picomatch (a build tool's dependency) is the oracle only: it needs Node built-ins, so the extension does not bundle it.
const picomatch = createRequire(__filename)('picomatch') as Picomatch;

const PATTERNS = [
  '**',
  '*',
  '**/*',
  '*.ts',
  '**/*.ts',
  '**/*.{ts,tsx}',
  'src/**',
  'src/**/*.ts',
  'src/*.ts',
  'src/**/test/**',
  '**/test/*.spec.ts',
  'packages/*/src/**',
  '{src,lib}/**/*.js',
  '**/{api,web}/**/*.ts',
  '**/*.{md,mdx}',
  'docs/?.md',
  'file[0-9].txt',
  'file[^0-9].txt',
  '**/.github/**',
  '.github/**/*.yml',
  '**/Dockerfile',
  'a/**/b/**/c.txt',
  '**/*.test.*',
  'src/**/*.ts,src/**/*.tsx',
];
const PATHS = [
  'a.ts',
  'a.tsx',
  'src/a.ts',
  'src/deep/er/a.ts',
  'src/a.js',
  'lib/x/y.js',
  'test/a.spec.ts',
  'src/test/a.spec.ts',
  'src/x/test/y/z.ts',
  'packages/web/src/app.ts',
  'packages/web/lib/app.ts',
  'web/api/x.ts',
  'docs/a.md',
  'docs/ab.md',
  'README.md',
  'page.mdx',
  'file1.txt',
  'filex.txt',
  '.github/workflows/ci.yml',
  '.github/x.md',
  'x/.github/y.md',
  'Dockerfile',
  'svc/Dockerfile',
  'a/b/c.txt',
  'a/x/b/y/c.txt',
  'a/c.txt',
  'util.test.js',
  'src/.hidden.ts',
  '.eslintrc',
];

/** Where the matcher follows a rule of its own (or picomatch's without a table row). */
const NEGATION = 'negates a class with ! as with ^, as shells and VS Code do (picomatch 2 reads that ! as a character)';
const STAR_STAR = 'reads ** inside a name as *, as VS Code does, so it stays within one folder';
const ROOT = 'reads a leading / or ./ as the folder root and a trailing / as everything below';
const LITERAL = 'takes regex characters, escapes and unclosed brackets or braces literally';
const OWN_RULES: ReadonlyArray<readonly [string, string, string, boolean]> = [
  [NEGATION, 'file[!0-9].txt', 'filex.txt', true],
  [NEGATION, 'file[!0-9].txt', 'file1.txt', false],
  [NEGATION, 'a[!/]b', 'a/b', false],
  [STAR_STAR, '.github/instructions/**.instructions.md', '.github/instructions/a.instructions.md', true],
  [STAR_STAR, '**.md', 'docs/a.md', false],
  [ROOT, '/src/*.ts', 'src/a.ts', true],
  [ROOT, './src/*.ts', 'src/a.ts', true],
  [ROOT, '/src/*.ts', 'x/src/a.ts', false],
  [ROOT, 'src/', 'src/deep/a.ts', true],
  [LITERAL, 'a+b(1).ts', 'a+b(1).ts', true],
  [LITERAL, 'a+b(1).ts', 'aab(1).ts', false],
  [LITERAL, '\\*.md', '*.md', true],
  [LITERAL, '\\*.md', 'a.md', false],
  [LITERAL, '[ab.md', '[ab.md', true],
  [LITERAL, '{a}.md', '{a}.md', true],
];

describe('glob matching (picomatch, dot files included, as the oracle)', () => {
  for (const pattern of PATTERNS) {
    it(`${pattern} matches the same paths as picomatch`, () => {
      const oracle = picomatch(pattern, { dot: true });
      const expected = PATHS.filter((path) => oracle(path));
      assert.deepEqual(
        PATHS.filter((path) => globMatches(pattern, path)),
        expected,
      );
    });
  }

  it('matches without case only when asked, as Copilot matches applyTo', () => {
    assert.equal(globMatches('**/*.TS', 'src/a.ts'), false);
    assert.equal(globMatches('**/*.TS', 'src/a.ts', { ignoreCase: true }), true);
    assert.equal(picomatch('**/*.TS', { dot: true, nocase: true })('src/a.ts'), true);
  });

  for (const rule of new Set(OWN_RULES.map(([name]) => name))) {
    it(rule, () => {
      const cases = OWN_RULES.filter(([name]) => name === rule).map(([, pattern, path, expected]): [string, string, boolean] => [
        pattern,
        path,
        expected,
      ]);
      assert.deepEqual(
        cases.map(([pattern, path]) => [pattern, path, globMatches(pattern, path)]),
        cases,
      );
    });
  }

  it('answers a pattern crafted to backtrack at once, so a cloned repository cannot stall the extension host', () => {
    const started = Date.now();
    assert.equal(globMatches(`${'*a'.repeat(20)}*b`, 'a'.repeat(500)), false);
    assert.equal(globMatches(`${'**/a/'.repeat(20)}b`, `${'a/'.repeat(250)}c`), false);
    // As a regular expression the first took minutes; states stepped through the path take milliseconds.
    assert.ok(Date.now() - started < 1000, `${Date.now() - started} ms`);
  });

  it('matches nothing for a pattern whose braces stand for too many alternatives, instead of stalling a send', () => {
    const explosive = '{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}{a,b}';
    assert.equal(globMatches(explosive, 'aaaaaaaaa'), false);
    assert.equal(globMatches('{a,b}{a,b}', 'ab'), true);
    assert.equal(globMatches(`${'{'.repeat(5000)}*`, 'a'), false);
  });
});

describe('a comma-separated list of globs', () => {
  it('splits at commas outside braces and classes, trims, and drops empty parts', () => {
    assert.deepEqual(splitGlobList('**/*.ts, **/*.{js,jsx} ,, [,]x'), ['**/*.ts', '**/*.{js,jsx}', '[,]x']);
    assert.deepEqual(splitGlobList(''), []);
    assert.deepEqual(splitGlobList('a\\,b,c'), ['a\\,b', 'c']);
  });
});

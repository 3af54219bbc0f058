import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { findVscodeRipgrep, listFiles, ripgrepOnce, searchText } from '../../../../src/mentions/node/vscodeRipgrep';

/** The ripgrep `npm test` puts into each code-server, which is the system's own (see installCodeServer). */
function systemRipgrep(): string {
  try {
    return execFileSync('which', ['rg'], { encoding: 'utf8' }).trim();
  } catch {
    throw new Error('ripgrep (rg) is not installed: apt-get install ripgrep (.ci/run does this)');
  }
}

describe("the workspace's files listed with VS Code's own ripgrep", () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'vscode-ripgrep-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  async function write(files: Record<string, string>): Promise<void> {
    for (const [name, content] of Object.entries(files)) {
      await fs.mkdir(path.dirname(path.join(root, name)), { recursive: true });
      await fs.writeFile(path.join(root, name), content);
    }
  }

  it('finds the binary where the desktop build and the server keep it, and says undefined where there is none', async () => {
    assert.equal(findVscodeRipgrep(root), undefined);
    const binary = path.join(root, 'node_modules.asar.unpacked', '@vscode', 'ripgrep', 'bin', 'rg');
    await write({ 'node_modules.asar.unpacked/@vscode/ripgrep/bin/rg': '#!/bin/sh\n' });
    await fs.chmod(binary, 0o755);
    assert.equal(findVscodeRipgrep(root), binary);
  });

  it('looks for the binary once, on the first call, and keeps what it found, none included', async () => {
    const binary = path.join(root, 'node_modules', '@vscode', 'ripgrep', 'bin', 'rg');
    const located = ripgrepOnce(root);
    await write({ 'node_modules/@vscode/ripgrep/bin/rg': '#!/bin/sh\n' });
    await fs.chmod(binary, 0o755);
    assert.equal(located(), binary, 'not looked for before the first call');
    await fs.rm(binary);
    assert.equal(located(), binary, 'not looked for again');
    const none = ripgrepOnce(path.join(root, 'elsewhere'));
    assert.equal(none(), undefined);
    await write({ 'elsewhere/node_modules/@vscode/ripgrep/bin/rg': '#!/bin/sh\n' });
    await fs.chmod(path.join(root, 'elsewhere/node_modules/@vscode/ripgrep/bin/rg'), 0o755);
    assert.equal(none(), undefined, 'none found is kept too');
  });

  it('lists dot files, honours .gitignore without a repository, leaves out .git and the excluded globs', async () => {
    await write({
      '.gitignore': 'dist/\n*.log\n',
      '.github/copilot-instructions.md': 'x',
      'src/app.ts': 'x',
      'src/app.test.ts': 'x',
      'dist/bundle.js': 'x',
      'debug.log': 'x',
      'node_modules/pkg/index.js': 'x',
      '.git/HEAD': 'ref',
    });
    const files = await listFiles(systemRipgrep(), root, ['**/node_modules', '**/*.test.ts'], 100);
    assert.deepEqual(files, ['.github/copilot-instructions.md', '.gitignore', 'src/app.ts']);
  });

  it("stops at the limit, and rejects with ripgrep's words for a folder it cannot list", async () => {
    await write(Object.fromEntries(Array.from({ length: 50 }, (_, index) => [`f${index}.txt`, 'x'])));
    assert.equal((await listFiles(systemRipgrep(), root, [], 10)).length, 10);
    await assert.rejects(listFiles(systemRipgrep(), path.join(root, 'missing'), [], 10), /ENOENT|No such file/);
  });

  it('finds the lines that hold a text, case ignored, as written, with .gitignore and the excludes honoured', async () => {
    await write({
      '.gitignore': 'build/\n',
      'src/app.ts': 'const Cluster = 1;\nno match here\n// cluster (again)\n',
      'src/long.min.js': `x${'y'.repeat(1000)}cluster(`,
      'build/out.js': 'cluster(',
      'docs/skip.md': 'cluster(',
    });
    const matches = await searchText(systemRipgrep(), root, 'cluster (', ['docs/**'], 100);
    assert.deepEqual(matches, [{ path: 'src/app.ts', line: 3, text: '// cluster (again)' }]);
    const regexLike = await searchText(systemRipgrep(), root, 'cluster(', [], 100);
    assert.deepEqual(
      regexLike.map((match) => [match.path, match.line, match.text.length]),
      [
        ['docs/skip.md', 1, 8],
        ['src/long.min.js', 1, 301],
      ],
    );
    assert.deepEqual(await searchText(systemRipgrep(), root, 'nowhere at all', [], 100), []);
  });

  it('stops searching at the limit', async () => {
    await write({ 'many.txt': 'hit\n'.repeat(500) });
    assert.equal((await searchText(systemRipgrep(), root, 'hit', [], 10)).length, 10);
  });
});

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';

const root = path.resolve(__dirname, '..', '..', '..');
const scripts = path.join(root, 'scripts');

function filesUnder(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? filesUnder(full) : [full];
  });
}

const files = filesUnder(scripts).map((file) => path.relative(root, file).split(path.sep).join('/'));

describe('scripts/ layout', () => {
  it('every file is in a tool folder, none of which holds more than 15 files', () => {
    assert.deepEqual(
      files.filter((file) => file.split('/').length < 3),
      [],
    );
    const counts = new Map<string, number>();
    for (const file of files) {
      counts.set(path.posix.dirname(file), (counts.get(path.posix.dirname(file)) ?? 0) + 1);
    }
    assert.deepEqual(
      [...counts].filter(([, count]) => count > 15),
      [],
    );
  });

  it('file names are camelCase', () => {
    assert.deepEqual(
      files.filter((file) => !/^(README\.md|[a-z][a-zA-Z0-9]*\.(ts|js))$/.test(path.posix.basename(file))),
      [],
    );
  });

  it('JavaScript only in scripts/bootstrap/, which holds nothing else', () => {
    assert.deepEqual(
      files.filter((file) => file.endsWith('.js') !== file.startsWith('scripts/bootstrap/')),
      [],
    );
  });

  it('nothing in scripts/ imports from test/', () => {
    const intoTest = files.flatMap((file) =>
      [...fs.readFileSync(path.join(root, file), 'utf8').matchAll(/(?:from|import|require\()\s*['"](\.[^'"]*)['"]/g)]
        .map((match) =>
          path
            .relative(root, path.resolve(root, path.dirname(file), match[1] ?? ''))
            .split(path.sep)
            .join('/'),
        )
        .filter((target) => target.startsWith('test/'))
        .map((target) => `${file} → ${target}`),
    );
    assert.deepEqual(intoTest, []);
  });
});

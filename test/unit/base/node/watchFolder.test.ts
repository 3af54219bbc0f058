import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { watchFolder } from '../../../../src/base/node/watchFolder';

/** Resolves with the first name heard that `wanted` takes; rejects after the deadline, naming what was heard. */
function nameHeard(heard: string[], wanted: (name: string) => boolean, deadlineMs = 5_000): Promise<void> {
  const started = Date.now();
  return new Promise((resolve, reject) => {
    const check = (): void => {
      if (heard.some(wanted)) {
        resolve();
      } else if (Date.now() - started > deadlineMs) {
        reject(new Error(`heard only [${heard.join(', ')}]`));
      } else {
        setTimeout(check, 20);
      }
    };
    check();
  });
}

describe("a folder's entries watched with the system's own watch", () => {
  let root: string;
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'watch-folder-'));
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('hears a file written right after the watch is made, in a folder made with mkdir -p, and its removal', async () => {
    const folder = path.join(root, 'made', 'at', 'once');
    await fs.mkdir(folder, { recursive: true });
    const heard: string[] = [];
    const watch = watchFolder(folder, (name) => heard.push(name));
    try {
      await fs.writeFile(path.join(folder, 'style.md'), 'x');
      await nameHeard(heard, (name) => name === 'style.md');
      heard.length = 0;
      await fs.rm(path.join(folder, 'style.md'));
      await nameHeard(heard, (name) => name === 'style.md');
    } finally {
      watch.dispose();
    }
  });

  it('hears the entries of the folder only, not of its sub-folders', async () => {
    await fs.mkdir(path.join(root, 'sub'));
    const heard: string[] = [];
    const watch = watchFolder(root, (name) => heard.push(name));
    try {
      await fs.writeFile(path.join(root, 'sub', 'deep.md'), 'x');
      await fs.writeFile(path.join(root, 'top.md'), 'x');
      await nameHeard(heard, (name) => name === 'top.md');
      assert.equal(heard.includes('deep.md') || heard.includes(path.join('sub', 'deep.md')), false, `heard [${heard.join(', ')}]`);
    } finally {
      watch.dispose();
    }
  });

  it('ends quietly when the folder is removed under it', async () => {
    const folder = path.join(root, 'gone');
    await fs.mkdir(folder);
    const heard: string[] = [];
    const watch = watchFolder(folder, (name) => heard.push(name));
    await fs.rm(folder, { recursive: true });
    // Linux names the folder itself; other systems may name nothing. Either way nothing throws.
    if (process.platform === 'linux') {
      await nameHeard(heard, (name) => name === 'gone');
    }
    watch.dispose();
    assert.ok(
      heard.every((name) => name === 'gone'),
      `heard [${heard.join(', ')}]`,
    );
  });
});

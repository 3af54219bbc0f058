import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import { complaintOf } from '../../../../src/mentions/common/repositoryReads';
import { commitText, recentCommits } from '../../../../src/mentions/node/gitCommits';

describe('commits read with git for @commit', () => {
  let root: string;
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
  beforeEach(async () => {
    root = await fs.mkdtemp(path.join(os.tmpdir(), 'git-commits-'));
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'ada@example.com');
    git('config', 'user.name', 'Ada');
  });
  afterEach(async () => {
    await fs.rm(root, { recursive: true, force: true });
  });

  it('lists nothing in a repository without a commit', async () => {
    assert.deepEqual(await recentCommits('git', root, 10), []);
  });

  it('lists the newest commits first, and shows one with its whole message and its patch', async () => {
    await fs.writeFile(path.join(root, 'a.txt'), 'one\n');
    git('add', '.');
    git('commit', '-q', '-m', 'First: add a');
    await fs.writeFile(path.join(root, 'a.txt'), 'two\n');
    await fs.writeFile(path.join(root, 'b.txt'), 'new\n');
    git('add', '.');
    git('commit', '-q', '-m', 'Second change', '-m', 'Why: the body says.');
    const commits = await recentCommits('git', root, 10);
    assert.deepEqual(
      commits.map((commit) => [commit.subject, commit.author, commit.hash.startsWith(commit.shortHash)]),
      [
        ['Second change', 'Ada', true],
        ['First: add a', 'Ada', true],
      ],
    );
    const newest = commits[0]?.hash ?? '';
    const shown = await commitText('git', root, newest.slice(0, 8));
    assert.ok(shown);
    assert.match(shown.header, new RegExp(`^commit ${newest}\\nAuthor: Ada <ada@example.com>\\nDate: `, 'u'));
    assert.match(shown.header, /Second change\n\nWhy: the body says\.$/u);
    assert.deepEqual(
      [...shown.patch.matchAll(/^diff --git a\/(\S+)/gmu)].map((match) => match[1]),
      ['a.txt', 'b.txt'],
    );
    assert.match(shown.patch, /^-one\n\+two$/mu);
    const first = await commitText('git', root, commits[1]?.hash ?? '');
    assert.ok(first);
    assert.match(first.patch, /^\+one$/mu, 'the first commit shows what it added');
  });

  it('refuses anything but a hash, so nothing typed is read by git as an option', async () => {
    await assert.rejects(commitText('git', root, '--output=/tmp/x'), /is not a commit hash/u);
    await assert.rejects(commitText('git', root, 'HEAD~1'), /is not a commit hash/u);
  });

  it('says a repository lacks a commit with undefined, so that the next repository is asked', async () => {
    await commit('a.txt', 'one\n', 'First');
    assert.equal(await commitText('git', root, 'abcdef12'), undefined);
    assert.equal(await commitText('git', root, '1234567890123456789012345678901234567890'), undefined);
  });

  it('reads nothing, and fails in nothing, where the repository’s folder is gone', async () => {
    await commit('a.txt', 'one\n', 'First');
    const hash = git('rev-parse', 'HEAD').trim();
    await fs.rm(root, { recursive: true });
    assert.deepEqual(await recentCommits('git', root, 10), []);
    assert.equal(await commitText('git', root, hash), undefined);
  });

  it('rejects with git’s own words where git fails: a corrupt object, a missing git', async () => {
    await commit('a.txt', 'one\n', 'First');
    const first = git('rev-parse', 'HEAD').trim();
    await commit('a.txt', 'two\n', 'Second');
    await corrupt(first);
    const inflate = /^error: inflate: data stream error \(incorrect header check\)$/u;
    await assert.rejects(recentCommits('git', root, 10), (error: Error) => inflate.test(complaintOf(error)));
    await assert.rejects(commitText('git', root, first), (error: Error) => inflate.test(complaintOf(error)));
    const missing = path.join(root, 'no-such-git');
    await assert.rejects(recentCommits(missing, root, 10), (error: Error) => /^spawn \S+no-such-git ENOENT$/u.test(complaintOf(error)));
    await assert.rejects(commitText(missing, root, first), /ENOENT/u);
  });

  it('still reads an unborn branch as no commits where the user’s git speaks another language', async () => {
    // C.UTF-8 is a locale every system has; LANGUAGE then picks git's German messages.
    const before = { LC_ALL: process.env['LC_ALL'], LANGUAGE: process.env['LANGUAGE'] };
    Object.assign(process.env, { LC_ALL: 'C.UTF-8', LANGUAGE: 'de' });
    try {
      assert.deepEqual(await recentCommits('git', root, 10), []);
    } finally {
      for (const [name, value] of Object.entries(before)) {
        if (value === undefined) {
          delete process.env[name];
        } else {
          process.env[name] = value;
        }
      }
    }
  });

  async function commit(name: string, text: string, subject: string): Promise<void> {
    await fs.writeFile(path.join(root, name), text);
    git('add', name);
    git('commit', '-q', '-m', subject);
  }

  /** Overwrites a loose object with bytes zlib cannot inflate, as a disk or a crash can leave it. */
  async function corrupt(hash: string): Promise<void> {
    const file = path.join(root, '.git', 'objects', hash.slice(0, 2), hash.slice(2));
    await fs.chmod(file, 0o644);
    await fs.writeFile(file, 'not a zlib stream');
  }
});

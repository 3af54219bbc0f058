import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
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
    assert.match(shown.header, new RegExp(`^commit ${newest}\\nAuthor: Ada <ada@example.com>\\nDate: `, 'u'));
    assert.match(shown.header, /Second change\n\nWhy: the body says\.$/u);
    assert.deepEqual(
      [...shown.patch.matchAll(/^diff --git a\/(\S+)/gmu)].map((match) => match[1]),
      ['a.txt', 'b.txt'],
    );
    assert.match(shown.patch, /^-one\n\+two$/mu);
    const first = await commitText('git', root, commits[1]?.hash ?? '');
    assert.match(first.patch, /^\+one$/mu, 'the first commit shows what it added');
  });

  it('refuses anything but a hash, so nothing typed is read by git as an option', async () => {
    await assert.rejects(commitText('git', root, '--output=/tmp/x'), /is not a commit hash/u);
    await assert.rejects(commitText('git', root, 'HEAD~1'), /is not a commit hash/u);
    await assert.rejects(commitText('git', root, 'abcdef12'), /abcdef12|unknown revision|bad object/u);
  });
});

import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import type { ChatMentions } from '../../../src/mentions/vscode/chatMentions';
import { activateExtension } from '../testEnvironment';
import { removeWithRepositories } from '../helpers/removeRepositories';

type OptionsMessage = Extract<HostToChatMessage, { type: 'mentionOptions' }>;

const TOP = 'broken-git';
/** What git 2.x writes first when a loose object is not a zlib stream. */
const INFLATE = 'error: inflate: data stream error (incorrect header check)';

/**
 * `@commit:` beside a repository that git cannot read (a corrupt object, as a disk or a crash can
 * leave one), in the real extension host with the Git extension: the other repository's commits
 * are still offered, and the list and the attach both say git failed, where, and in git's words.
 */
describe('@commit: a repository git fails in is named, and the others are still offered', function () {
  this.timeout(60_000);
  const folder = (name: string): string => {
    const workspace = vscode.workspace.workspaceFolders?.[0];
    assert.ok(workspace, 'the test workspace has a folder');
    return path.join(workspace.uri.fsPath, TOP, name);
  };
  /** A repository of two commits; its first commit's object overwritten when `corrupt`. Gives the newest hash. */
  const repository = async (name: string, corrupt: boolean): Promise<string> => {
    const root = folder(name);
    await fs.mkdir(root, { recursive: true });
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: root, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    for (const text of ['one', 'two']) {
      await fs.writeFile(path.join(root, 'notes.txt'), `${text}\n`);
      git('add', 'notes.txt');
      git('commit', '-q', '-m', `${name} commit ${text}`);
    }
    if (corrupt) {
      // The newest commit stays readable, so the Git extension opens the repository as usual;
      // `git log` and `git show` of it need the first one too.
      const first = git('rev-parse', 'HEAD~1').trim();
      const object = path.join(root, '.git', 'objects', first.slice(0, 2), first.slice(2));
      await fs.chmod(object, 0o644);
      await fs.writeFile(object, 'not a zlib stream');
    }
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): { openRepository(root: vscode.Uri): Promise<unknown> } }>(
      'vscode.git',
    );
    assert.ok(extension, 'the Git extension is there');
    assert.ok(await (await extension.activate()).getAPI(1).openRepository(vscode.Uri.file(root)), `the Git extension opened ${name}`);
    return git('rev-parse', 'HEAD').trim();
  };

  const answers: OptionsMessage[] = [];
  let mentions: ChatMentions;
  let brokenHead = '';
  const options = async (query: string): Promise<OptionsMessage> => {
    const requestId = answers.length + 1;
    await mentions.query(requestId, query);
    const answer = answers.find((candidate) => candidate.requestId === requestId);
    assert.ok(answer, `an answer to ${query}`);
    return answer;
  };

  before(async () => {
    await repository('healthy', false);
    brokenHead = await repository('broken', true);
    assert.throws(() => execFileSync('git', ['log'], { cwd: folder('broken'), stdio: 'pipe' }), 'git itself fails in the broken one');
    const { testing } = await activateExtension();
    mentions = new testing.classes.ChatMentions(
      testing.mentions.files,
      testing.mentions.resolver,
      () => undefined,
      (message) => {
        if (message.type === 'mentionOptions') {
          answers.push(message);
        }
      },
    );
  });
  after(async () => {
    await removeWithRepositories(folder(''));
  });

  it('lists the healthy repository’s commits, and notes the broken one with git’s first line', async () => {
    const failed = `Git failed in ${folder('broken')}: ${INFLATE}`;
    const listed = await options('commit:');
    assert.deepEqual(
      listed.options.filter((option) => option.detail.includes(' commit ')).map((option) => option.detail.split(' · ')[0]),
      ['healthy commit two', 'healthy commit one'],
    );
    assert.equal(listed.note, failed);
    const none = await options('commit:healthy commit three');
    assert.deepEqual([none.options, none.note], [[], failed], 'nothing matching is not told as “no commit matches”');
  });

  it('tells why a commit of the broken repository cannot be attached, rather than that it names none', async () => {
    const { testing } = await activateExtension();
    const ref = `${vscode.Uri.file(folder('broken')).toString()}#${brokenHead}`;
    assert.deepEqual(await testing.mentions.resolver.resolve('commit', `commit:${brokenHead.slice(0, 7)}`, ref), {
      told: `Cluster Chat: @commit:${brokenHead.slice(0, 7)} could not be read. Git failed in ${folder('broken')}: ${INFLATE}`,
    });
    assert.equal(await mentions.choose('commit', `commit:${brokenHead.slice(0, 7)}`, ref), false, 'nothing is attached');
  });
});

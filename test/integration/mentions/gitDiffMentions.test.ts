import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { activateExtension } from '../testEnvironment';
import { removeWithRepositories } from '../helpers/removeRepositories';

/** What an .env file staged alongside the diff holds: it must reach no request. */
const ENV_VALUE = 'MENTION_ENV_4b2d';

describe('@changes and @staged: the working tree’s and the index’s diff of a real repository', function () {
  this.timeout(60_000);
  const own = useChatUnderTest();
  let repo = '';

  before(async () => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    repo = await fs.mkdtemp(path.join(folder.uri.fsPath, 'mention-repo-'));
    const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    await fs.writeFile(path.join(repo, 'staged.ts'), 'export const a = 1;\n');
    await fs.writeFile(path.join(repo, 'unstaged.ts'), 'export const b = 1;\n');
    git('add', '.');
    git('commit', '-q', '-m', 'Initial commit');
    await fs.writeFile(path.join(repo, 'staged.ts'), 'export const a = 1;\nexport const stagedMarker = 2;\n');
    await fs.writeFile(path.join(repo, '.env'), `TOKEN=${ENV_VALUE}\n`);
    git('add', 'staged.ts', '.env');
    await fs.writeFile(path.join(repo, 'unstaged.ts'), 'export const b = 1;\nexport const unstagedMarker = 3;\n');
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): { openRepository(root: vscode.Uri): Promise<unknown> } }>(
      'vscode.git',
    );
    assert.ok(extension, 'the Git extension is there');
    assert.ok(await (await extension.activate()).getAPI(1).openRepository(vscode.Uri.file(repo)), 'the Git extension opened it');
  });
  after(async () => {
    await removeWithRepositories(repo);
  });

  const attached = async (kind: 'changes' | 'staged'): Promise<{ readonly label: string; readonly code: string } | undefined> => {
    const { testing } = await activateExtension();
    const mentions = new testing.classes.ChatMentions(
      testing.mentions.files,
      testing.mentions.resolver,
      (content) => own.chat.attachments.add(content),
      () => undefined,
    );
    await mentions.choose(kind, kind);
    return own.chat.attachments.all.at(-1);
  };

  it('attaches the staged diff without .env, and the unstaged diff apart from it', async () => {
    const staged = await attached('staged');
    assert.equal(staged?.label, 'git diff --staged');
    assert.match(staged.code, /^\+export const stagedMarker = 2;$/m);
    assert.ok(!staged.code.includes('unstagedMarker'), 'only what is staged');
    assert.ok(!staged.code.includes(ENV_VALUE) && !staged.code.includes('.env'), 'nothing of .env, not even its name');
    const changes = await attached('changes');
    assert.equal(changes?.label, 'git diff');
    assert.match(changes.code, /^\+export const unstagedMarker = 3;$/m);
    assert.ok(!changes.code.includes('stagedMarker = 2'), 'the working tree against the index');
  });
});

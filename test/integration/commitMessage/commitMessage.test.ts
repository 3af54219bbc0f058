import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommitMessageResult } from '../../../src/commitMessage/vscode/commitMessageCommands';
import { clusterStats, emulatorFromEnvironment, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';
import { removeWithRepositories } from '../helpers/removeRepositories';

interface TestRepository {
  readonly rootUri: vscode.Uri;
  readonly inputBox: { value: string };
}
interface TestGitApi {
  openRepository(root: vscode.Uri): Promise<TestRepository | null>;
  getRepository(uri: vscode.Uri): TestRepository | null;
}

/** A real repository in the workspace with one commit, opened by the built-in Git extension. */
async function createRepository(): Promise<{ root: string; repository: TestRepository }> {
  const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
  assert.ok(folder, 'the integration run opens a workspace folder');
  const root = fs.mkdtempSync(path.join(folder, 'repo-'));
  git(root, 'init', '-q', '-b', 'main');
  git(root, 'config', 'user.email', 'test@example.com');
  git(root, 'config', 'user.name', 'Test');
  fs.writeFileSync(path.join(root, 'math.ts'), 'export const add = (a: number, b: number) => a + b;\n');
  fs.writeFileSync(path.join(root, 'README.md'), '# Demo\n');
  git(root, 'add', '.');
  git(root, 'commit', '-q', '-m', 'Initial commit');
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): TestGitApi }>('vscode.git');
  assert.ok(extension, 'the built-in Git extension is there');
  const api = (await extension.activate()).getAPI(1);
  const repository = (await api.openRepository(vscode.Uri.file(root))) ?? api.getRepository(vscode.Uri.file(root));
  assert.ok(repository, `the Git extension opened ${root}`);
  return { root, repository };
}

function git(cwd: string, ...args: string[]): string {
  return execFileSync('git', args, { cwd, encoding: 'utf8' });
}

async function writeMessage(repository: TestRepository): Promise<CommitMessageResult> {
  return (
    (await vscode.commands.executeCommand<CommitMessageResult>('clusterChat.writeCommitMessage', repository.rootUri)) ?? { written: false }
  );
}

describe(`Write Commit Message in a real git repository (VS Code ${vscode.version})`, function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  let root = '';
  let repository: TestRepository;

  // The echo cluster replies with the message it got, so the input box shows exactly what was sent.
  before(async () => {
    await useEmulator('echo', 'Echo');
    ({ root, repository } = await createRepository());
  });
  after(async () => {
    await stopUsingEmulator();
    await removeWithRepositories(root);
  });

  it('with nothing staged, sends all changes and names untracked files', async () => {
    const received = (await clusterStats(emulator.baseUrl, 'echo')).received;
    fs.appendFileSync(path.join(root, 'math.ts'), 'export const sub = (a: number, b: number) => a - b;\n');
    fs.writeFileSync(path.join(root, 'notes.txt'), 'todo\n');
    const result = await writeMessage(repository);
    assert.equal(result.written, true);
    const sent = repository.inputBox.value;
    assert.match(sent, /^Write a git commit message for the uncommitted changes \(nothing is staged\) below\./);
    assert.match(sent, /```diff\ndiff --git a\/math\.ts b\/math\.ts\n/);
    assert.match(sent, /^\+export const sub = \(a: number, b: number\) => a - b;$/m);
    assert.match(sent, /New untracked files \(not in the diff\): notes\.txt\./);
    assert.match(result.notice ?? '', /notes\.txt/);
    assert.equal((await clusterStats(emulator.baseUrl, 'echo')).received, received + 1);
  });

  it('with staged changes, sends only those', async () => {
    git(root, 'add', 'math.ts');
    fs.appendFileSync(path.join(root, 'README.md'), 'Unstaged line.\n');
    const result = await writeMessage(repository);
    assert.equal(result.written, true);
    const sent = repository.inputBox.value;
    assert.match(sent, /^Write a git commit message for the staged changes below\./);
    assert.match(sent, /diff --git a\/math\.ts/);
    assert.doesNotMatch(sent, /README|Unstaged line|notes\.txt/);
    assert.equal(result.notice, undefined, 'nothing was left out');
  });

  it('cuts a large diff with a note of what was left out, in the request and for the user', async () => {
    const big = Array.from({ length: 3_000 }, (_, index) => `export const value${index} = ${index};`).join('\n');
    fs.writeFileSync(path.join(root, 'big.ts'), `${big}\n`);
    fs.writeFileSync(path.join(root, 'zz-late.ts'), 'export const late = true;\n');
    git(root, 'add', 'big.ts', 'zz-late.ts');
    const result = await writeMessage(repository);
    assert.equal(result.written, true);
    const sent = repository.inputBox.value;
    assert.match(
      sent,
      /Cut: only the first \d+ of 3\d{3} diff lines of big\.ts are shown \(the diff sent is capped at 24,000 characters\)\./,
    );
    assert.match(sent, /Left out \(the diff sent is capped at 24,000 characters\): the changes to (\S+, )*zz-late\.ts\./);
    assert.doesNotMatch(sent, /value2999/);
    assert.ok(sent.length < 26_000, `the request stays near the cap (${sent.length} characters)`);
    assert.match(result.notice ?? '', /big\.ts/);
    assert.match(result.notice ?? '', /zz-late\.ts/);
    git(root, 'reset', '-q', 'big.ts', 'zz-late.ts');
  });

  it('names a binary file and sends none of its bytes', async () => {
    fs.writeFileSync(
      path.join(root, 'logo.png'),
      Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]),
    );
    git(root, 'add', 'logo.png');
    const result = await writeMessage(repository);
    assert.equal(result.written, true);
    const sent = repository.inputBox.value;
    assert.match(sent, /Binary files changed \(content not sent\): logo\.png\./);
    assert.doesNotMatch(sent, /IHDR|Binary files \/dev\/null/);
    assert.match(result.notice ?? '', /logo\.png/);
  });

  it('sends nothing when there are no changes', async () => {
    git(root, 'add', '-A');
    git(root, 'commit', '-q', '-m', 'Everything');
    await waitFor('the working tree is clean', () => git(root, 'status', '--porcelain') === '');
    const received = (await clusterStats(emulator.baseUrl, 'echo')).received;
    const result = await writeMessage(repository);
    assert.equal(result.written, false);
    assert.equal((await clusterStats(emulator.baseUrl, 'echo')).received, received, 'no request was sent');
  });
});

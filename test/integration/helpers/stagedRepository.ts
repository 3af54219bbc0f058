import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { CommitMessageResult } from '../../../src/commitMessage/vscode/commitMessageCommands';
import { removeWithRepositories } from './removeRepositories';

interface GitApi {
  openRepository(root: vscode.Uri): Promise<{ readonly rootUri: vscode.Uri } | null>;
  getRepository(uri: vscode.Uri): { readonly rootUri: vscode.Uri } | null;
}

/**
 * A real git repository in a new folder under `parent`: `committed` as its first commit, then
 * `staged` written (whole files, new or replacing) and staged. Cluster Chat's Write Commit Message
 * runs on it through the Git extension; the folder is removed after.
 */
export async function writeCommitMessageFor(
  parent: string,
  committed: Readonly<Record<string, string>>,
  staged: Readonly<Record<string, string>>,
): Promise<CommitMessageResult | undefined> {
  const repo = await fs.mkdtemp(path.join(parent, 'repo-'));
  const git = (...args: string[]): string => execFileSync('git', args, { cwd: repo, encoding: 'utf8' });
  try {
    git('init', '-q', '-b', 'main');
    git('config', 'user.email', 'test@example.com');
    git('config', 'user.name', 'Test');
    for (const [name, text] of Object.entries(committed)) {
      await fs.writeFile(path.join(repo, name), text);
    }
    git('add', '.');
    git('commit', '-q', '-m', 'Initial commit');
    for (const [name, text] of Object.entries(staged)) {
      await fs.writeFile(path.join(repo, name), text);
    }
    git('add', '.');
    const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
    assert.ok(extension, 'the Git extension is there');
    const api = (await extension.activate()).getAPI(1);
    const repository = (await api.openRepository(vscode.Uri.file(repo))) ?? api.getRepository(vscode.Uri.file(repo));
    assert.ok(repository, 'the Git extension opened the repository');
    return await vscode.commands.executeCommand<CommitMessageResult>('clusterChat.writeCommitMessage', repository.rootUri);
  } finally {
    await removeWithRepositories(repo);
  }
}

import * as vscode from 'vscode';
import { leftOutMessage, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { splitDiff } from '../common/diffFiles';
import type { ChangeScope } from '../common/commitPrompt';
import type { DiffFile } from '../common/diffFiles';
import { UNTRACKED_STATUS, type GitApi, type GitRepository } from './gitApi';

export interface RepositoryChanges {
  readonly scope: ChangeScope;
  readonly files: readonly DiffFile[];
  readonly untrackedFiles: readonly string[];
}

/**
 * The repository a command is about: the one whose Source Control title was clicked (VS Code passes
 * its SourceControl, which has the root), else the only one, else the user's pick.
 */
export async function chooseRepository(api: GitApi, argument: unknown): Promise<GitRepository | undefined> {
  const root = rootOf(argument);
  const clicked = root ? api.getRepository(root) : null;
  if (clicked) {
    return clicked;
  }
  if (api.repositories.length <= 1) {
    return api.repositories[0];
  }
  const picked = await vscode.window.showQuickPick(
    api.repositories.map((repository) => ({ label: vscode.workspace.asRelativePath(repository.rootUri), repository })),
    { title: vscode.l10n.t('Cluster Chat: Write Commit Message'), placeHolder: vscode.l10n.t('Which repository?') },
  );
  return picked?.repository;
}

function rootOf(argument: unknown): vscode.Uri | undefined {
  if (argument instanceof vscode.Uri) {
    return argument;
  }
  const rootUri = typeof argument === 'object' && argument !== null ? (argument as { rootUri?: unknown }).rootUri : undefined;
  return rootUri instanceof vscode.Uri ? rootUri : undefined;
}

/** The staged changes, or all uncommitted ones when nothing is staged; undefined when there are none. */
export async function repositoryChanges(repository: GitRepository): Promise<RepositoryChanges | undefined> {
  // The Git extension refreshes its state lazily (on file events); a fresh status keeps the
  // staged/unstaged choice in step with what `git diff` then reads.
  await repository.status();
  const scope: ChangeScope = repository.state.indexChanges.length > 0 ? 'staged' : 'all';
  const files = splitDiff(await repository.diff(scope === 'staged'));
  const untracked =
    scope === 'staged'
      ? []
      : [...repository.state.workingTreeChanges, ...(repository.state.untrackedChanges ?? [])]
          .filter((change) => change.status === UNTRACKED_STATUS)
          .map((change) => relativePath(repository.rootUri, change.uri));
  const untrackedFiles = [...new Set(untracked)];
  return files.length === 0 && untrackedFiles.length === 0 ? undefined : { scope, files, untrackedFiles };
}

/**
 * The changes without the files `.clusterignore` (or the setting, or the built-in credential
 * patterns) keeps from leaving: neither their diff nor their names are sent. `leftOut` says, for
 * the user, which file was left out and by which pattern.
 */
export async function withoutIgnored(
  repository: GitRepository,
  changes: RepositoryChanges,
  ignore: Pick<WorkspaceIgnore, 'ignored'>,
): Promise<{ readonly changes: RepositoryChanges; readonly leftOut: readonly string[] }> {
  const leftOut: string[] = [];
  const allowed = async (path: string): Promise<boolean> => {
    const match = await ignore.ignored(vscode.Uri.joinPath(repository.rootUri, path));
    if (match) {
      leftOut.push(leftOutMessage(path, match));
    }
    return match === undefined;
  };
  const files: DiffFile[] = [];
  for (const file of changes.files) {
    if (await allowed(file.path)) {
      files.push(file);
    }
  }
  const untrackedFiles: string[] = [];
  for (const path of changes.untrackedFiles) {
    if (await allowed(path)) {
      untrackedFiles.push(path);
    }
  }
  return { changes: { scope: changes.scope, files, untrackedFiles }, leftOut };
}

function relativePath(root: vscode.Uri, file: vscode.Uri): string {
  const prefix = root.path.endsWith('/') ? root.path : `${root.path}/`;
  return file.path.startsWith(prefix) ? file.path.slice(prefix.length) : file.path;
}

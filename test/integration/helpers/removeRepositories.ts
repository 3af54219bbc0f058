import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { waitFor } from '../testEnvironment';

interface GitApi {
  readonly repositories: readonly { readonly rootUri: vscode.Uri }[];
}

/**
 * Removes a folder after closing, in the Git extension, every repository in it. Removed while open,
 * the extension's next `git check-ignore` there writes to a git that could not start; that EPIPE is
 * not caught by the extension, and it fails whichever test runs in the host at the time.
 */
export async function removeWithRepositories(folder: string): Promise<void> {
  const extension = vscode.extensions.getExtension<{ getAPI(version: 1): GitApi }>('vscode.git');
  const api = extension?.isActive ? extension.exports.getAPI(1) : undefined;
  const inside = (): vscode.Uri[] =>
    (api?.repositories ?? []).map((repository) => repository.rootUri).filter((root) => isWithin(root.fsPath, folder));
  for (const root of inside()) {
    await vscode.commands.executeCommand('git.close', root);
  }
  await waitFor(`the Git extension to close the repositories in ${folder}`, () => inside().length === 0);
  await fs.rm(folder, { recursive: true, force: true });
}

function isWithin(file: string, folder: string): boolean {
  const relative = path.relative(folder, file);
  return !relative.startsWith('..') && !path.isAbsolute(relative);
}

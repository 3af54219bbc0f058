import * as vscode from 'vscode';

/*
 * The part of the built-in Git extension's API (`vscode.git`, API version 1) that writing a commit
 * message uses; the full declaration is in that extension's `git.d.ts`.
 */

/** `Status.UNTRACKED` in git.d.ts. */
export const UNTRACKED_STATUS = 7;

export interface GitChange {
  readonly uri: vscode.Uri;
  readonly status: number;
}

export interface GitRepository {
  readonly rootUri: vscode.Uri;
  readonly inputBox: { value: string };
  readonly state: {
    readonly indexChanges: readonly GitChange[];
    readonly workingTreeChanges: readonly GitChange[];
    readonly untrackedChanges?: readonly GitChange[];
  };
  /** `git diff` (`cached`: `git diff --cached`). */
  diff(cached?: boolean): Promise<string>;
  status(): Promise<void>;
}

export interface GitApi {
  /** The git the extension found and runs. */
  readonly git: { readonly path: string };
  readonly repositories: readonly GitRepository[];
  getRepository(uri: vscode.Uri): GitRepository | null;
}

interface GitExtensionExports {
  readonly enabled: boolean;
  getAPI(version: 1): GitApi;
}

/** The Git extension's API, or why there is none (not installed, or turned off with `git.enabled`). */
export async function gitApi(): Promise<GitApi | string> {
  const extension = vscode.extensions.getExtension<GitExtensionExports>('vscode.git');
  if (!extension) {
    return vscode.l10n.t('The built-in Git extension is not available in this window.');
  }
  const exports = extension.isActive ? extension.exports : await extension.activate();
  if (!exports.enabled) {
    return vscode.l10n.t('Git is turned off in this window (the git.enabled setting).');
  }
  return exports.getAPI(1);
}

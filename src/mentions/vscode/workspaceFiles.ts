import * as vscode from 'vscode';
import { settings } from '../../base/vscode/settings';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { listFiles } from '../node/vscodeRipgrep';
import { vscodeRipgrep } from './vscodeRipgrep';

/** The most files listed per workspace folder. */
const MAX_FILES = 20_000;
/** A list this young is reused: typing a mention asks for it on every key. */
const FRESH_MS = 5_000;

export interface WorkspaceFile {
  /** The workspace path, named by its folder in a multi-root workspace (`web/src/app.ts`). */
  readonly name: string;
  readonly uri: vscode.Uri;
}

/**
 * The workspace's files as VS Code's search lists them: through VS Code's own ripgrep (so
 * `.gitignore`, `files.exclude` and `search.exclude` count), from every folder of the workspace,
 * without the files `.clusterignore` keeps from leaving. Where VS Code ships no ripgrep (or the
 * folder is not on disk), `workspace.findFiles` lists them, which honours `files.exclude` only.
 */
export class WorkspaceFiles implements vscode.Disposable {
  private listed: { readonly at: number; readonly files: Promise<readonly WorkspaceFile[]> } | undefined;
  private relisting: Promise<unknown> | undefined;
  /** A file made or deleted makes the list old at once, so the next key lists again (a changed file's name stays). */
  private readonly watcher = vscode.workspace.createFileSystemWatcher('**/*', false, true, false);

  constructor(
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
    private readonly log: vscode.LogOutputChannel,
  ) {
    const outdated = (): void => {
      if (this.listed !== undefined) {
        this.listed = { ...this.listed, at: 0 };
      }
    };
    this.watcher.onDidCreate(outdated);
    this.watcher.onDidDelete(outdated);
  }

  dispose(): void {
    this.watcher.dispose();
  }

  /**
   * The files, at once from the last list when there is one; a list older than FRESH_MS is made
   * again meanwhile, for the next keystroke. Only the very first call waits for ripgrep.
   */
  list(): Promise<readonly WorkspaceFile[]> {
    const now = Date.now();
    if (this.listed === undefined) {
      this.listed = { at: now, files: this.listAll() };
    } else if (now - this.listed.at > FRESH_MS && this.relisting === undefined) {
      const files = this.listAll();
      this.relisting = files
        .then(() => (this.listed = { at: Date.now(), files }))
        .catch(() => undefined) // the last list stays; the next keystroke tries again
        .finally(() => (this.relisting = undefined));
    }
    return this.listed.files;
  }

  /** The file a mention names, if it may be sent: looked for again in a new list when the last one lacks it (made since). */
  async named(name: string): Promise<WorkspaceFile | undefined> {
    const found = (await this.list()).find((file) => file.name === name);
    if (found !== undefined) {
      return found;
    }
    const files = this.listAll();
    this.listed = { at: Date.now(), files };
    return (await files).find((file) => file.name === name);
  }

  private async listAll(): Promise<readonly WorkspaceFile[]> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    const multiRoot = folders.length > 1;
    const lists = await Promise.all(
      folders.map(async (folder) => {
        const paths = await this.folderPaths(folder);
        const files: WorkspaceFile[] = [];
        for (const path of paths) {
          const uri = vscode.Uri.joinPath(folder.uri, path);
          if ((await this.ignore.ignored(uri)) === undefined) {
            files.push({ name: multiRoot ? `${folder.name}/${path}` : path, uri });
          }
        }
        return files;
      }),
    );
    return lists.flat();
  }

  private async folderPaths(folder: vscode.WorkspaceFolder): Promise<readonly string[]> {
    const excluded = settings.searchExcludes(folder.uri);
    const ripgrep = vscodeRipgrep();
    if (ripgrep !== undefined && folder.uri.scheme === 'file') {
      try {
        return await listFiles(ripgrep, folder.uri.fsPath, excluded, MAX_FILES);
      } catch (error) {
        this.log.warn(`Listing ${folder.name}'s files with ripgrep failed (${String(error)}); listing them without .gitignore.`);
      }
    }
    const exclude = excluded.length > 0 ? `{${excluded.join(',')}}` : undefined;
    const uris = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, '**/*'), exclude, MAX_FILES);
    return uris.map((uri) => vscode.workspace.asRelativePath(uri, false)).sort();
  }
}

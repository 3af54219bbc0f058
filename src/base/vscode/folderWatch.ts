import { lstat } from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { watchFolder } from '../node/watchFolder';

/** When a folder's own watcher surely listens, after it was made. */
const OWN_WATCH_SETTLED_MS = 1_000;

/** A file or folder of the workspace folder made, changed or removed (`deleted`). */
export type FileHeard = (uri: vscode.Uri, deleted: boolean) => void;

/**
 * One workspace folder's file events: a recursive watcher, and a watcher of its own on each of
 * `ownFolders` (relative, posix) while it exists.
 *
 * On Linux the recursive watcher does not watch the folders made inside a folder made at the same
 * moment (`mkdir -p`, a checkout, an unzip; parcel-bundler/watcher#97, microsoft/vscode#227252) and
 * never reports what later happens in them. Node's watch of one folder is another kind of watch, made
 * again whenever that folder or one above it is reported, so the folders the files of interest
 * live in are heard whatever made them. Such a folder is reported again once its own watcher listens.
 */
export class FolderWatch implements vscode.Disposable {
  private readonly own = new Map<string, vscode.Disposable>();
  private readonly disposables: vscode.Disposable[] = [];
  private disposed = false;

  constructor(
    private readonly folder: vscode.WorkspaceFolder,
    private readonly ownFolders: readonly string[],
    private readonly heard: FileHeard,
  ) {
    this.disposables.push(this.watch(new vscode.RelativePattern(folder, '**/*')));
    void this.watchOwn(ownFolders);
  }

  private watch(pattern: vscode.RelativePattern): vscode.Disposable {
    const watcher = vscode.workspace.createFileSystemWatcher(pattern);
    return vscode.Disposable.from(
      watcher,
      watcher.onDidCreate((uri) => this.report(uri, false)),
      watcher.onDidChange((uri) => this.report(uri, false)),
      watcher.onDidDelete((uri) => this.report(uri, true)),
    );
  }

  /** VS Code serves a watcher of one folder inside a watched workspace from the recursive watch, with its blind spots. */
  private watchWithNode(folder: vscode.Uri): vscode.Disposable {
    return watchFolder(folder.fsPath, (name) => {
      const uri = vscode.Uri.joinPath(folder, name);
      void lstat(uri.fsPath).then(
        () => this.report(uri, false),
        () => this.report(uri, true),
      );
    });
  }

  private report(uri: vscode.Uri, deleted: boolean): void {
    this.heard(uri, deleted);
    const relative = path.relative(this.folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
    const below = this.ownFolders.filter((own) => own === relative || own.startsWith(`${relative}/`));
    if (below.length > 0) {
      void this.watchOwn(below);
    }
  }

  /** (Re)makes the watcher of each folder that exists now; one that is gone is dropped. */
  private async watchOwn(relatives: readonly string[]): Promise<void> {
    await Promise.all(
      relatives.map(async (relative) => {
        const uri = vscode.Uri.joinPath(this.folder.uri, ...relative.split('/'));
        const isFolder = await vscode.workspace.fs.stat(uri).then(
          (stat) => (stat.type & vscode.FileType.Directory) !== 0,
          () => false,
        );
        // After the await and in one step, so that of two overlapping calls the later one's watcher is kept.
        this.own.get(relative)?.dispose();
        this.own.delete(relative);
        if (isFolder && !this.disposed) {
          // What was made in the folder before its watch began (between its creation and now) is
          // searched for: the folder is reported once the watch surely listens.
          const settled = setTimeout(() => this.heard(uri, false), OWN_WATCH_SETTLED_MS);
          const watcher = uri.scheme === 'file' ? this.watchWithNode(uri) : this.watch(new vscode.RelativePattern(uri, '*'));
          this.own.set(relative, {
            dispose: () => {
              clearTimeout(settled);
              watcher.dispose();
            },
          });
        }
      }),
    );
  }

  dispose(): void {
    this.disposed = true;
    this.disposables.forEach((disposable) => void disposable.dispose());
    this.own.forEach((watcher) => void watcher.dispose());
    this.own.clear();
  }
}

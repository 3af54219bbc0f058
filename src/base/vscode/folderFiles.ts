import * as path from 'node:path';
import * as vscode from 'vscode';
import { LatestRead } from '../common/latestRead';
import { FolderWatch } from './folderWatch';

/** How long a folder's events are gathered before it is searched again after a folder came or went. */
const RESCAN_DELAY_MS = 300;

/** One kind of file that each workspace folder may hold, and how {@link FolderFiles} finds and reads it. */
export interface FolderFileKind<Entry> {
  /** The files searched for, relative to the folder, and those left out of the search. */
  readonly glob: string;
  readonly exclude?: string;
  /** The folders (relative, posix) such files live in: each is watched on its own as well. */
  readonly folders: readonly string[];
  /** Whether a path (relative, posix) is such a file. */
  isFile(relative: string): boolean;
  /** Whether an event at a path that is no such file may be a folder of them made, moved or removed whole. */
  mayHoldFiles(relative: string): boolean;
  /** The entry a file makes now; undefined when it is gone or makes none. */
  read(folder: vscode.WorkspaceFolder, uri: vscode.Uri, relative: string): Promise<Entry | undefined>;
  /** A file is gone (a watcher reported it deleted). */
  forget?(folder: vscode.WorkspaceFolder, relative: string): void;
  /** Files the search does not list but each search reads again (one that failed to read as a folder). */
  alsoRead?(folder: vscode.WorkspaceFolder, listed: ReadonlySet<string>): readonly vscode.Uri[];
  /** When to search once more after the watcher was made: what changed while it started to listen. */
  readonly settleMs?: number;
  /** How old a folder's last search may be when its files are asked for, before it is searched again. */
  readonly researchAfterMs?: number;
}

/**
 * The files of one kind in each workspace folder, found once and then kept current by watchers, so
 * that asking for them reads nothing from disk. A watcher may miss the files of a folder made, moved
 * or removed whole: such a folder's event searches the workspace folder again.
 */
export class FolderFiles<Entry> implements vscode.Disposable {
  private readonly folders = new Map<string, Promise<Map<string, Entry>>>();
  private readonly reads = new LatestRead();
  private readonly searchedAt = new Map<string, number>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  /** A file was read again, or came or went, or a workspace folder was removed. */
  readonly onDidChange = this.changed.event;

  constructor(private readonly kind: FolderFileKind<Entry>) {
    this.disposables.push(
      this.changed,
      vscode.workspace.onDidChangeWorkspaceFolders(({ removed }) => {
        removed.forEach((folder) => this.folders.delete(folder.uri.toString()));
        this.changed.fire();
      }),
    );
  }

  /** The folder's entries (its files found and read the first time it is asked for). */
  async of(folder: vscode.WorkspaceFolder): Promise<readonly Entry[]> {
    const key = folder.uri.toString();
    let files = this.folders.get(key);
    if (!files) {
      files = this.scan(folder);
      this.folders.set(key, files);
      this.searchedAt.set(key, Date.now());
    }
    const found = await files;
    const { researchAfterMs } = this.kind;
    if (researchAfterMs !== undefined && Date.now() - (this.searchedAt.get(key) ?? 0) > researchAfterMs) {
      this.searchedAt.set(key, Date.now());
      await this.readAll(folder, found);
    }
    return [...found.values()];
  }

  private async scan(folder: vscode.WorkspaceFolder): Promise<Map<string, Entry>> {
    const files = new Map<string, Entry>();
    let rescan: ReturnType<typeof setTimeout> | undefined;
    const searchAgain = (): void => void this.readAll(folder, files).then(() => this.changed.fire());
    const heard = (uri: vscode.Uri, deleted: boolean): void => {
      const relative = relativePath(folder, uri);
      if (this.kind.isFile(relative)) {
        void this.reread(folder, files, uri, deleted).then(() => this.changed.fire());
      } else if (this.kind.mayHoldFiles(relative)) {
        clearTimeout(rescan);
        rescan = setTimeout(searchAgain, RESCAN_DELAY_MS);
      }
    };
    this.disposables.push(new FolderWatch(folder, this.kind.folders, heard), { dispose: () => clearTimeout(rescan) });
    await this.readAll(folder, files);
    if (this.kind.settleMs !== undefined) {
      const settle = setTimeout(searchAgain, this.kind.settleMs);
      this.disposables.push({ dispose: () => clearTimeout(settle) });
    }
    return files;
  }

  /** Finds the folder's files afresh: each is read again, and those gone are dropped. */
  private async readAll(folder: vscode.WorkspaceFolder, files: Map<string, Entry>): Promise<void> {
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, this.kind.glob), this.kind.exclude);
    const listed = new Set(found.map((uri) => relativePath(folder, uri)));
    [...files.keys()].filter((known) => !listed.has(known)).forEach((gone) => files.delete(gone));
    const more = this.kind.alsoRead?.(folder, listed) ?? [];
    await Promise.all([...found, ...more].map((uri) => this.reread(folder, files, uri, false)));
  }

  private async reread(folder: vscode.WorkspaceFolder, files: Map<string, Entry>, uri: vscode.Uri, deleted: boolean): Promise<void> {
    const relative = relativePath(folder, uri);
    const latest = this.reads.begin(uri.toString());
    if (deleted) {
      this.kind.forget?.(folder, relative);
    }
    const entry = deleted ? undefined : await this.kind.read(folder, uri, relative);
    if (!latest()) {
      return;
    }
    if (entry === undefined) {
      files.delete(relative);
    } else {
      files.set(relative, entry);
    }
  }

  dispose(): void {
    this.disposables.forEach((disposable) => void disposable.dispose());
  }
}

/** A path relative to its workspace folder, posix. */
export function relativePath(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string {
  return path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
}

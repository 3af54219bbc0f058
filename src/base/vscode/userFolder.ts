import { createHash } from 'node:crypto';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { watchFolder } from '../node/watchFolder';
import { settings } from './settings';

/** A file of the user's own folder, as last read. */
export interface UserFile {
  readonly uri: vscode.Uri;
  /** The file's name in its sub-folder. */
  readonly name: string;
  /** The path as the user knows it: under the home folder as `~/…`. */
  readonly source: string;
  readonly text: string;
  readonly hash: string;
}

/** The user's files are written by hand; a larger one is read only this far. */
const MAX_READ_BYTES = 256 * 1024;
/** A folder of hundreds of prompts is a mistake (say, the home folder named by accident): only this many are read. */
const MAX_FILES = 200;

/**
 * The user's own folder (setting `clusterChat.userFolder`, `~/.cluster-chat` by default): the
 * instruction and prompt files the user keeps for every workspace. They are the user's own words,
 * as the system prompt is, so they are not asked about and apply in Restricted Mode too. The
 * setting is application-wide: a workspace cannot point it at its own files. Each sub-folder is
 * listed once and read again when the watcher hears of a change.
 */
export class UserFolder implements vscode.Disposable {
  private readonly listed = new Map<string, Promise<UserFile[] | undefined>>();
  /** Per sub-folder, the folder found not to be there at the last ask. */
  private readonly absent = new Map<string, string>();
  /** Per sub-folder, the watcher of the folder it was listed from. */
  private readonly watchers = new Map<string, { readonly folder: string; readonly watcher: { dispose(): void } }>();
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;
  private readonly subscription: vscode.Disposable;
  /** The last setting found unusable, so it is reported once, not on every ask. */
  private reported = '';

  constructor(private readonly log: Pick<vscode.LogOutputChannel, 'warn'>) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('clusterChat.userFolder')) {
        this.forget();
      }
    });
  }

  /** The files directly in `sub` that `accept` takes by name, in name order; none when the folder is not there. */
  async files(sub: string, accept: (name: string) => boolean): Promise<readonly UserFile[]> {
    const root = userFolderPath();
    if (root === undefined) {
      this.reportUnusable(settings.userFolder().trim());
      return [];
    }
    const folder = vscode.Uri.file(path.join(root, sub));
    if (this.absent.get(sub) === folder.fsPath && !(await isThere(folder.fsPath))) {
      return [];
    }
    this.absent.delete(sub);
    let listing = this.listed.get(sub);
    if (!listing) {
      listing = this.list(folder, accept);
      this.listed.set(sub, listing);
    }
    const files = await listing;
    if (files === undefined) {
      // Not there (yet), and a folder that is not there cannot be watched: until it is, each ask looks
      // for it with one look at the disk, not a listing through the file service (milliseconds a send).
      this.listed.delete(sub);
      this.unwatch(sub);
      this.absent.set(sub, folder.fsPath);
      return [];
    }
    if (this.watch(sub, folder)) {
      // Watched only now: what changed since it was read is read on the next ask.
      this.listed.delete(sub);
    }
    return files;
  }

  /** A relative path has nothing to be resolved against: said once, in the log, with what to write instead. */
  private reportUnusable(setting: string): void {
    if (setting !== '' && setting !== this.reported) {
      this.reported = setting;
      this.log.warn(
        `The setting clusterChat.userFolder is "${setting}", which is not an absolute path: no folder of your own is read. Write a full path, or one starting with ~/.`,
      );
    }
  }

  private async list(folder: vscode.Uri, accept: (name: string) => boolean): Promise<UserFile[] | undefined> {
    let entries: [string, vscode.FileType][];
    try {
      entries = await vscode.workspace.fs.readDirectory(folder);
    } catch {
      return undefined;
    }
    const names = entries
      .filter(([name, type]) => (type & vscode.FileType.File) !== 0 && !name.startsWith('.') && accept(name))
      .map(([name]) => name)
      .sort()
      .slice(0, MAX_FILES);
    const read = await Promise.all(names.map((name) => this.read(vscode.Uri.joinPath(folder, name), name)));
    return read.flatMap((file) => (file ? [file] : []));
  }

  private async read(uri: vscode.Uri, name: string): Promise<UserFile | undefined> {
    try {
      const bytes = (await vscode.workspace.fs.readFile(uri)).subarray(0, MAX_READ_BYTES);
      const text = new TextDecoder().decode(bytes);
      return { uri, name, source: tildePath(uri.fsPath), text, hash: createHash('sha256').update(bytes).digest('hex') };
    } catch (error) {
      this.log.warn(`Your file ${tildePath(uri.fsPath)} could not be read: ${String(error)}`);
      return undefined;
    }
  }

  /**
   * Watches the files directly in `folder` with the system's own watch, which listens from the moment
   * it is made: a change right after the listing is not lost. True when the watcher is new.
   */
  private watch(sub: string, folder: vscode.Uri): boolean {
    if (this.watchers.get(sub)?.folder === folder.fsPath) {
      return false;
    }
    this.unwatch(sub);
    this.watchers.set(sub, { folder: folder.fsPath, watcher: watchFolder(folder.fsPath, () => this.forget()) });
    return true;
  }

  private unwatch(sub: string): void {
    this.watchers.get(sub)?.watcher.dispose();
    this.watchers.delete(sub);
  }

  private forget(): void {
    this.listed.clear();
    this.changed.fire();
  }

  dispose(): void {
    this.subscription.dispose();
    for (const { watcher } of this.watchers.values()) {
      watcher.dispose();
    }
    this.changed.dispose();
  }
}

/** The folder the setting names, `~` expanded; undefined when it is empty or not absolute (nothing to resolve it against). */
export function userFolderPath(): string | undefined {
  const setting = settings.userFolder().trim();
  const expanded = setting === '~' || setting.startsWith('~/') ? path.join(os.homedir(), setting.slice(1)) : setting;
  return expanded !== '' && path.isAbsolute(expanded) ? path.normalize(expanded) : undefined;
}

function isThere(fsPath: string): Promise<boolean> {
  return fs.promises.stat(fsPath).then(
    () => true,
    () => false,
  );
}

/** The path with the home folder as `~`, as the user wrote it in the setting. */
function tildePath(fsPath: string): string {
  const relative = path.relative(os.homedir(), fsPath);
  return relative.startsWith('..') || path.isAbsolute(relative) ? fsPath : `~/${relative.split(path.sep).join('/')}`;
}

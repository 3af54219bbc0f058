import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { IgnoreMatch } from '../../guards/common/clusterIgnore';
import { FolderWatch } from '../../base/vscode/folderWatch';
import { patternFolders } from '../../base/common/patternFolders';
import {
  instructionKind,
  INSTRUCTION_FILE_PATTERNS,
  INSTRUCTION_FILES_EXCLUDE,
  INSTRUCTION_FILES_GLOB,
  type InstructionKind,
} from '../common/instructionSources';

/** An instruction file of a workspace folder, as last read. */
export interface CachedInstruction {
  readonly uri: vscode.Uri;
  /** Relative to its workspace folder, posix. */
  readonly path: string;
  readonly kind: InstructionKind;
  readonly text: string;
  /** Of the text: an approval holds for this content only. */
  readonly hash: string;
  /** Why it is never sent, whatever applies: a link that leads out of the workspace folder. */
  readonly refused?: 'outsideFolder';
}

/** An instruction file that could not be read, and why (the error's message). */
export interface UnreadableInstruction {
  readonly uri: vscode.Uri;
  readonly path: string;
  readonly error: string;
}

/** The folders instruction files live in, watched each on its own as well. */
const INSTRUCTION_FOLDERS = patternFolders(INSTRUCTION_FILE_PATTERNS);

/** How long the watcher is to be quiet before a folder is searched again after a folder came or went. */
const RESCAN_DELAY_MS = 300;

/** Files larger than this are not instructions anyone wrote by hand; they are read only this far. */
const MAX_READ_BYTES = 256 * 1024;

/**
 * The instruction files of each workspace folder, found once and then kept current by a file
 * watcher, so resolving the instructions of a send reads nothing from disk.
 */
/** An instruction file that never leaves, and the ignore pattern that says so. */
export interface LeftOutInstruction {
  readonly file: CachedInstruction;
  readonly match: IgnoreMatch;
}

export class InstructionFileCache implements vscode.Disposable {
  private readonly folders = new Map<string, Promise<Map<string, CachedInstruction>>>();
  /** Per folder, the instruction files the last read of which failed: reported to the user, never sent. */
  private readonly unreadable = new Map<string, Map<string, UnreadableInstruction>>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
  ) {
    this.disposables.push(
      this.changed,
      vscode.workspace.onDidChangeWorkspaceFolders(({ removed }) => {
        removed.forEach((folder) => {
          this.folders.delete(folder.uri.toString());
          this.unreadable.delete(folder.uri.toString());
        });
        this.changed.fire();
      }),
    );
  }

  /** The folder's instruction files (found and read the first time it is asked for). */
  async filesOf(folder: vscode.WorkspaceFolder): Promise<readonly CachedInstruction[]> {
    const key = folder.uri.toString();
    let files = this.folders.get(key);
    if (!files) {
      files = this.scan(folder);
      this.folders.set(key, files);
    }
    return [...(await files).values()];
  }

  /** The folder's instruction files that could not be read, as of the last read of each. */
  async unreadableOf(folder: vscode.WorkspaceFolder): Promise<readonly UnreadableInstruction[]> {
    await this.filesOf(folder);
    return [...(this.unreadable.get(folder.uri.toString())?.values() ?? [])];
  }

  /** The folder's files that may be sent: not refused, and not left out by `.clusterignore` or the built-in patterns. */
  async sendableFilesOf(folder: vscode.WorkspaceFolder): Promise<CachedInstruction[]> {
    return (await this.sortedByIgnore(folder)).sendable;
  }

  /** The folder's files that `.clusterignore`, the setting or the built-in patterns leave out, each with the pattern. */
  async leftOutOf(folder: vscode.WorkspaceFolder): Promise<LeftOutInstruction[]> {
    return (await this.sortedByIgnore(folder)).leftOut;
  }

  private async sortedByIgnore(folder: vscode.WorkspaceFolder): Promise<{ sendable: CachedInstruction[]; leftOut: LeftOutInstruction[] }> {
    const files = await this.filesOf(folder);
    const ignored = await Promise.all(files.map((file) => this.ignore.ignored(file.uri)));
    const sendable: CachedInstruction[] = [];
    const leftOut: LeftOutInstruction[] = [];
    files.forEach((file, index) => {
      const match = ignored[index];
      if (match !== undefined) {
        leftOut.push({ file, match });
      } else if (file.refused === undefined) {
        sendable.push(file);
      }
    });
    return { sendable, leftOut };
  }

  private async scan(folder: vscode.WorkspaceFolder): Promise<Map<string, CachedInstruction>> {
    const files = new Map<string, CachedInstruction>();
    let rescan: NodeJS.Timeout | undefined;
    const heard = (uri: vscode.Uri, deleted: boolean): void => {
      if (instructionKind(relativePath(folder, uri)) !== undefined) {
        void this.reread(folder, files, uri, deleted).then(() => this.changed.fire());
      } else if (path.extname(uri.fsPath) === '') {
        // Perhaps a folder: the watcher may not report the files of a folder made, moved or removed whole.
        clearTimeout(rescan);
        rescan = setTimeout(() => void this.readAll(folder, files).then(() => this.changed.fire()), RESCAN_DELAY_MS);
      }
    };
    this.disposables.push(new FolderWatch(folder, INSTRUCTION_FOLDERS, heard), { dispose: () => clearTimeout(rescan) });
    await this.readAll(folder, files);
    return files;
  }

  /** Finds the folder's instruction files afresh: each is read again, and those gone are dropped. */
  private async readAll(folder: vscode.WorkspaceFolder, files: Map<string, CachedInstruction>): Promise<void> {
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, INSTRUCTION_FILES_GLOB), INSTRUCTION_FILES_EXCLUDE);
    const present = new Set(found.map((uri) => relativePath(folder, uri)));
    [...files.keys()].filter((known) => !present.has(known)).forEach((gone) => files.delete(gone));
    // The search lists files only: one that failed to read because it is a folder, or a link to one,
    // is not among them, so each is read again (and dropped only if it is gone).
    const unread = [...this.unreadableIn(folder).values()].filter((known) => !present.has(known.path)).map((known) => known.uri);
    await Promise.all([...found, ...unread].map((uri) => this.reread(folder, files, uri, false)));
  }

  private async reread(
    folder: vscode.WorkspaceFolder,
    files: Map<string, CachedInstruction>,
    uri: vscode.Uri,
    deleted: boolean,
  ): Promise<void> {
    const relative = relativePath(folder, uri);
    const kind = instructionKind(relative);
    if (!kind) {
      return;
    }
    const unread = this.unreadableIn(folder);
    unread.delete(relative);
    const read = deleted
      ? undefined
      : await readInstruction(folder, uri).catch(async (error: unknown) => {
          if (await isGone(uri)) {
            return undefined; // removed since it was heard of: gone, not unreadable
          }
          this.log.warn(`The instruction file ${relative} could not be read: ${String(error)}`);
          unread.set(relative, { uri, path: relative, error: error instanceof Error ? error.message : String(error) });
          return undefined;
        });
    if (read === undefined) {
      files.delete(relative);
      return;
    }
    files.set(relative, { uri, path: relative, kind, ...read });
  }

  private unreadableIn(folder: vscode.WorkspaceFolder): Map<string, UnreadableInstruction> {
    const key = folder.uri.toString();
    let unread = this.unreadable.get(key);
    if (!unread) {
      unread = new Map();
      this.unreadable.set(key, unread);
    }
    return unread;
  }

  dispose(): void {
    this.disposables.forEach((disposable) => void disposable.dispose());
  }
}

/** The file's text and hash; a file reached through a link that leads out of its folder is refused unread. */
async function readInstruction(
  folder: vscode.WorkspaceFolder,
  uri: vscode.Uri,
): Promise<Pick<CachedInstruction, 'text' | 'hash' | 'refused'> | undefined> {
  if (uri.scheme !== 'file') {
    const bytes = await vscode.workspace.fs.readFile(uri);
    return textAndHash(bytes.subarray(0, MAX_READ_BYTES));
  }
  const [real, realFolder] = await Promise.all([fs.realpath(uri.fsPath), fs.realpath(folder.uri.fsPath)]);
  const inside = path.relative(realFolder, real);
  if (inside.startsWith('..') || path.isAbsolute(inside)) {
    return { text: '', hash: '', refused: 'outsideFolder' };
  }
  const handle = await fs.open(real, 'r');
  try {
    const buffer = Buffer.alloc(MAX_READ_BYTES);
    const { bytesRead } = await handle.read(buffer, 0, MAX_READ_BYTES, 0);
    return textAndHash(buffer.subarray(0, bytesRead));
  } finally {
    await handle.close();
  }
}

/** Whether nothing is at the path any more; a link to nothing is still there (and unreadable). */
async function isGone(uri: vscode.Uri): Promise<boolean> {
  if (uri.scheme !== 'file') {
    return vscode.workspace.fs.stat(uri).then(
      () => false,
      () => true,
    );
  }
  return fs.lstat(uri.fsPath).then(
    () => false,
    () => true,
  );
}

function relativePath(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string {
  return path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
}

function textAndHash(bytes: Uint8Array): Pick<CachedInstruction, 'text' | 'hash'> {
  return { text: new TextDecoder().decode(bytes), hash: createHash('sha256').update(bytes).digest('hex') };
}

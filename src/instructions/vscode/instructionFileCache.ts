import { createHash } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { IgnoreMatch } from '../../guards/common/clusterIgnore';
import { FolderFiles } from '../../base/vscode/folderFiles';
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

/** Files larger than this are not instructions anyone wrote by hand; they are read only this far. */
const MAX_READ_BYTES = 256 * 1024;

/** An instruction file that never leaves, and the ignore pattern that says so. */
export interface LeftOutInstruction {
  readonly file: CachedInstruction;
  readonly match: IgnoreMatch;
}

/**
 * The instruction files of each workspace folder, found once and then kept current by a file
 * watcher, so resolving the instructions of a send reads nothing from disk.
 */
export class InstructionFileCache implements vscode.Disposable {
  /** Per folder, the instruction files the last read of which failed: reported to the user, never sent. */
  private readonly unreadable = new Map<string, Map<string, UnreadableInstruction>>();
  private readonly files: FolderFiles<CachedInstruction>;
  private readonly disposables: vscode.Disposable[] = [];
  readonly onDidChange: vscode.Event<void>;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
  ) {
    // Registered before the files' own listener, so a folder's failures are gone when it reports the change.
    this.disposables.push(
      vscode.workspace.onDidChangeWorkspaceFolders(({ removed }) =>
        removed.forEach((folder) => this.unreadable.delete(folder.uri.toString())),
      ),
    );
    this.files = new FolderFiles<CachedInstruction>({
      glob: INSTRUCTION_FILES_GLOB,
      exclude: INSTRUCTION_FILES_EXCLUDE,
      folders: INSTRUCTION_FOLDERS,
      isFile: (relative) => instructionKind(relative) !== undefined,
      // Perhaps a folder: the watcher may not report the files of a folder made, moved or removed whole.
      mayHoldFiles: (relative) => path.posix.extname(relative) === '',
      read: (folder, uri, relative) => this.read(folder, uri, relative),
      forget: (folder, relative) => this.unreadableIn(folder).delete(relative),
      // The search lists files only: one that failed to read because it is a folder, or a link to one,
      // is not among them, so each is read again (and dropped only if it is gone).
      alsoRead: (folder, listed) =>
        [...this.unreadableIn(folder).values()].filter((known) => !listed.has(known.path)).map((known) => known.uri),
    });
    this.disposables.push(this.files);
    this.onDidChange = this.files.onDidChange;
  }

  /** The folder's instruction files (found and read the first time it is asked for). */
  filesOf(folder: vscode.WorkspaceFolder): Promise<readonly CachedInstruction[]> {
    return this.files.of(folder);
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

  /** The file as an instruction now; undefined when it is gone, or unreadable (kept among the failures). */
  private async read(folder: vscode.WorkspaceFolder, uri: vscode.Uri, relative: string): Promise<CachedInstruction | undefined> {
    const kind = instructionKind(relative);
    if (!kind) {
      return undefined;
    }
    const unread = this.unreadableIn(folder);
    unread.delete(relative);
    const read = await readInstruction(folder, uri).catch(async (error: unknown) => {
      if (await isGone(uri)) {
        return undefined; // removed since it was heard of: gone, not unreadable
      }
      this.log.warn(`The instruction file ${relative} could not be read: ${String(error)}`);
      unread.set(relative, { uri, path: relative, error: error instanceof Error ? error.message : String(error) });
      return undefined;
    });
    return read && { uri, path: relative, kind, ...read };
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

function textAndHash(bytes: Uint8Array): Pick<CachedInstruction, 'text' | 'hash'> {
  return { text: new TextDecoder().decode(bytes), hash: createHash('sha256').update(bytes).digest('hex') };
}

import * as path from 'node:path';
import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { UserFile, UserFolder } from '../../base/vscode/userFolder';
import { LatestRead } from '../../base/common/latestRead';
import { patternFolders } from '../../base/common/patternFolders';
import { FolderWatch } from '../../base/vscode/folderWatch';
import { PARTICIPANT_COMMANDS } from '../../participant/common/participantPrompt';
import { usablePrompts } from '../common/promptCommands';
import {
  isUserPromptName,
  PROMPT_FILE_PATTERNS,
  PROMPT_FILES_GLOB,
  promptKind,
  readPromptFile,
  readUserPromptFile,
  USER_PROMPTS_FOLDER,
  type PromptCommand,
  type PromptFileReading,
} from '../common/promptSources';

/** A prompt command and the file it is read from. */
export interface CachedPrompt {
  readonly uri: vscode.Uri;
  readonly command: PromptCommand;
}

/** The names a workspace prompt never takes: the chat's own slash commands, those of `@cluster`. */
export const BUILTIN_COMMAND_NAMES: readonly string[] = Object.keys(PARTICIPANT_COMMANDS);

/** Prompt files are short by nature; a larger file is read only this far. */
const MAX_READ_BYTES = 256 * 1024;

/** The folders prompt files live in, and those above them: one made, moved or removed whole is searched again. */
const PROMPT_FOLDERS: ReadonlySet<string> = new Set(
  PROMPT_FILE_PATTERNS.flatMap((pattern) => {
    const parts = pattern.split('/').slice(0, -1);
    return parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
  }),
);

/** How long a folder's events are gathered before it is searched again. */
const RESCAN_DELAY_MS = 300;
/** When the folder is searched once more after its watcher was made. */
const SETTLE_DELAY_MS = 2_000;
/** How old a folder's last search may be when its list is asked for. */
const RESEARCH_AFTER_MS = 1_000;

/**
 * The user's own prompt files and those of each workspace folder, found once and then kept current
 * by watchers, so offering the commands reads nothing from disk. Nothing of a workspace is read,
 * nor offered, in Restricted Mode; a file `.clusterignore` leaves out is not offered.
 */
export class PromptCommandCache implements vscode.Disposable {
  private readonly folders = new Map<string, Promise<Map<string, CachedPrompt>>>();
  private readonly reads = new LatestRead();
  private readonly searchedAt = new Map<string, number>();
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
    private readonly userFolder: Pick<UserFolder, 'files' | 'onDidChange'>,
  ) {
    this.disposables.push(
      this.changed,
      userFolder.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeWorkspaceFolders(({ removed }) => {
        removed.forEach((folder) => this.folders.delete(folder.uri.toString()));
        this.changed.fire();
      }),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  /** The commands the chat offers, the user's own first, then the folders' in order: no built-in name taken, each name once. */
  async usable(): Promise<CachedPrompt[]> {
    const folders = vscode.workspace.isTrusted ? (vscode.workspace.workspaceFolders ?? []) : [];
    const cached = (await Promise.all(folders.map((folder) => this.promptsOf(folder)))).flat();
    const ignored = await Promise.all(cached.map((prompt) => this.ignore.ignored(prompt.uri)));
    const own = (await this.userFolder.files(USER_PROMPTS_FOLDER, isUserPromptName)).flatMap((file) => ownPrompt(file, this.log) ?? []);
    const allowed = [...own, ...cached.filter((_prompt, index) => ignored[index] === undefined)];
    const byCommand = new Map(allowed.map((prompt) => [prompt.command, prompt]));
    const { usable, shadowed } = usablePrompts(
      allowed.map((prompt) => prompt.command),
      BUILTIN_COMMAND_NAMES,
    );
    shadowed.forEach((prompt) => this.log.info(`The prompt file ${prompt.path} is not offered: /${prompt.name} is a built-in command.`));
    return usable.flatMap((command) => byCommand.get(command) ?? []);
  }

  private async promptsOf(folder: vscode.WorkspaceFolder): Promise<CachedPrompt[]> {
    const key = folder.uri.toString();
    let files = this.folders.get(key);
    if (!files) {
      files = this.scan(folder);
      this.folders.set(key, files);
      this.searchedAt.set(key, Date.now());
    }
    const found = await files;
    // A watcher can miss an event (one made at its start, or under load): a list asked for is searched
    // again now and then, so what it missed shows at the latest on the next ask.
    if (Date.now() - (this.searchedAt.get(key) ?? 0) > RESEARCH_AFTER_MS) {
      this.searchedAt.set(key, Date.now());
      await this.readAll(folder, found);
    }
    return [...found.values()];
  }

  private async scan(folder: vscode.WorkspaceFolder): Promise<Map<string, CachedPrompt>> {
    const files = new Map<string, CachedPrompt>();
    let rescan: ReturnType<typeof setTimeout> | undefined;
    const heard = (uri: vscode.Uri, deleted: boolean): void => {
      const relative = relativePath(folder, uri);
      if (promptKind(relative) !== undefined) {
        void this.reread(folder, files, uri, deleted).then(() => this.changed.fire());
      } else if (PROMPT_FOLDERS.has(relative)) {
        // The watcher may not report the files of a folder made, moved or removed whole: it is searched again.
        clearTimeout(rescan);
        rescan = setTimeout(() => void this.readAll(folder, files).then(() => this.changed.fire()), RESCAN_DELAY_MS);
      }
    };
    this.disposables.push(new FolderWatch(folder, patternFolders(PROMPT_FILE_PATTERNS), heard), { dispose: () => clearTimeout(rescan) });
    await this.readAll(folder, files);
    // A watcher starts to listen a moment after it is made: what changed in between is found by one more search.
    const settle = setTimeout(() => void this.readAll(folder, files).then(() => this.changed.fire()), SETTLE_DELAY_MS);
    this.disposables.push({ dispose: () => clearTimeout(settle) });
    return files;
  }

  /** Finds the folder's prompt files afresh: each is read again, and those gone are dropped. */
  private async readAll(folder: vscode.WorkspaceFolder, files: Map<string, CachedPrompt>): Promise<void> {
    const found = await vscode.workspace.findFiles(new vscode.RelativePattern(folder, PROMPT_FILES_GLOB));
    const present = new Set(found.map((uri) => relativePath(folder, uri)));
    [...files.keys()].filter((known) => !present.has(known)).forEach((gone) => files.delete(gone));
    await Promise.all(found.map((uri) => this.reread(folder, files, uri, false)));
  }

  private async reread(folder: vscode.WorkspaceFolder, files: Map<string, CachedPrompt>, uri: vscode.Uri, deleted: boolean): Promise<void> {
    const relative = relativePath(folder, uri);
    const latest = this.reads.begin(uri.toString());
    const read = deleted ? undefined : await readPrompt(folder, uri, this.log);
    if (!latest()) {
      return;
    }
    if (read === undefined) {
      files.delete(relative);
    } else {
      files.set(relative, read);
    }
  }

  /** The prompt as its file makes it now, read afresh; undefined when it is gone or makes none (logged). */
  async current(prompt: CachedPrompt): Promise<CachedPrompt | undefined> {
    if (prompt.command.kind === 'userPrompt') {
      const own = await this.userFolder.files(USER_PROMPTS_FOLDER, isUserPromptName);
      const file = own.find((each) => each.uri.toString() === prompt.uri.toString());
      return file && ownPrompt(file, this.log);
    }
    const folder = vscode.workspace.getWorkspaceFolder(prompt.uri);
    return folder && (await readPrompt(folder, prompt.uri, this.log));
  }

  dispose(): void {
    this.disposables.forEach((disposable) => void disposable.dispose());
  }
}

/** The command a prompt file makes now, read afresh; undefined when it is gone or makes none (logged). */
export async function readPrompt(
  folder: vscode.WorkspaceFolder,
  uri: vscode.Uri,
  log: Pick<vscode.LogOutputChannel, 'warn'>,
): Promise<CachedPrompt | undefined> {
  const relative = relativePath(folder, uri);
  let text: string;
  try {
    text = new TextDecoder().decode((await vscode.workspace.fs.readFile(uri)).subarray(0, MAX_READ_BYTES));
  } catch {
    return undefined; // gone: the watcher's delete follows
  }
  return cachedPrompt(uri, relative, readPromptFile(folder.name, relative, text), log);
}

/** The command a file of the user's prompts folder makes, as last read. */
function ownPrompt(file: UserFile, log: Pick<vscode.LogOutputChannel, 'warn'>): CachedPrompt | undefined {
  return cachedPrompt(file.uri, file.source, readUserPromptFile(file.source, file.name, file.text), log);
}

function cachedPrompt(
  uri: vscode.Uri,
  source: string,
  reading: PromptFileReading | undefined,
  log: Pick<vscode.LogOutputChannel, 'warn'>,
): CachedPrompt | undefined {
  if (reading === undefined || 'notInvokable' in reading) {
    return undefined;
  }
  if ('errors' in reading) {
    log.warn(`The prompt file ${source} is not offered: its front matter cannot be read (line ${reading.errors[0]?.line ?? 1}).`);
    return undefined;
  }
  if ('badName' in reading) {
    log.warn(`The prompt file ${source} is not offered: "${reading.badName}" cannot be a command's name.`);
    return undefined;
  }
  return { uri, command: reading.command };
}

function relativePath(folder: vscode.WorkspaceFolder, uri: vscode.Uri): string {
  return path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/');
}

import * as vscode from 'vscode';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { UserFile, UserFolder } from '../../base/vscode/userFolder';
import { patternFolders } from '../../base/common/patternFolders';
import { FolderFiles, relativePath } from '../../base/vscode/folderFiles';
import { PARTICIPANT_COMMANDS, PROMPT_PICKER_COMMAND } from '../../participant/common/participantPrompt';
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
export const BUILTIN_COMMAND_NAMES: readonly string[] = [...Object.keys(PARTICIPANT_COMMANDS), PROMPT_PICKER_COMMAND];

/** Prompt files are short by nature; a larger file is read only this far. */
const MAX_READ_BYTES = 256 * 1024;

/** The folders prompt files live in, and those above them: one made, moved or removed whole is searched again. */
const PROMPT_FOLDERS: ReadonlySet<string> = new Set(
  PROMPT_FILE_PATTERNS.flatMap((pattern) => {
    const parts = pattern.split('/').slice(0, -1);
    return parts.map((_part, index) => parts.slice(0, index + 1).join('/'));
  }),
);

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
  private readonly files: FolderFiles<CachedPrompt>;
  private readonly disposables: vscode.Disposable[] = [];
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChange = this.changed.event;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
    private readonly userFolder: Pick<UserFolder, 'files' | 'onDidChange'>,
  ) {
    this.files = new FolderFiles<CachedPrompt>({
      glob: PROMPT_FILES_GLOB,
      folders: patternFolders(PROMPT_FILE_PATTERNS),
      isFile: (relative) => promptKind(relative) !== undefined,
      mayHoldFiles: (relative) => PROMPT_FOLDERS.has(relative),
      read: (folder, uri) => readPrompt(folder, uri, this.log),
      // A watcher can miss an event (one made at its start, or under load): what it missed shows at
      // the latest on the next ask, or on the search once it surely listens.
      settleMs: SETTLE_DELAY_MS,
      researchAfterMs: RESEARCH_AFTER_MS,
    });
    this.disposables.push(
      this.files,
      this.changed,
      this.files.onDidChange(() => this.changed.fire()),
      userFolder.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidGrantWorkspaceTrust(() => this.changed.fire()),
    );
  }

  /** The commands the chat offers, the user's own first, then the folders' in order: no built-in name taken, each name once. */
  async usable(): Promise<CachedPrompt[]> {
    const folders = vscode.workspace.isTrusted ? (vscode.workspace.workspaceFolders ?? []) : [];
    const cached = (await Promise.all(folders.map((folder) => this.files.of(folder)))).flat();
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

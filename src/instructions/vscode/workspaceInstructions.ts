import * as path from 'node:path';
import * as vscode from 'vscode';
import { settings } from '../../base/vscode/settings';
import type { UserFolder } from '../../base/vscode/userFolder';
import type { IgnoreMatch } from '../../guards/common/clusterIgnore';
import { applicableInstructions, type ApplyReason, type FileInQuestion } from '../common/applicableInstructions';
import { composeSystemMessage, type SentInstruction } from '../common/instructionBlocks';
import { isUserInstructionName, USER_INSTRUCTIONS_FOLDER } from '../common/instructionSources';
import type { InstructionApprovals } from './instructionApprovals';
import type { CachedInstruction, InstructionFileCache } from './instructionFileCache';

/** An instruction file that applies to a send, with the text that would go out. */
export interface PlannedInstruction {
  /** Undefined for the user's own files (the user folder's), which are not asked about. */
  readonly folder: vscode.WorkspaceFolder | undefined;
  readonly file: CachedInstruction;
  /** The name on its block. */
  readonly source: string;
  /** What is sent: the text after any front matter. */
  readonly text: string;
  readonly reason: ApplyReason;
  /** The send asks about it first: new to the user, or changed since the yes (never for the user's own). */
  readonly asks?: 'new' | 'changed';
}

/** The instructions of one send, as they go into its system message (after the user's system prompt). */
export interface TurnInstructions {
  readonly text: string;
  readonly sent: readonly SentInstruction[];
}

/** Why an instruction file of the workspace goes out with no send, short of being turned off. */
export type SkipWhy = 'frontMatter' | 'noApplyTo' | 'unreadable' | 'outsideFolder' | 'ignored';

export interface SkippedInstructionFile {
  readonly source: string;
  readonly uri: vscode.Uri;
  readonly why: SkipWhy;
  /** For `frontMatter`: the first line that cannot be read, and its key when the problem is a key's value. */
  readonly line?: number;
  readonly key?: string;
  /** For `unreadable`: the error's message. */
  readonly error?: string;
  /** For `ignored`: the pattern that leaves it out. */
  readonly ignoredBy?: IgnoreMatch;
}

/** Every instruction file that concerns a send, in three lists: what goes out, what the user turned off, what is skipped. */
export interface InstructionOverview {
  /** In the order they are sent. */
  readonly applied: readonly PlannedInstruction[];
  /** Would apply, but the user turned them off. */
  readonly turnedOff: readonly PlannedInstruction[];
  readonly skipped: readonly SkippedInstructionFile[];
}

export const NO_INSTRUCTIONS: TurnInstructions = { text: '', sent: [] };

/** How the user's own files are told apart from a workspace folder's where a folder's name is expected. */
const USER_FILES = '';

/**
 * The instruction files for a send about some files (the active editor's, the attached ones): the
 * user's own first, then the project's; which apply, and, at send time, which the user agreed to.
 * Nothing from the workspace is read for a send in Restricted Mode, nor anything when the setting is off.
 */
export class WorkspaceInstructions {
  private readonly turned = new vscode.EventEmitter<void>();

  constructor(
    private readonly cache: InstructionFileCache,
    private readonly approvals: InstructionApprovals,
    private readonly userFolder: Pick<UserFolder, 'files' | 'onDidChange'>,
  ) {}

  readonly onDidChange = (listener: () => unknown): vscode.Disposable =>
    vscode.Disposable.from(
      this.cache.onDidChange(listener),
      this.userFolder.onDidChange(listener),
      this.turned.event(listener),
      vscode.workspace.onDidGrantWorkspaceTrust(listener),
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('clusterChat.instructions') && listener()),
    );

  /** What applies to a send about these files, in order, before anything is asked. */
  async applicable(inQuestion: readonly vscode.Uri[]): Promise<PlannedInstruction[]> {
    return [...(await this.overview(inQuestion)).applied];
  }

  /** What applies to a send about these files, what would but is turned off, and the files skipped with why. */
  async overview(inQuestion: readonly vscode.Uri[]): Promise<InstructionOverview> {
    if (!settings.instructionsEnabled()) {
      return { applied: [], turnedOff: [], skipped: [] };
    }
    const questioned = inQuestion.flatMap((uri): FileInQuestion[] => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      return folder ? [{ folder: folder.name, path: path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/') }] : [];
    });
    const { applied, turnedOff, skipped } = await this.userOverview(questioned);
    const folders = vscode.workspace.isTrusted ? (vscode.workspace.workspaceFolders ?? []) : [];
    for (const folder of folders) {
      const sourceOf = (relative: string): string => (folders.length > 1 ? `${folder.name}/${relative}` : relative);
      const files = await this.cache.sendableFilesOf(folder);
      const byPath = new Map(files.map((file) => [file.path, file]));
      const result = applicableInstructions(folder.name, files, questioned);
      for (const each of result.applied) {
        const file = byPath.get(each.path);
        if (file) {
          const asks = this.approvals.pending(file);
          const planned = { folder, file, source: sourceOf(each.path), text: each.text, reason: each.reason, ...(asks ? { asks } : {}) };
          (this.approvals.isTurnedOff(file) ? turnedOff : applied).push(planned);
        }
      }
      for (const each of result.skipped) {
        const file = byPath.get(each.path);
        if (file && !this.approvals.isTurnedOff(file)) {
          const [first] = each.errors;
          skipped.push({ source: sourceOf(each.path), uri: file.uri, why: each.why, line: first?.line, key: first?.key });
        }
      }
      for (const file of await this.cache.filesOf(folder)) {
        if (file.refused === 'outsideFolder') {
          skipped.push({ source: sourceOf(file.path), uri: file.uri, why: 'outsideFolder' });
        }
      }
      for (const file of await this.cache.unreadableOf(folder)) {
        skipped.push({ source: sourceOf(file.path), uri: file.uri, why: 'unreadable', error: file.error });
      }
      for (const { file, match } of await this.cache.leftOutOf(folder)) {
        skipped.push({ source: sourceOf(file.path), uri: file.uri, why: 'ignored', ignoredBy: match });
      }
    }
    return { applied, turnedOff, skipped };
  }

  /** The user's own files, as the overview's lists begin: they apply to the files in question of every folder. */
  private async userOverview(questioned: readonly FileInQuestion[]): Promise<{
    applied: PlannedInstruction[];
    turnedOff: PlannedInstruction[];
    skipped: SkippedInstructionFile[];
  }> {
    const own = await this.userFolder.files(USER_INSTRUCTIONS_FOLDER, isUserInstructionName);
    const files = own.map((file) => ({
      uri: file.uri,
      path: file.source,
      kind: 'userInstruction' as const,
      text: file.text,
      hash: file.hash,
    }));
    const byPath = new Map(files.map((file) => [file.path, file]));
    const result = applicableInstructions(
      USER_FILES,
      files,
      questioned.map((each) => ({ folder: USER_FILES, path: each.path })),
    );
    const applied: PlannedInstruction[] = [];
    const turnedOff: PlannedInstruction[] = [];
    for (const each of result.applied) {
      const file = byPath.get(each.path);
      if (file) {
        const planned = { folder: undefined, file, source: file.path, text: each.text, reason: each.reason };
        (this.approvals.isTurnedOff(file) ? turnedOff : applied).push(planned);
      }
    }
    const skipped = result.skipped.flatMap((each): SkippedInstructionFile[] => {
      const file = byPath.get(each.path);
      const [first] = each.errors;
      return file ? [{ source: file.path, uri: file.uri, why: each.why, line: first?.line, key: first?.key }] : [];
    });
    return { applied, turnedOff, skipped };
  }

  /** Turns an instruction file off (it goes out with no send) or back on; listeners of onDidChange hear of it. */
  async setTurnedOff(uri: vscode.Uri, off: boolean): Promise<void> {
    await this.approvals.setTurnedOff(uri, off);
    this.turned.fire();
  }

  /**
   * The instructions a send carries: each file that applies, once the user agreed to its content.
   * Undefined when the user chose to send nothing.
   */
  async forSend(inQuestion: readonly vscode.Uri[]): Promise<TurnInstructions | undefined> {
    const planned = await this.applicable(inQuestion);
    const agreed: PlannedInstruction[] = [];
    for (const instruction of planned) {
      if (instruction.folder === undefined) {
        agreed.push(instruction); // the user's own words
        continue;
      }
      const answer = await this.approvals.approve(instruction.file, instruction.source);
      if (answer === undefined) {
        return undefined;
      }
      if (answer === 'send') {
        agreed.push(instruction);
      }
    }
    return agreed.length === 0 ? NO_INSTRUCTIONS : composeInstructions(agreed);
  }
}

/** The instructions' part of the system message, as a send carries these files. */
export function composeInstructions(planned: readonly PlannedInstruction[]): TurnInstructions {
  const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
  return composeSystemMessage(
    '',
    planned.map(({ folder, file, text }) => ({ folder: folder?.name ?? USER_FILES, path: file.path, text })),
    { multiRoot },
  );
}

import * as path from 'node:path';
import * as vscode from 'vscode';
import { settings } from '../../base/vscode/settings';
import { applicableInstructions, type ApplyReason, type FileInQuestion } from '../common/applicableInstructions';
import { composeSystemMessage, type SentInstruction } from '../common/instructionBlocks';
import type { InstructionApprovals } from './instructionApprovals';
import type { CachedInstruction, InstructionFileCache } from './instructionFileCache';

/** An instruction file that applies to a send, with the text that would go out. */
export interface PlannedInstruction {
  readonly folder: vscode.WorkspaceFolder;
  readonly file: CachedInstruction;
  /** The name on its block. */
  readonly source: string;
  /** What is sent: the text after any front matter. */
  readonly text: string;
  readonly reason: ApplyReason;
}

/** The instructions of one send, as they go into its system message (after the user's system prompt). */
export interface TurnInstructions {
  readonly text: string;
  readonly sent: readonly SentInstruction[];
}

export const NO_INSTRUCTIONS: TurnInstructions = { text: '', sent: [] };

/**
 * The project's instruction files for a send about some files (the active editor's, the attached
 * ones): which apply, and, at send time, which the user agreed to. Nothing from the workspace is
 * read for a send in Restricted Mode, nor when the setting is off.
 */
export class WorkspaceInstructions {
  constructor(
    private readonly cache: InstructionFileCache,
    private readonly approvals: InstructionApprovals,
  ) {}

  readonly onDidChange = (listener: () => unknown): vscode.Disposable =>
    vscode.Disposable.from(
      this.cache.onDidChange(listener),
      vscode.workspace.onDidGrantWorkspaceTrust(listener),
      vscode.workspace.onDidChangeConfiguration((event) => event.affectsConfiguration('clusterChat.instructions') && listener()),
    );

  /** What applies to a send about these files, in order, before anything is asked. */
  async applicable(inQuestion: readonly vscode.Uri[]): Promise<PlannedInstruction[]> {
    const folders = vscode.workspace.workspaceFolders ?? [];
    if (!settings.instructionsEnabled() || !vscode.workspace.isTrusted || folders.length === 0) {
      return [];
    }
    const questioned = inQuestion.flatMap((uri): FileInQuestion[] => {
      const folder = vscode.workspace.getWorkspaceFolder(uri);
      return folder ? [{ folder: folder.name, path: path.relative(folder.uri.fsPath, uri.fsPath).split(path.sep).join('/') }] : [];
    });
    const planned: PlannedInstruction[] = [];
    for (const folder of folders) {
      const files = (await this.cache.sendableFilesOf(folder)).filter((file) => !this.approvals.isTurnedOff(file));
      const byPath = new Map(files.map((file) => [file.path, file]));
      for (const applied of applicableInstructions(folder.name, files, questioned).applied) {
        const file = byPath.get(applied.path);
        if (file) {
          const source = folders.length > 1 ? `${folder.name}/${applied.path}` : applied.path;
          planned.push({ folder, file, source, text: applied.text, reason: applied.reason });
        }
      }
    }
    return planned;
  }

  /**
   * The instructions a send carries: each file that applies, once the user agreed to its content.
   * Undefined when the user chose to send nothing.
   */
  async forSend(inQuestion: readonly vscode.Uri[]): Promise<TurnInstructions | undefined> {
    const planned = await this.applicable(inQuestion);
    const agreed: PlannedInstruction[] = [];
    for (const instruction of planned) {
      const answer = await this.approvals.approve(instruction.file, instruction.source);
      if (answer === undefined) {
        return undefined;
      }
      if (answer === 'send') {
        agreed.push(instruction);
      }
    }
    if (agreed.length === 0) {
      return NO_INSTRUCTIONS;
    }
    const multiRoot = (vscode.workspace.workspaceFolders?.length ?? 0) > 1;
    return composeSystemMessage(
      '',
      agreed.map(({ folder, file, text }) => ({ folder: folder.name, path: file.path, text })),
      { multiRoot },
    );
  }
}

import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { IgnoreMatch } from '../../guards/common/clusterIgnore';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { pathsNamedBy } from '../common/commandPaths';
import type { FinishedCommand } from '../common/terminalPrompt';

/** A file a command names that never leaves, and the pattern that says so. */
export interface KeptOutFile {
  /** As the command line writes it. */
  readonly written: string;
  readonly match: IgnoreMatch;
}

/**
 * The first file the command names that `.clusterignore`, the setting or the built-in patterns keep
 * out: its output may hold that file's content (`cat .env`), so none of the output is sent.
 * Relative names are taken from the command's working folder, else the first workspace folder.
 */
export async function keptOutFile(command: FinishedCommand, ignore: Pick<WorkspaceIgnore, 'ignored'>): Promise<KeptOutFile | undefined> {
  const base = command.cwd ?? vscode.workspace.workspaceFolders?.[0]?.uri.fsPath ?? os.homedir();
  for (const written of pathsNamedBy(command.commandLine)) {
    const resolved = written === '~' || written.startsWith('~/') ? path.join(os.homedir(), written.slice(1)) : path.resolve(base, written);
    const match = await ignore.ignored(vscode.Uri.file(resolved));
    if (match) {
      return { written, match };
    }
  }
  return undefined;
}

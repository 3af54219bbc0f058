import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, waitFor } from '../testEnvironment';

/**
 * Removes what a suite wrote at the top of the test workspace, and waits until the extension's
 * instruction file cache has heard of it: the watcher reports a folder removed whole later than its
 * files, and the next suite would otherwise send (and ask about) files that are gone.
 */
export async function removeWorkspaceFiles(tops: readonly string[]): Promise<void> {
  const folder = vscode.workspace.workspaceFolders?.[0];
  if (!folder) {
    return;
  }
  for (const top of tops) {
    await fs.rm(path.join(folder.uri.fsPath, top), { recursive: true, force: true });
  }
  const { testing } = await activateExtension();
  await waitFor(
    `the instruction file cache to drop ${tops.join(', ')}`,
    async () => (await testing.instructionFiles.filesOf(folder)).length === 0,
  );
}

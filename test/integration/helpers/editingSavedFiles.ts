import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { stopUsingEmulator, useEmulator } from '../testEnvironment';

/**
 * Hooks for a suite that edits saved files against the emulator's demo cluster: no automatic save
 * meanwhile (the host is VS Code for the Web, which saves after a delay by default; desktop VS Code
 * does not), and every file written by `savedFile` removed after.
 */
export function editingSavedFiles(): { readonly savedFile: (name: string, text: string) => Promise<vscode.TextEditor> } {
  const written: string[] = [];
  const files = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('files');
  before(async () => {
    await files().update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    await useEmulator('demo', 'Demo cluster');
  });
  after(async () => {
    await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await stopUsingEmulator();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    for (const file of written) {
      fs.rmSync(file, { force: true });
    }
  });
  return {
    /** Writes `text` to `name` in the workspace folder and opens it, saved and clean, in the first column. */
    async savedFile(name, text) {
      const folder = vscode.workspace.workspaceFolders?.[0]?.uri.fsPath;
      assert.ok(folder, 'the integration host opens a workspace folder');
      const file = path.join(folder, name);
      fs.writeFileSync(file, text);
      written.push(file);
      const editor = await vscode.window.showTextDocument(await vscode.workspace.openTextDocument(file), vscode.ViewColumn.One);
      assert.equal(editor.document.isDirty, false);
      return editor;
    },
  };
}

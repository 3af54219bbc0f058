import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension, EXTENSION_ID } from './testEnvironment';
import { waitFor } from '../../scripts/workbench/wait';

describe(`Extension in the real extension host (VS Code ${vscode.version})`, () => {
  it('is installed and not active before anything asks for it', () => {
    const extension = vscode.extensions.getExtension(EXTENSION_ID);
    assert.ok(extension, 'extension found');
    const events = (extension.packageJSON as { activationEvents?: string[] }).activationEvents ?? [];
    assert.ok(!events.includes('*') && !events.includes('onStartupFinished'));
  });

  it('activates', async () => {
    await activateExtension();
    assert.equal(vscode.extensions.getExtension(EXTENSION_ID)?.isActive, true);
  });

  it('registers every command it contributes', async () => {
    await activateExtension();
    const contributed = (
      vscode.extensions.getExtension(EXTENSION_ID)?.packageJSON as { contributes: { commands: Array<{ command: string }> } }
    ).contributes.commands.map((command) => command.command);
    assert.ok(contributed.length > 0);
    const registered = new Set(await vscode.commands.getCommands(true));
    const missing = contributed.filter((command) => !registered.has(command));
    assert.deepEqual(missing, [], 'contributed commands without a registration');
  });

  it('Show Log opens the Cluster Chat output channel', async () => {
    await activateExtension();
    const isLog = (document: vscode.TextDocument): boolean =>
      document.uri.scheme === 'output' && decodeURIComponent(document.uri.path).includes('Cluster Chat');
    await vscode.commands.executeCommand('clusterChat.showLog');
    const shown = await waitFor(
      'the Cluster Chat output channel among the open documents',
      () => vscode.workspace.textDocuments.map((document) => document.uri.toString()),
      () => vscode.workspace.textDocuments.some(isLog),
    );
    assert.ok(shown.some((uri) => uri.startsWith('output:')));
  });
});

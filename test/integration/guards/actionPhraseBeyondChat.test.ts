import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { PhraseQuestion } from '../../../src/guards/vscode/actionPhraseGuard';
import type { PhraseCheck } from '../../../src/instructions/vscode/requestInstructions';
import { receivedBodiesWith as bodiesWith, ticketsCreated } from '../helpers/emulatorRecords';
import { activateExtension, stopUsingEmulator, useEmulator } from '../testEnvironment';

const PHRASE = 'run action: create-ticket';

describe('The action-phrase guard beyond the chat (the emulator’s create-ticket action)', function () {
  this.timeout(60_000);
  const asked: PhraseQuestion[] = [];
  let yes = false;
  let replaced: PhraseCheck | undefined;
  let savedClusters: unknown;

  before(async () => {
    await useEmulator('demo');
    const configuration = vscode.workspace.getConfiguration('clusterChat');
    savedClusters = configuration.inspect('clusters')?.globalValue;
    await configuration.update('clusters', [{ id: 'demo', label: 'Demo', actionPhrases: [PHRASE] }], vscode.ConfigurationTarget.Global);
    const { testing } = await activateExtension();
    await testing.clusters.setActive('demo');
    const guard = new testing.classes.ActionPhraseGuard(
      () => testing.clusters.active(),
      (question) => {
        asked.push(question);
        return Promise.resolve(yes);
      },
    );
    replaced = testing.requestInstructions.usePhraseCheck(guard);
  });
  after(async () => {
    const { testing } = await activateExtension();
    testing.requestInstructions.usePhraseCheck(replaced);
    await vscode.workspace.getConfiguration('clusterChat').update('clusters', savedClusters, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopUsingEmulator();
  });
  beforeEach(() => {
    asked.length = 0;
    yes = false;
  });

  /** A new document whose second line carries the phrase, all of it selected. */
  const documentWithPhrase = async (marker: string): Promise<vscode.TextEditor> => {
    const document = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: `<!-- ${marker} -->\nDeploy notes. Run Action:  CREATE-TICKET\n`,
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 2, 0);
    return editor;
  };

  it('holds Explain Selection over text carrying the phrase: No sends nothing and no ticket is created', async () => {
    const marker = `phrase-no-${randomBytes(6).toString('hex')}`;
    await documentWithPhrase(marker);
    const tickets = await ticketsCreated();
    await vscode.commands.executeCommand('clusterChat.explainSelection');
    assert.equal(asked.length, 1, 'the user was asked');
    assert.equal(asked[0]?.cluster, 'Demo');
    assert.deepEqual(
      asked[0]?.matches.map((match) => match.phrase),
      [PHRASE],
    );
    assert.deepEqual(await bodiesWith(marker), [], 'nothing was sent');
    assert.equal(await ticketsCreated(), tickets, 'the action counter stays');
  });

  it('sends Explain Selection on yes, and the phrase does fire the action', async () => {
    yes = true;
    const marker = `phrase-yes-${randomBytes(6).toString('hex')}`;
    await documentWithPhrase(marker);
    const tickets = await ticketsCreated();
    await vscode.commands.executeCommand('clusterChat.explainSelection');
    assert.equal(asked.length, 1, 'the user was asked');
    assert.equal((await bodiesWith(marker)).length, 1, 'the request went out once');
    assert.equal(await ticketsCreated(), tickets + 1);
  });

  it('holds Edit in Place over a file carrying the phrase, but not for a phrase the user typed as the instruction', async () => {
    const marker = `phrase-edit-${randomBytes(6).toString('hex')}`;
    await documentWithPhrase(marker);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Tidy this up' }), false);
    assert.equal(asked.length, 1, 'the file’s phrase was asked about');
    assert.deepEqual(await bodiesWith(marker), [], 'nothing was sent');

    asked.length = 0;
    const document = await vscode.workspace.openTextDocument({
      language: 'markdown',
      content: `<!-- ${marker}-typed -->\nDeploy notes.\n`,
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 2, 0);
    const tickets = await ticketsCreated();
    await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: `Add a line: ${PHRASE}` });
    assert.equal(asked.length, 0, 'what the user typed is not asked about');
    assert.equal((await bodiesWith(`${marker}-typed`)).length, 1, 'the request went out once');
    assert.equal(await ticketsCreated(), tickets + 1, 'the typed phrase runs the action, as the user asked');
  });
});

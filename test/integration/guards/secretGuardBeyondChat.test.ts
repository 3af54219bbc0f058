import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { SecretAnswer, SecretQuestion } from '../../../src/guards/vscode/secretGuard';
import type { SecretCheck } from '../../../src/instructions/vscode/requestInstructions';
import { MemoryMemento } from '../helpers/memoryMemento';
import { receivedBodiesWith as bodiesWith } from '../helpers/emulatorRecords';
import { activateExtension, stopUsingEmulator, useEmulator } from '../testEnvironment';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A GitHub token's shape, made up at run time, new for each test. */
function githubToken(): string {
  return ['gh', 'p_', ...[...randomBytes(36)].map((byte) => ALNUM.charAt(byte % ALNUM.length))].join('');
}

describe('The secret guard beyond the chat (a selection action on text holding a GitHub token)', function () {
  this.timeout(60_000);
  const asked: SecretQuestion[] = [];
  let answer: SecretAnswer = 'redact';
  let replaced: SecretCheck | undefined;

  before(async () => {
    await useEmulator('demo');
    const { testing } = await activateExtension();
    const guard = new testing.classes.SecretGuard(new MemoryMemento(), (question) => {
      asked.push(question);
      return Promise.resolve(answer);
    });
    replaced = testing.requestInstructions.useSecretCheck(guard);
  });
  after(async () => {
    const { testing } = await activateExtension();
    testing.requestInstructions.useSecretCheck(replaced);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopUsingEmulator();
  });
  beforeEach(() => {
    asked.length = 0;
  });

  /** Runs Explain Selection over a new document that holds `token` on its second line. */
  const explainToken = async (token: string, marker: string): Promise<void> => {
    const document = await vscode.workspace.openTextDocument({
      language: 'typescript',
      content: `// ${marker}\nexport const token = '${token}';\n`,
    });
    const editor = await vscode.window.showTextDocument(document);
    editor.selection = new vscode.Selection(0, 0, 2, 0);
    await vscode.commands.executeCommand('clusterChat.explainSelection');
  };

  it('asks naming the kind and a masked preview; Redact sends [redacted] in its place', async () => {
    answer = 'redact';
    const token = githubToken();
    const marker = `beyond-redact-${randomBytes(6).toString('hex')}`;
    await explainToken(token, marker);
    assert.equal(asked.length, 1, 'the user was asked');
    const secret = asked[0]?.secrets[0];
    assert.deepEqual([secret?.kind, secret?.origin], ['github-token', 'request']);
    assert.ok(secret?.preview.startsWith('ghp_') && !secret.preview.includes(token), secret?.preview);
    const sent = await bodiesWith(marker);
    assert.equal(sent.length, 1, 'the request went out once');
    assert.ok(sent[0]?.includes(`export const token = '[redacted]';`), sent[0]);
    assert.ok(!sent[0]?.includes(token), 'the token never reached the cluster');
  });

  it('sends nothing when the user cancels', async () => {
    answer = undefined;
    const marker = `beyond-cancel-${randomBytes(6).toString('hex')}`;
    await explainToken(githubToken(), marker);
    assert.equal(asked.length, 1, 'the user was asked');
    assert.deepEqual(await bodiesWith(marker), []);
  });
});

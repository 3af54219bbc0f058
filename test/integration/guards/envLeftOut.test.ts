import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InstructionSource } from '../../../src/instructions/vscode/requestInstructions';
import { whySkipped } from '../../../src/chat/vscode/instructionsLine';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { MemoryMemento } from '../helpers/memoryMemento';
import { receivedBodiesWith } from '../helpers/emulatorRecords';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';
import { writeCommitMessageFor } from '../helpers/stagedRepository';
import { chatRequest, RenderedResponse } from '../chatObjects';
import { activateExtension, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

/** What the `.env` files hold: found in no request body, whichever way the workspace offers them. */
const ENV_VALUE = 'ENV_LEFT_OUT_7f3a';

describe('A .env file never leaves: attached, in a diff, or named by an instruction file', function () {
  this.timeout(60_000);
  const own = useChatUnderTest({ askInstruction: () => Promise.resolve('send') });
  let replaced: InstructionSource | undefined;
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };

  before(async () => {
    await useEmulator('demo');
    await fs.writeFile(path.join(root(), '.env'), `API_TOKEN=${ENV_VALUE}\n`);
    await fs.writeFile(path.join(root(), 'AGENTS.md'), 'Read the settings in [the environment](.env) first.\n');
    await fs.mkdir(path.join(root(), '.roo', 'rules'), { recursive: true });
    await fs.writeFile(path.join(root(), '.roo', 'rules', 'deploy.md'), `Deploy with ROO_TOKEN=${ENV_VALUE}\n`);
    await fs.writeFile(path.join(root(), '.clusterignore'), '.roo/rules/deploy.md\n');
    const { testing } = await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    replaced = testing.requestInstructions.useSource(
      new testing.classes.WorkspaceInstructions(
        testing.instructionFiles,
        new testing.classes.InstructionApprovals(new MemoryMemento(), () => Promise.resolve('send')),
        testing.userFolder,
      ),
    );
    await waitFor('the instruction files to be read, the rule left out', async () => {
      const paths = (await testing.instructionFiles.filesOf(folder)).map((file) => file.path).sort();
      const sendable = (await testing.instructionFiles.sendableFilesOf(folder)).map((file) => file.path);
      return paths.join() === ['.roo/rules/deploy.md', 'AGENTS.md'].join() && sendable.join() === 'AGENTS.md';
    });
  });
  after(async () => {
    const { testing } = await activateExtension();
    if (replaced) {
      testing.requestInstructions.useSource(replaced);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await fs.rm(path.join(root(), '.env'), { force: true });
    await removeWorkspaceFiles(['AGENTS.md', '.roo', '.clusterignore']);
    await stopUsingEmulator();
  });

  it('is not attached to the chat, by selection or as the active file', async () => {
    const { testing } = await activateExtension();
    const before = testing.chat.attachments.all.length;
    const editor = await vscode.window.showTextDocument(vscode.Uri.file(path.join(root(), '.env')));
    editor.selection = new vscode.Selection(0, 0, 1, 0);
    await vscode.commands.executeCommand('clusterChat.addSelectionToChat');
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('clusterChat.addSelectionToChat');
    assert.equal(testing.chat.attachments.all.length, before, 'nothing was attached');
    assert.ok(!JSON.stringify(testing.chat.attachments.all).includes(ENV_VALUE));
  });

  it('sends an instruction file that names it, but nothing of it; an ignored instruction file is listed as left out, with its pattern', async () => {
    const { testing } = await activateExtension();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await own.chat.newChat();
    const instructions = new testing.classes.WorkspaceInstructions(
      testing.instructionFiles,
      new testing.classes.InstructionApprovals(new MemoryMemento(), () => Promise.resolve('send')),
      testing.userFolder,
    );
    const overview = await instructions.overview([]);
    const leftOut = overview.skipped.find((file) => file.source === '.roo/rules/deploy.md');
    assert.equal(leftOut?.why, 'ignored');
    assert.equal(leftOut.ignoredBy?.pattern, '.roo/rules/deploy.md');
    assert.match(whySkipped(leftOut), /^Left out: it matches “\.roo\/rules\/deploy\.md” \(\.clusterignore, line 1\)/);
    assert.deepEqual(
      overview.applied.map((file) => file.source),
      ['AGENTS.md'],
    );

    await own.chat.send('Which settings? (env marker 1)');
    const [body] = await receivedBodiesWith('(env marker 1)');
    assert.ok(body?.includes('Read the settings in [the environment](.env) first.'), 'AGENTS.md goes, as written');
    assert.ok(!body?.includes(ENV_VALUE), 'nothing of a .env file goes with it');
  });

  it('is left out of a commit message’s diff, and the notice names it', async () => {
    const result = await writeCommitMessageFor(
      root(),
      { 'app.ts': 'export const app = 1;\n' },
      { 'app.ts': 'export const app = 1;\nexport const envCommitMarker = 2;\n', '.env': `API_TOKEN=${ENV_VALUE}\n` },
    );
    assert.equal(result?.written, true);
    const [body] = await receivedBodiesWith('envCommitMarker');
    assert.ok(body, 'the rest of the diff was sent');
    assert.ok(!body.includes(ENV_VALUE), 'nothing of .env is in the diff sent');
    assert.match(result.notice ?? '', /\.env/, 'the user is told which file was left out');
  });

  it('is not sent by @cluster, as a #file reference or as the editor’s file of /explain, and the reply names it', async () => {
    const { testing } = await activateExtension();
    assert.ok(testing.participant, 'VS Code has the chat API, so @cluster is registered');
    const env = vscode.Uri.file(path.join(root(), '.env'));
    const handle = async (request: vscode.ChatRequest): Promise<string> => {
      const rendered = new RenderedResponse();
      const source = new vscode.CancellationTokenSource();
      await testing.participant?.handle(request, { history: [] }, rendered, source.token);
      source.dispose();
      return rendered.markdownParts.join('');
    };
    const referenced = await handle(chatRequest('What is set? (env participant)', undefined, [{ id: 'vscode.file', value: env }]));
    assert.match(referenced, /\.env was left out: it matches “[^”]+”/);
    const [body] = await receivedBodiesWith('(env participant)');
    assert.ok(body, 'the typed question was sent');
    assert.ok(!body.includes(ENV_VALUE), 'nothing of .env went with it');

    await vscode.window.showTextDocument(env);
    const explained = await handle(chatRequest('(env participant explain)', 'explain', []));
    assert.match(explained, /\.env was left out/);
    assert.deepEqual(await receivedBodiesWith('(env participant explain)'), [], 'nothing was sent');
  });
});

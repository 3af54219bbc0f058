import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { InstructionAnswer, InstructionQuestion } from '../../../src/instructions/vscode/instructionApprovals';
import type { InstructionSource } from '../../../src/instructions/vscode/requestInstructions';
import { chatRequest, RenderedResponse } from '../chatObjects';
import { MemoryMemento } from '../helpers/memoryMemento';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';
import { writeCommitMessageFor } from '../helpers/stagedRepository';
import { activateExtension, emulatorFromEnvironment, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

const AGENTS = 'Beyond agents: answer in haiku.';
const TS_RULE = 'Beyond TypeScript: prefer const.';
/** The instruction files of the suite, and a file for the actions to be about. */
const FILES: Record<string, string> = {
  'AGENTS.md': `${AGENTS}\n`,
  '.github/instructions/beyond.instructions.md': `---\napplyTo: "beyond/**/*.ts"\n---\n${TS_RULE}\n`,
  'CLAUDE.md': 'Left out by .clusterignore.\n',
  '.clusterignore': 'CLAUDE.md\nrepo-*/secret.ts\n',
  'beyond/sample.ts': 'export const sample = 1; // MARK\n',
};

type Message = { readonly role: string; readonly content: string };

/** The messages of each request the emulator received (it keeps the last 50) that holds `marker`. */
async function receivedWith(marker: string): Promise<(readonly Message[])[]> {
  const response = await fetch(`${emulatorFromEnvironment().baseUrl}/_emulator/received`);
  const { requests } = (await response.json()) as { requests: { bodyBase64: string }[] };
  return requests.flatMap((request) => {
    const raw = Buffer.from(request.bodyBase64, 'base64').toString('utf8');
    return raw.includes(marker) ? [(JSON.parse(raw) as { content: { messages: Message[] } }).content.messages] : [];
  });
}

/** The fenced blocks of a system message, as [name, content]. */
function blocksOf(system: Message | undefined): string[][] {
  assert.equal(system?.role, 'system');
  return [...(system?.content ?? '').matchAll(/^```(\S+)\n([\s\S]*?)\n```$/gm)].map((match) => [match[1] ?? '', match[2] ?? '']);
}

/** The names of the blocks in the system message of the one request that holds `marker`. */
async function namesSent(marker: string): Promise<string[]> {
  const sent = await receivedWith(marker);
  assert.equal(sent.length, 1, `one request holds ${marker}`);
  return blocksOf(sent[0]?.[0]).map(([name]) => name ?? '');
}

const BOTH = ['AGENTS.md', '.github/instructions/beyond.instructions.md'];

describe('Instruction files beyond the chat (selection actions, Edit in Place, problems, commit message, terminal, @cluster)', function () {
  this.timeout(60_000);
  const asked: InstructionQuestion[] = [];
  let answer: InstructionAnswer = 'send';
  let replaced: InstructionSource | undefined;
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  const sample = (): vscode.Uri => vscode.Uri.file(path.join(root(), 'beyond/sample.ts'));

  before(async () => {
    await useEmulator('demo');
    for (const [relative, text] of Object.entries(FILES)) {
      await fs.mkdir(path.dirname(path.join(root(), relative)), { recursive: true });
      await fs.writeFile(path.join(root(), relative), text);
    }
    const { testing } = await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await waitFor('the instruction files to be read, CLAUDE.md ignored', async () => {
      const files = await testing.instructionFiles.sendableFilesOf(folder);
      const texts = new Map(files.map((file) => [file.path, file.text]));
      return (
        texts.get('AGENTS.md') === FILES['AGENTS.md'] &&
        texts.get('.github/instructions/beyond.instructions.md') === FILES['.github/instructions/beyond.instructions.md'] &&
        !texts.has('CLAUDE.md')
      );
    });
    const { WorkspaceInstructions, InstructionApprovals } = testing.classes;
    const approvals = new InstructionApprovals(new MemoryMemento(), (question) => {
      asked.push(question);
      return Promise.resolve(answer);
    });
    replaced = testing.requestInstructions.useSource(new WorkspaceInstructions(testing.instructionFiles, approvals, testing.userFolder));
  });
  after(async () => {
    const { testing } = await activateExtension();
    if (replaced) {
      testing.requestInstructions.useSource(replaced);
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeWorkspaceFiles(['AGENTS.md', 'CLAUDE.md', '.clusterignore', '.github', 'beyond']);
    await stopUsingEmulator();
  });
  beforeEach(() => {
    answer = 'send';
  });

  it('a selection action sends the files that apply to its file after the system prompt', async () => {
    const editor = await vscode.window.showTextDocument(sample());
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('clusterChat.explainSelection');
    const sent = await receivedWith('export const sample = 1; // MARK');
    assert.equal(sent.length, 1);
    assert.deepEqual(blocksOf(sent[0]?.[0]), [
      ['AGENTS.md', AGENTS],
      ['.github/instructions/beyond.instructions.md', TS_RULE],
    ]);
    assert.deepEqual(
      asked.map((question) => question.source),
      ['AGENTS.md', '.github/instructions/beyond.instructions.md'],
      'each file was asked about before it first went out',
    );
    assert.equal(sent[0]?.[1]?.role, 'user');
  });

  it('Edit in Place, Fix and Explain Problem send them too, and nothing when the user declines', async () => {
    await vscode.window.showTextDocument(sample());
    await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Rename it (edit marker)' });
    assert.deepEqual(await namesSent('(edit marker)'), BOTH);

    const problem = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 5), 'Problem (fix marker)', vscode.DiagnosticSeverity.Error);
    await vscode.commands.executeCommand('clusterChat.fixProblems', sample(), [problem]);
    assert.deepEqual(await namesSent('(fix marker)'), BOTH);

    const explain = new vscode.Diagnostic(new vscode.Range(0, 0, 0, 5), 'Problem (explain marker)', vscode.DiagnosticSeverity.Error);
    await vscode.commands.executeCommand('clusterChat.explainProblems', sample(), [explain]);
    assert.deepEqual(await namesSent('(explain marker)'), BOTH);

    // A file changed since it was agreed to is asked about again; declining sends nothing.
    await fs.writeFile(path.join(root(), 'AGENTS.md'), `${AGENTS} Changed.\n`);
    const { testing } = await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await waitFor('the changed AGENTS.md to be read', async () =>
      (await testing.instructionFiles.filesOf(folder)).some((file) => file.path === 'AGENTS.md' && file.text.includes('Changed.')),
    );
    answer = undefined;
    const shown = await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Not now (declined marker)' });
    assert.equal(shown, false);
    assert.deepEqual(await receivedWith('(declined marker)'), [], 'no request left');
    await fs.writeFile(path.join(root(), 'AGENTS.md'), FILES['AGENTS.md'] ?? '');
  });

  it('the commit message carries them, and leaves out the diff of a file .clusterignore names', async function () {
    const result = await writeCommitMessageFor(
      root(),
      { 'math.ts': 'export const add = 1;\n', 'secret.ts': 'export const key = 1;\n' },
      {
        'math.ts': 'export const add = 1;\nexport const commitMarker = 2;\n',
        'secret.ts': 'export const key = 1;\nexport const secretMarker = 3;\n',
      },
    );
    assert.equal(result?.written, true);
    assert.deepEqual(await namesSent('commitMarker'), ['AGENTS.md'], 'no changed file is under beyond/');
    const body = JSON.stringify(await receivedWith('commitMarker'));
    assert.ok(!body.includes('secretMarker') && !body.includes('secret.ts'), 'nothing of the ignored file is sent');
    assert.match(result.notice ?? '', /secret\.ts/, 'the user is told which file was left out');
  });

  it('the terminal explanation carries those that apply to no file in particular', async function () {
    const { testing } = await activateExtension();
    const terminal = vscode.window.createTerminal({ name: 'beyond bash', shellPath: '/bin/bash' });
    try {
      terminal.show();
      await waitFor('the terminal is the active one', () => vscode.window.activeTerminal === terminal);
      const integrated = await waitFor('shell integration', () => terminal.shellIntegration !== undefined, 15_000).then(
        () => true,
        () => false,
      );
      if (!integrated) {
        this.skip();
      }
      const commandLine = 'echo terminal-beyond-marker';
      terminal.sendText(commandLine);
      await waitFor('the command to end', () => testing.terminalWatcher.lastCommand(terminal)?.commandLine === commandLine, 20_000);
      await vscode.commands.executeCommand('clusterChat.explainTerminalCommand');
      assert.deepEqual(
        await namesSent('terminal-beyond-marker'),
        ['AGENTS.md'],
        'a command is about no file, so only what applies to every file goes',
      );
    } finally {
      terminal.dispose();
    }
  });

  it('@cluster carries the files that apply to the active editor and the references', async function () {
    const { testing } = await activateExtension();
    if (!testing.participant) {
      this.skip();
    }
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    const reference = { id: 'file', value: sample() } as vscode.ChatPromptReference;
    const source = new vscode.CancellationTokenSource();
    const rendered = new RenderedResponse();
    await testing.participant.handle(
      chatRequest('What is it? (participant marker)', undefined, [reference]),
      { history: [] },
      rendered,
      source.token,
    );
    assert.deepEqual(await namesSent('(participant marker)'), BOTH, rendered.text);
  });
});

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import { WorkspaceIgnore } from '../../../src/guards/vscode/workspaceIgnore';
import type { InstructionQuestion } from '../../../src/instructions/vscode/instructionApprovals';
import type { WorkspaceInstructions } from '../../../src/instructions/vscode/workspaceInstructions';
import { ChatPrompts } from '../../../src/promptFiles/vscode/chatPrompts';
import { PromptCommandCache } from '../../../src/promptFiles/vscode/promptCommandCache';
import { MemoryMemento } from '../helpers/memoryMemento';
import { activateExtension, waitFor } from '../testEnvironment';

const STYLE = 'Answer in short sentences.\n';
const PYTHON = '---\napplyTo: "**/*.py"\n---\nPython: type hints everywhere.\n';
const OWN_REVIEW = '---\ndescription: My review\n---\nReview as I like it: $ARGUMENTS\n';
const WORKSPACE_REVIEW = 'The workspace review, never offered while mine is there.\n';
const WORKSPACE_PROMPT = '.github/prompts/review.prompt.md';

describe("The user's own folder of instruction and prompt files (setting clusterChat.userFolder, a real folder)", function () {
  this.timeout(60_000);
  let instructions: WorkspaceInstructions;
  let cache: PromptCommandCache;
  let ignore: WorkspaceIgnore;
  const asked: InstructionQuestion[] = [];
  const userFolder = (): string => {
    const setting = vscode.workspace.getConfiguration('clusterChat').get<string>('userFolder', '');
    assert.ok(path.isAbsolute(setting), `the test host names a folder of its own in the setting, not "${setting}"`);
    return setting;
  };
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  const write = async (file: string, text: string): Promise<void> => {
    await fs.mkdir(path.dirname(file), { recursive: true });
    await fs.writeFile(file, text);
  };
  const sources = async (inQuestion: vscode.Uri[] = []): Promise<string[]> =>
    (await instructions.overview(inQuestion)).applied.map((planned) => planned.source);

  before(async () => {
    const { testing } = await activateExtension();
    await write(path.join(userFolder(), 'instructions', 'style.md'), STYLE);
    await write(path.join(userFolder(), 'instructions', 'python.md'), PYTHON);
    await write(path.join(userFolder(), 'instructions', 'image.png'), 'not an instruction');
    await write(path.join(userFolder(), 'prompts', 'review.prompt.md'), OWN_REVIEW);
    await write(path.join(root(), WORKSPACE_PROMPT), WORKSPACE_REVIEW);
    const { WorkspaceInstructions, InstructionApprovals } = testing.classes;
    const approvals = new InstructionApprovals(new MemoryMemento(), (question) => {
      asked.push(question);
      return Promise.resolve('send');
    });
    instructions = new WorkspaceInstructions(testing.instructionFiles, approvals, testing.userFolder);
    ignore = new WorkspaceIgnore();
    cache = new PromptCommandCache(vscode.window.createOutputChannel('User folder test', { log: true }), ignore, testing.userFolder);
  });

  after(async () => {
    cache.dispose();
    ignore.dispose();
    await fs.rm(path.join(userFolder(), 'instructions'), { recursive: true, force: true });
    await fs.rm(path.join(userFolder(), 'prompts'), { recursive: true, force: true });
    await fs.rm(path.join(root(), WORKSPACE_PROMPT), { force: true });
  });

  it('sends the Markdown files of instructions/ first, without asking; applyTo decides as in a workspace', async () => {
    const style = path.join(userFolder(), 'instructions', 'style.md');
    const python = path.join(userFolder(), 'instructions', 'python.md');
    await waitFor('the own instruction file to apply', async () => (await sources()).includes(style));
    assert.equal((await sources())[0], style, 'the own files come first');
    assert.ok(!(await sources()).includes(python), 'applyTo **/*.py: not for a send about no Python file');
    const aboutPython = [vscode.Uri.file(path.join(root(), 'tools', 'build.py'))];
    assert.deepEqual((await sources(aboutPython)).slice(0, 2), [python, style].sort());

    asked.length = 0;
    const sent = await instructions.forSend(aboutPython);
    assert.ok(sent, 'the send goes ahead');
    assert.ok(sent.text.includes(`\`\`\`${style}\n${STYLE.trimEnd()}\n\`\`\``), sent.text);
    assert.ok(sent.text.includes('Python: type hints everywhere.') && !sent.text.includes('applyTo'), 'the front matter stays home');
    assert.ok(!sent.text.includes('not an instruction'), 'only text files are instructions');
    assert.deepEqual(
      asked.filter((question) => question.source.startsWith(userFolder())),
      [],
      'the own files are the user’s words: never asked about',
    );
  });

  it('follows a change on disk through its watcher', async () => {
    const style = path.join(userFolder(), 'instructions', 'style.md');
    await fs.writeFile(style, 'Answer in one paragraph.\n');
    await waitFor('the changed text to be the one sent', async () => {
      const planned = (await instructions.overview([])).applied.find((each) => each.source === style);
      return planned?.text.includes('one paragraph') === true;
    });
    await fs.rm(style);
    await waitFor('the removed file to apply no more', async () => !(await sources()).includes(style));
  });

  it('finds instructions/ made after a send found it missing, at the next send', async () => {
    const folder = path.join(userFolder(), 'instructions');
    await fs.rm(folder, { recursive: true, force: true });
    await waitFor('no own file to apply', async () => !(await sources()).some((source) => source.startsWith(folder)));
    assert.deepEqual(await sources(), await sources(), 'a second send about the missing folder finds the same');
    const style = path.join(folder, 'style.md');
    await write(style, STYLE);
    assert.ok((await sources()).includes(style), 'the send right after the folder was made carries its file');
  });

  it('offers prompts/ as slash commands, ahead of a workspace prompt of the same name, and expands the own one', async () => {
    let offered: Array<{ name: string; kind: string }> = [];
    await waitFor('both review prompts to be read', async () => {
      offered = (await cache.usable()).map((prompt) => ({ name: prompt.command.name, kind: prompt.command.kind }));
      return offered.some((each) => each.kind === 'userPrompt');
    });
    assert.deepEqual(
      offered.filter((each) => each.name === 'review'),
      [{ name: 'review', kind: 'userPrompt' }],
    );
    const posted: HostToChatMessage[] = [];
    const prompts = new ChatPrompts(cache, ignore, (message) => posted.push(message));
    try {
      await prompts.refresh();
      const listed = posted.flatMap((message) => (message.type === 'promptCommands' ? message.commands : []));
      assert.deepEqual(
        listed.find((command) => command.name === 'review'),
        {
          name: 'review',
          description: 'My review',
          source: path.join(userFolder(), 'prompts', 'review.prompt.md'),
        },
      );
      await prompts.expand('/review the parser');
      assert.deepEqual(posted.at(-1), { type: 'promptExpanded', line: '/review the parser', text: 'Review as I like it: the parser' });
    } finally {
      prompts.dispose();
    }
  });

  it('reads nothing for a relative path in the setting, and says so once in the log with what to write', async () => {
    const { testing } = await activateExtension();
    const configuration = vscode.workspace.getConfiguration('clusterChat');
    const saved = configuration.inspect<string>('userFolder')?.globalValue;
    const warnings: string[] = [];
    const folder = new testing.classes.UserFolder({ warn: (message: string) => void warnings.push(message) });
    try {
      await configuration.update('userFolder', 'my-rules', vscode.ConfigurationTarget.Global);
      assert.deepEqual(await folder.files('instructions', () => true), []);
      assert.deepEqual(await folder.files('prompts', () => true), []);
      assert.equal(warnings.length, 1, warnings.join('\n'));
      assert.match(warnings[0] ?? '', /"my-rules", which is not an absolute path.*Write a full path, or one starting with ~\//);
    } finally {
      folder.dispose();
      await configuration.update('userFolder', saved, vscode.ConfigurationTarget.Global);
    }
  });
});

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { ClusterParticipant } from '../../../src/participant/vscode/clusterParticipant';
import { WorkspaceIgnore } from '../../../src/guards/vscode/workspaceIgnore';
import { ParticipantPrompts } from '../../../src/promptFiles/vscode/participantPrompts';
import { PromptCommandCache } from '../../../src/promptFiles/vscode/promptCommandCache';
import { chatRequest, RenderedResponse } from '../chatObjects';
import { receivedBodiesWith } from '../helpers/emulatorRecords';
import { activateExtension, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

/** A Roo command: the other prompt file suite owns `.github/prompts`. */
const PROMPT = '.roo/commands/audit.md';

describe('Prompt files after @cluster (expanded into the Chat input, never sent)', function () {
  this.timeout(60_000);
  const opened: string[] = [];
  let ignore: WorkspaceIgnore;
  let cache: PromptCommandCache;
  let participant: ClusterParticipant;
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  /** What the picker of `/prompt` was offered each time, and what it answers next (a name, or undefined for Escape). */
  const offered: string[][] = [];
  let answer: string | undefined;
  /** Done while the list is on screen, before it answers. */
  let whileListed: (() => Promise<void>) | undefined;
  const ask = async (prompt: string, command?: string): Promise<RenderedResponse> => {
    const rendered = new RenderedResponse();
    await participant.handle(chatRequest(prompt, command, []), { history: [] }, rendered, new vscode.CancellationTokenSource().token);
    return rendered;
  };

  before(async () => {
    await useEmulator('demo');
    await fs.mkdir(path.dirname(path.join(root(), PROMPT)), { recursive: true });
    await fs.writeFile(
      path.join(root(), PROMPT),
      '---\ndescription: Audit a file\n---\nAudit ${fileBasename} for $ARGUMENTS (audit marker).\n',
    );
    const { testing } = await activateExtension();
    const log = vscode.window.createOutputChannel('Participant prompts test', { log: true });
    ignore = new WorkspaceIgnore();
    cache = new PromptCommandCache(log, ignore, testing.userFolder);
    const prompts = new ParticipantPrompts(
      cache,
      ignore,
      (query) => {
        opened.push(query);
        return Promise.resolve();
      },
      async (listed) => {
        offered.push(listed.map((each) => each.command.name));
        await whileListed?.();
        return listed.find((each) => each.command.name === answer);
      },
    );
    participant = new ClusterParticipant(testing.pipeline, testing.requestInstructions, ignore, prompts);
    await waitFor('the prompt file to be offered', async () => (await cache.usable()).some((each) => each.command.name === 'audit'));
  });
  after(async () => {
    cache.dispose();
    ignore.dispose();
    await fs.rm(path.join(root(), '.roo'), { recursive: true, force: true });
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await stopUsingEmulator();
  });

  it('puts the expansion in the Chat input after @cluster, and sends nothing', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'some text' });
    await vscode.window.showTextDocument(document);
    const rendered = await ask('/Audit speed');
    assert.deepEqual(opened.length, 1, rendered.markdownParts.join());
    assert.match(opened[0] ?? '', /^@cluster Audit Untitled-\d+ for speed \(audit marker\)\.$/);
    assert.match(rendered.markdownParts.join(), /in the chat input/);
    assert.deepEqual(await receivedBodiesWith('(audit marker)'), [], 'no request left');
  });

  it('sends a line that names no prompt file as it is', async () => {
    opened.length = 0;
    await ask('/not-a-prompt please (plain marker)');
    assert.deepEqual(opened, []);
    assert.equal((await receivedBodiesWith('(plain marker)')).length, 1, 'the line went to the cluster as typed');
  });

  it('tells the action-phrase guard which words of the request the expansion put there, naming the prompt file', async () => {
    const { testing } = await activateExtension();
    const searched: Array<readonly { source: string; text: string }[] | undefined> = [];
    const replaced = testing.requestInstructions.usePhraseCheck({
      allows: (_messages, _typed, _clusterId, fromPromptFiles) => {
        searched.push(fromPromptFiles);
        return Promise.resolve(true);
      },
    });
    try {
      opened.length = 0;
      await ask('/audit memory');
      const expansion = (opened[0] ?? '').replace(/^@cluster /, '');
      assert.match(expansion, /for memory \(audit marker\)/);
      await ask(`${expansion}\nAnd keep it short. (participant phrase marker)`);
      assert.deepEqual(searched.at(-1), [{ source: PROMPT, text: expansion }]);
    } finally {
      testing.requestInstructions.usePhraseCheck(replaced);
    }
  });

  it('lists the prompt files after /prompt, the declared command VS Code suggests, and expands the one picked with the words typed', async () => {
    opened.length = 0;
    offered.length = 0;
    answer = 'audit';
    const rendered = await ask('speed', 'prompt');
    assert.deepEqual(offered, [['audit']], 'the picker lists the workspace prompt');
    assert.equal(opened.length, 1, rendered.markdownParts.join());
    assert.match(opened[0] ?? '', /^@cluster Audit .+ for speed \(audit marker\)\.$/);
    assert.match(rendered.markdownParts.join(), /in the chat input/);

    // A name typed after /prompt (with or without its own slash) needs no list.
    const named = await ask('/AUDIT memory', 'prompt');
    assert.equal(offered.length, 1, 'no second list');
    assert.match(opened[1] ?? '', / for memory \(audit marker\)\.$/);
    assert.match(named.markdownParts.join(), /in the chat input/);
  });

  it('sends nothing when the list of /prompt is dismissed', async () => {
    opened.length = 0;
    offered.length = 0;
    answer = undefined;
    const rendered = await ask('(dismissed marker)', 'prompt');
    assert.equal(offered.length, 1);
    assert.deepEqual(opened, []);
    assert.match(rendered.markdownParts.join(), /No prompt file was picked, and nothing was sent/);
    assert.deepEqual(await receivedBodiesWith('(dismissed marker)'), [], 'no request left');
  });

  it('says so and sends nothing when the prompt file picked is gone before it is read', async () => {
    opened.length = 0;
    offered.length = 0;
    answer = 'audit';
    whileListed = () => fs.rm(path.join(root(), PROMPT));
    try {
      const rendered = await ask('(gone marker)', 'prompt');
      assert.deepEqual(offered, [['audit']]);
      assert.deepEqual(opened, [], 'nothing put into the Chat input');
      assert.match(rendered.markdownParts.join(), /The prompt file was not expanded, and nothing was sent/);
      assert.deepEqual(await receivedBodiesWith('(gone marker)'), [], 'no request left');
    } finally {
      whileListed = undefined;
    }
  });

  it('says where prompt files go when /prompt has none to list', async () => {
    await fs.rm(path.join(root(), '.roo'), { recursive: true, force: true });
    await waitFor('the prompt file to be gone', async () => (await cache.usable()).length === 0);
    offered.length = 0;
    const rendered = await ask('', 'prompt');
    assert.deepEqual(offered, [], 'no empty list is shown');
    assert.match(rendered.markdownParts.join(), /There is no prompt file to run\. Add one to \.github\/prompts/);
  });

  it('says the workspace’s prompt files wait for trust when /prompt has none to list in Restricted Mode', async () => {
    const { testing } = await activateExtension();
    const untrusted = new ParticipantPrompts(
      cache,
      ignore,
      () => Promise.reject(new Error('nothing goes into the Chat input')),
      () => Promise.reject(new Error('no list is shown')),
      () => false,
    );
    const restricted = new ClusterParticipant(testing.pipeline, testing.requestInstructions, ignore, untrusted);
    const rendered = new RenderedResponse();
    await restricted.handle(chatRequest('', 'prompt', []), { history: [] }, rendered, new vscode.CancellationTokenSource().token);
    assert.match(rendered.markdownParts.join(), /not used in Restricted Mode\. Trust the workspace to run them/);
    assert.deepEqual(
      rendered.buttons.map((button) => button.command),
      ['workbench.trust.manage'],
      'one button, to manage the workspace’s trust',
    );
  });
});

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
  const ask = async (prompt: string): Promise<RenderedResponse> => {
    const rendered = new RenderedResponse();
    await participant.handle(chatRequest(prompt, undefined, []), { history: [] }, rendered, new vscode.CancellationTokenSource().token);
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
    const prompts = new ParticipantPrompts(cache, ignore, (query) => {
      opened.push(query);
      return Promise.resolve();
    });
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
});

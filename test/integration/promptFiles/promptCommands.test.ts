import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import { WorkspaceIgnore } from '../../../src/guards/vscode/workspaceIgnore';
import { ChatPrompts } from '../../../src/promptFiles/vscode/chatPrompts';
import { PromptCommandCache } from '../../../src/promptFiles/vscode/promptCommandCache';
import { activateExtension, waitFor } from '../testEnvironment';

const PROMPTS = '.github/prompts';

describe('Prompt files as chat commands (a real workspace folder, its file watcher)', function () {
  this.timeout(60_000);
  const posted: HostToChatMessage[] = [];
  let ignore: WorkspaceIgnore;
  let cache: PromptCommandCache;
  let prompts: ChatPrompts;
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  const write = async (relative: string, text: string): Promise<void> => {
    await fs.mkdir(path.dirname(path.join(root(), relative)), { recursive: true });
    await fs.writeFile(path.join(root(), relative), text);
  };
  const offered = async (): Promise<string[]> => (await cache.usable()).map((prompt) => prompt.command.name);
  const lastList = (): string[] | undefined =>
    posted.flatMap((message) => (message.type === 'promptCommands' ? [message.commands.map((command) => command.name)] : [])).at(-1);

  before(async () => {
    await write(`${PROMPTS}/review.prompt.md`, '---\ndescription: Review it\n---\nReview: $ARGUMENTS\nFile: ${fileBasename}\n');
    await write(`${PROMPTS}/explain.prompt.md`, 'A workspace /explain, never offered.\n');
    const log = vscode.window.createOutputChannel('Prompt files test', { log: true });
    ignore = new WorkspaceIgnore();
    const { testing } = await activateExtension();
    cache = new PromptCommandCache(log, ignore, testing.userFolder);
    prompts = new ChatPrompts(cache, ignore, (message) => posted.push(message));
  });

  after(async () => {
    prompts.dispose();
    cache.dispose();
    ignore.dispose();
    await fs.rm(path.join(root(), PROMPTS), { recursive: true, force: true });
    await fs.rm(path.join(root(), '.clusterignore'), { force: true });
  });

  it('offers the folder’s prompt files, a built-in name never, and posts the list to the view', async () => {
    // Files written just now: the cache is kept by a watcher, so what it lists may lag a moment.
    let seen: string[] = [];
    await waitFor('the prompt files written in the before hook', async () => {
      seen = await offered();
      return seen.includes('review');
    }).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; last saw [${seen.join(', ')}]`);
    });
    assert.deepEqual(seen, ['review']);
    await prompts.refresh();
    assert.deepEqual(posted.at(-1), {
      type: 'promptCommands',
      commands: [{ name: 'review', description: 'Review it', source: `${PROMPTS}/review.prompt.md` }],
    });
  });

  it('follows files made, changed and removed on disk, and posts each new list', async () => {
    await write(`${PROMPTS}/plan.prompt.md`, 'Plan it.\n');
    await waitFor('the new prompt file to be offered', async () => (await offered()).includes('plan'));
    await waitFor('the view to get the list with it', () => lastList()?.includes('plan') === true);
    await write(`${PROMPTS}/plan.prompt.md`, '---\nname: make-plan\n---\nPlan it.\n');
    await waitFor('the renamed command to be offered', async () => (await offered()).includes('make-plan'));
    await fs.rm(path.join(root(), PROMPTS, 'plan.prompt.md'));
    await waitFor('the removed prompt file to go', async () => !(await offered()).includes('make-plan'));
  });

  it('finds the commands of a folder moved in whole, and drops them when it is moved out whole', async () => {
    const outside = await fs.mkdtemp(path.join(root(), 'moved-'));
    await fs.mkdir(path.join(outside, 'commands'));
    await fs.writeFile(path.join(outside, 'commands', 'ship.md'), 'Ship it.\n');
    await fs.rename(outside, path.join(root(), '.roo'));
    await waitFor('the moved-in folder’s command to be offered', async () => (await offered()).includes('ship'));
    await fs.rename(path.join(root(), '.roo'), outside);
    await waitFor('its command to go with the folder', async () => !(await offered()).includes('ship'));
    await fs.rm(outside, { recursive: true, force: true });
  });

  it('expands a line with its arguments and the active file’s name, and posts it for the box', async () => {
    const document = await vscode.workspace.openTextDocument({ language: 'plaintext', content: 'untitled text' });
    await vscode.window.showTextDocument(document);
    posted.length = 0;
    await prompts.expand('/Review the parser');
    const expanded = posted.find((message) => message.type === 'promptExpanded');
    assert.ok(expanded, `an expansion was posted: ${JSON.stringify(posted)}`);
    assert.equal(expanded.line, '/Review the parser');
    assert.match(expanded.text, /^Review: the parser\nFile: Untitled-\d+$/);
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
  });

  it('shows hidden characters of a prompt file in the box as visible markers', async () => {
    await write(`${PROMPTS}/hidden.prompt.md`, 'Fix it\u200b\u200b now. \u202eesrever\u202c\n');
    await waitFor('the prompt file to be offered', async () => (await offered()).includes('hidden'));
    posted.length = 0;
    await prompts.expand('/hidden');
    const expanded = posted.find((message) => message.type === 'promptExpanded');
    assert.equal(
      expanded?.text,
      'Fix it⟦U+200B ZERO WIDTH SPACE ×2⟧ now. ⟦U+202E RIGHT-TO-LEFT OVERRIDE⟧esrever⟦U+202C POP DIRECTIONAL FORMATTING⟧',
    );
    await fs.rm(path.join(root(), PROMPTS, 'hidden.prompt.md'));
  });

  it('changes nothing when the file is gone or the name is no command', async () => {
    await write(`${PROMPTS}/gone.prompt.md`, 'Soon gone.\n');
    await waitFor('the prompt file to be offered', async () => (await offered()).includes('gone'));
    posted.length = 0;
    await fs.rm(path.join(root(), PROMPTS, 'gone.prompt.md'));
    await prompts.expand('/gone');
    await prompts.expand('/nothing-here');
    assert.deepEqual(
      posted.filter((message) => message.type === 'promptExpanded'),
      [],
    );
  });

  it('does not offer a prompt file .clusterignore leaves out', async () => {
    await write('.clusterignore', `${PROMPTS}/review.prompt.md\n`);
    await waitFor('the ignored prompt file to go', async () => !(await offered()).includes('review'));
  });
});

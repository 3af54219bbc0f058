import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { measureRequest, nextSendMessages } from '../../../src/chat/common/contextMeter';
import { InstructionsLine, type InstructionsMessage } from '../../../src/chat/vscode/instructionsLine';
import type { WorkspaceInstructions } from '../../../src/instructions/vscode/workspaceInstructions';
import { MemoryMemento } from '../helpers/memoryMemento';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';
import { activateExtension, waitFor } from '../testEnvironment';
import { withFileLabelRequest } from '../../../src/fileEdits/common/fileLabelRequest';

const FILES: Record<string, string> = {
  'AGENTS.md': 'Root agents: run npm test before you answer.\n',
  'lib/src/util.ts': 'export const util = 1;\n',
  'lib/notes.md': '# Notes\n',
  '.github/instructions/ts.instructions.md': '---\napplyTo: "**/*.ts"\n---\nTypeScript: no any.\n',
  '.github/instructions/py.instructions.md': '---\napplyTo: "**/*.py"\n---\nPython: type hints.\n',
  '.github/instructions/nowhere.instructions.md': '---\ndescription: forgot applyTo\n---\nApplies to nothing.\n',
  '.github/instructions/broken.instructions.md': '---\napplyTo: [unclosed\n---\nBroken front matter.\n',
};
const TS = '.github/instructions/ts.instructions.md';

describe('Instruction files line above the chat composer (a real workspace folder)', function () {
  this.timeout(60_000);
  let instructions: WorkspaceInstructions;
  let line: InstructionsLine;
  const posted: InstructionsMessage[] = [];
  const root = (): string => {
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    return folder.uri.fsPath;
  };
  const uriOf = (relative: string): vscode.Uri => vscode.Uri.file(path.join(root(), relative));
  const stateOf = (message: InstructionsMessage | undefined, source: string): string | undefined =>
    message?.files.find((file) => file.source === source)?.state;
  /** The list as of now: a refresh the line started itself (on an editor or file change) may overtake one asked for. */
  const current = async (): Promise<InstructionsMessage> => {
    let latest: InstructionsMessage | undefined;
    await waitFor('a refresh no newer one overtook', async () => (latest = await line.refresh()) !== undefined);
    assert.ok(latest);
    return latest;
  };

  before(async () => {
    const { testing } = await activateExtension();
    for (const [relative, text] of Object.entries(FILES)) {
      await fs.mkdir(path.dirname(path.join(root(), relative)), { recursive: true });
      await fs.writeFile(path.join(root(), relative), text);
    }
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    await waitFor('the instruction files in the cache', async () => {
      const cached = await testing.instructionFiles.filesOf(folder);
      return Object.keys(FILES)
        .filter((relative) => relative.endsWith('.md') && !relative.startsWith('lib/'))
        .every((relative) => cached.some((file) => file.path === relative));
    });
    const { WorkspaceInstructions, InstructionApprovals } = testing.classes;
    instructions = new WorkspaceInstructions(
      testing.instructionFiles,
      new InstructionApprovals(new MemoryMemento(), () => Promise.resolve('send')),
      testing.userFolder,
    );
    line = new InstructionsLine(
      instructions,
      () => [],
      (message) => posted.push(message),
    );
  });
  after(async () => {
    line.dispose();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await removeWorkspaceFiles(['AGENTS.md', 'lib', '.github']);
  });

  it('lists the files that apply to the active file, and the meter counts exactly the text a send carries', async () => {
    await vscode.window.showTextDocument(uriOf('lib/src/util.ts'));
    const message = await current();
    assert.deepEqual(
      message.files.filter((file) => file.state === 'on').map((file) => file.source),
      ['AGENTS.md', TS],
    );
    assert.equal(stateOf(message, '.github/instructions/py.instructions.md'), undefined, 'a file that does not apply is not listed');
    assert.equal(message.files.find((file) => file.source === TS)?.uri, uriOf(TS).toString());
    assert.deepEqual(
      message.files.filter((file) => file.state === 'on').map((file) => [file.asks, /Not yet agreed to/.test(file.detail)]),
      [
        ['new', true],
        ['new', true],
      ],
      'marked before the send that asks about them',
    );

    const sent = await instructions.forSend([uriOf('lib/src/util.ts')]);
    // A refresh the line started itself may overtake this one: the list it posted last is read.
    const marks = (): Array<string | undefined> | undefined =>
      posted
        .at(-1)
        ?.files.filter((file) => file.state === 'on')
        .map((file) => file.asks);
    await waitFor('the list without marks once agreed to', async () => {
      await line.refresh();
      return marks()?.length === 2 && marks()?.every((asks) => asks === undefined) === true;
    }).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; last saw ${JSON.stringify(marks())}`);
    });
    // The chat's send adds the request to name each block's file after the files (on by default).
    assert.equal(message.text, withFileLabelRequest(sent?.text ?? '', true), 'the meter counts what the send carries');
    assert.match(message.text, /TypeScript: no any\./);
    const without = measureRequest(nextSendMessages('Be brief.', [], ''));
    const counted = measureRequest(nextSendMessages('Be brief.', [], message.text));
    assert.equal(counted.chars - without.chars, message.text.length + 2, 'the instructions and the blank line before them');

    await vscode.window.showTextDocument(uriOf('lib/notes.md'));
    const other = await current();
    assert.equal(stateOf(other, TS), undefined, 'another active file, another list');
    assert.equal(stateOf(other, 'AGENTS.md'), 'on');
  });

  it('marks a file changed since the yes: the next send asks again', async () => {
    await vscode.window.showTextDocument(uriOf('lib/src/util.ts'));
    await instructions.forSend([uriOf('lib/src/util.ts')]);
    posted.length = 0;
    await fs.writeFile(path.join(root(), 'AGENTS.md'), `${FILES['AGENTS.md'] ?? ''}And keep commits small.\n`);
    try {
      const agents = (): InstructionsMessage['files'][number] | undefined =>
        posted.at(-1)?.files.find((file) => file.source === 'AGENTS.md');
      await waitFor('the line to mark AGENTS.md changed', () => agents()?.asks === 'changed');
      assert.match(agents()?.detail ?? '', /Changed since you agreed to it/);
      assert.equal(posted.at(-1)?.files.find((file) => file.source === TS)?.asks, undefined, 'the unchanged file keeps its yes');
    } finally {
      await fs.writeFile(path.join(root(), 'AGENTS.md'), FILES['AGENTS.md'] ?? '');
      // Back to the content agreed to: its events are through once it is listed, on and unmarked, so none
      // reaches the next test. Listed, because a read between the write's truncation and its bytes finds the
      // file empty, and an empty file is not listed at all (its `asks` would read as undefined too).
      await waitFor('the line to list the restored AGENTS.md on and unmarked', async () => {
        await line.refresh();
        const agents = posted.at(-1)?.files.find((file) => file.source === 'AGENTS.md');
        return agents?.state === 'on' && agents.asks === undefined;
      });
    }
  });

  it('turns a file off, greyed in the list and out of the text, and back on', async () => {
    await vscode.window.showTextDocument(uriOf('lib/src/util.ts'));
    await line.refresh();
    posted.length = 0;
    await line.setOn(uriOf(TS).toString(), false);
    await waitFor('the list with the file turned off', () => Promise.resolve(stateOf(posted.at(-1), TS) === 'off'));
    assert.doesNotMatch(posted.at(-1)?.text ?? '', /TypeScript/);
    assert.deepEqual(await instructions.applicable([uriOf('lib/src/util.ts')]).then((all) => all.map((each) => each.source)), [
      'AGENTS.md',
    ]);

    posted.length = 0;
    await line.setOn(uriOf(TS).toString(), true);
    await waitFor('the list with the file on again', () => Promise.resolve(stateOf(posted.at(-1), TS) === 'on'));
    assert.match(posted.at(-1)?.text ?? '', /TypeScript: no any\./);

    await line.setOn(uriOf('lib/src/util.ts').toString(), false);
    await line.refresh();
    // Read from the list posted last: a refresh the line started itself may overtake this one.
    assert.equal(stateOf(posted.at(-1), TS), 'on', 'a file the line did not list is never turned off');
  });

  it('reports each skipped file with why: no applyTo, front matter it cannot read', async () => {
    await vscode.window.showTextDocument(uriOf('lib/src/util.ts'));
    const message = await current();
    const skipped = new Map(message?.files.filter((file) => file.state === 'skipped').map((file) => [file.source, file.detail]));
    assert.match(skipped.get('.github/instructions/nowhere.instructions.md') ?? '', /no applyTo/);
    assert.match(skipped.get('.github/instructions/broken.instructions.md') ?? '', /front matter cannot be read \(line 2\)|applyTo/);
    assert.equal(skipped.has(TS), false);
  });

  it('reports a file it could not read', async () => {
    const relative = '.github/instructions/gone.instructions.md';
    // A folder named like an instruction file: the watcher reports it, and reading it fails.
    await fs.mkdir(path.join(root(), relative));
    const { testing } = await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder);
    // The line posts the newest list; a refresh that a newer one overtook returns nothing, so the posted list is read.
    let seen = '';
    await waitFor('the unreadable file reported', async () => {
      await line.refresh();
      const detail = posted.at(-1)?.files.find((file) => file.source === relative)?.detail;
      const unread = (await testing.instructionFiles.unreadableOf(folder)).map((file) => file.path);
      seen = `the cache's unreadable files [${unread.join(', ')}], the line's entry: ${detail ?? 'none'}`;
      return /could not be read/.test(detail ?? '');
    }).catch((error: unknown) => {
      throw new Error(`${error instanceof Error ? error.message : String(error)}; last saw ${seen}`);
    });
    await fs.rm(path.join(root(), relative), { recursive: true });
    await waitFor('the file gone from the list', async () => {
      await line.refresh();
      return stateOf(posted.at(-1), relative) === undefined;
    });
  });
});

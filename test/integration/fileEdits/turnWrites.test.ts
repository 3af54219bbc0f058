import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as os from 'node:os';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { FileCheckpointStore } from '../../../src/checkpoints/node/checkpointFiles';
import type { FileWrite } from '../../../src/fileEdits/vscode/reviewPlan';
import { TurnCheckpoints } from '../../../src/fileEdits/vscode/turnCheckpoints';
import { writeFiles } from '../../../src/fileEdits/vscode/turnWrites';
import { errorsBefore, findingsAfterWrite, reportChoices, type Finding } from '../../../src/fileEdits/vscode/writeReport';
import { waitFor } from '../testEnvironment';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';

const TOP = 'turn-writes';
const PRICE = 'export const price: number = 2;\n';
const NOTES = '# Notes\n\nFirst.\n';

/**
 * Accepted files as the review writes them, in the real extension host: unsaved, open in editors so
 * Save All reaches them at once, kept for the turn's undo; and the report after the write, with
 * TypeScript's own language server telling the errors.
 */
describe('Writing accepted files, and the report after it (TypeScript language server)', function () {
  this.timeout(90_000);
  let root = '';
  let storage = '';
  const log = vscode.window.createOutputChannel('Cluster Chat turn writes test', { log: true });

  const files = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('files');

  before(async () => {
    // The host is VS Code for the Web, which saves after a delay by default; desktop VS Code does not.
    await files().update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    root = path.join(folder.uri.fsPath, TOP);
    storage = await fs.mkdtemp(path.join(os.tmpdir(), 'turn-writes-'));
    await fs.mkdir(root, { recursive: true });
    await fs.writeFile(path.join(root, 'price.ts'), PRICE);
    await fs.writeFile(path.join(root, 'notes.md'), NOTES);
    // The language server starts on the first TypeScript file: wait until it reports, so the test's
    // write is judged by a server that is running, as it is in a user's window after a while.
    const warm = vscode.Uri.file(path.join(root, 'warm.ts'));
    await fs.writeFile(warm.fsPath, "export const warm: number = 'cold';\n");
    await vscode.window.showTextDocument(warm);
    await waitFor('TypeScript to report the error in warm.ts', () => vscode.languages.getDiagnostics(warm).length > 0, 60_000);
  });

  after(async () => {
    await vscode.workspace.saveAll(false);
    await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    log.dispose();
    await fs.rm(storage, { recursive: true, force: true });
    await removeWorkspaceFiles([TOP]);
  });

  it('writes each file unsaved, opens them all in editors, keeps the turn, and reports a new error and a left marker', async () => {
    const uri = (name: string): vscode.Uri => vscode.Uri.file(path.join(root, name));
    const write = (name: string, original: string | undefined, text: string): FileWrite => ({
      file: { uri: uri(name), label: `${TOP}/${name}`, original, proposed: text },
      text,
    });
    const writes = [
      write('price.ts', PRICE, "export const price: number = 'two';\n"),
      write('notes.md', NOTES, '# Notes\n\n<!-- ...existing code... -->\nSecond.\n'),
      write('created.ts', undefined, 'export const created = true;\n'),
    ];
    const store = new FileCheckpointStore(storage);
    const turn = { conversationId: 'c1', turn: 'm2' };
    const before = errorsBefore(writes.map((each) => each.file.uri));

    assert.equal(await writeFiles(turn, writes, new TurnCheckpoints(store, log)), true);

    for (const each of writes) {
      const document = vscode.workspace.textDocuments.find((open) => open.uri.toString() === each.file.uri.toString());
      assert.equal(document?.getText(), each.text, `${each.file.label} holds the proposal`);
      assert.equal(document?.isDirty, true, `${each.file.label} is not saved`);
    }
    assert.equal(await fs.readFile(uri('price.ts').fsPath, 'utf8'), PRICE, 'the disk keeps the old text');
    assert.equal(await fs.readFile(uri('created.ts').fsPath, 'utf8'), '', 'the new file exists, its text unsaved');
    const opened = (): boolean[] => {
      const tabs = vscode.window.tabGroups.all.flatMap((group) => group.tabs);
      return writes.map((each) =>
        tabs.some(
          (tab) => tab.input instanceof vscode.TabInputText && tab.input.uri.toString() === each.file.uri.toString() && !tab.isPreview,
        ),
      );
    };
    await waitFor('each written file to be open in a kept editor, where Save All reaches it', () => opened().every(Boolean));

    const kept = await store.turn(turn.conversationId, turn.turn);
    assert.deepEqual(kept?.entries.map((entry) => entry.uri).sort(), writes.map((each) => each.file.uri.toString()).sort());

    const findings = await findingsAfterWrite(writes, before);
    const seen = findings.map((finding) => `${finding.label}:${finding.line} ${finding.what}`);
    assert.ok(
      seen.some((each) => each.startsWith(`${TOP}/notes.md:3 `) && each.includes('...existing code...')),
      `the marker is named: ${JSON.stringify(seen)}`,
    );
    assert.ok(
      seen.some((each) => each.startsWith(`${TOP}/price.ts:1 `) && each.includes('not assignable')),
      `the new type error is named: ${JSON.stringify(seen)}`,
    );
    assert.equal(seen.length, 2, `nothing else is reported: ${JSON.stringify(seen)}`);
    assert.deepEqual(
      reportChoices(findings).map((choice) => choice.finding),
      findings,
      'a button opens each of two places',
    );
  });

  it('offers a button to each place it reports, and one that lists them all when there are more than three', () => {
    const uri = vscode.Uri.file('/nowhere/a.ts');
    const findings: Finding[] = [1, 2, 3, 4, 5].map((line) => ({ label: 'a.ts', uri, line, what: `error ${line}` }));
    assert.deepEqual(
      reportChoices(findings.slice(0, 3)).map((choice) => [choice.button, choice.finding?.line]),
      [
        ['Open a.ts:1', 1],
        ['Open a.ts:2', 2],
        ['Open a.ts:3', 3],
      ],
    );
    assert.deepEqual(
      reportChoices(findings).map((choice) => [choice.button, choice.finding?.line]),
      [
        ['Open a.ts:1', 1],
        ['Open a.ts:2', 2],
        ['Show All 5…', undefined],
      ],
    );
  });
});

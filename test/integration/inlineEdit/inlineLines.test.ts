import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as vscode from 'vscode';
import type { InlineProposal } from '../../../src/inlineEdit/vscode/inlineProposal';
import { activateExtension, waitFor } from '../testEnvironment';
import { editingSavedFiles } from '../helpers/editingSavedFiles';

// Three lines ending in spaces, one of them 150 characters long once trimmed: the emulator's demo
// cluster trims them and puts a comment on top, a change of three lines into four.
const LONG = `  const message = '${'x'.repeat(150 - 21)}';`;
const SOURCE = ['export function describe(item: string): string {', '  const a = 1;   ', `${LONG}  `, '  return item + a;  ', '}', ''].join(
  '\n',
);
const NEW_LINES = ['// Reviewed by cluster demo', '  const a = 1;', LONG, '  return item + a;'];
const OLD_LINES = SOURCE.split('\n').slice(1, 4);
const SHOWN = [SOURCE.split('\n')[0], ...OLD_LINES, ...NEW_LINES, '}', ''].join('\n');
const PROPOSED = [SOURCE.split('\n')[0], ...NEW_LINES, '}', ''].join('\n');

describe('Edit in Place: proposed lines inserted as real lines in a saved file (undo, dirty state, save)', function () {
  this.timeout(60_000);
  const files = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('files');
  const { savedFile } = editingSavedFiles();

  /** A saved file with SOURCE, its three middle lines proposed to change; the file is clean before. */
  async function propose(name: string): Promise<{ editor: vscode.TextEditor; proposal: InlineProposal; file: string }> {
    const { testing } = await activateExtension();
    const editor = await savedFile(name, SOURCE);
    const { document } = editor;
    const file = document.uri.fsPath;
    editor.selection = new vscode.Selection(1, 0, 4, 0);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Tidy this up' }), true);
    const proposal = testing.inlineProposals.get(document.uri);
    assert.ok(proposal, 'a proposal is pending in the file');
    return { editor, proposal, file };
  }

  async function undo(editor: vscode.TextEditor): Promise<void> {
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('undo');
  }

  it('shows a 3-line change with a 150-character line as whole lines; Reject All leaves the file byte-identical and clean', async () => {
    const { editor, proposal, file } = await propose('inline-reject.ts');
    const { document } = editor;
    assert.equal(document.getText(), SHOWN);
    assert.deepEqual(
      NEW_LINES.map((_, index) => document.lineAt(4 + index).text),
      NEW_LINES,
      'every new line is a whole line of the document',
    );
    assert.equal(document.lineAt(6).text.length, 150);
    assert.deepEqual(
      proposal.hunks.map((hunk) => [document.positionAt(hunk.start).line, document.positionAt(hunk.end).line, hunk.newLines.length]),
      [[1, 4, 4]],
    );
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', document.uri), true);
    assert.equal(proposal.isOver, true);
    assert.equal(document.getText(), SOURCE);
    assert.equal(document.isDirty, false, 'rejecting undoes the insertion, back to the saved version');
    assert.equal(fs.readFileSync(file, 'utf8'), SOURCE);
  });

  it('Accept All gives the proposed text; one undo restores the original, clean again', async () => {
    const { editor, proposal } = await propose('inline-accept.ts');
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', editor.document.uri), true);
    assert.equal(proposal.isOver, true);
    assert.equal(editor.document.getText(), PROPOSED);
    assert.equal(editor.document.isDirty, true);
    await undo(editor);
    assert.equal(editor.document.getText(), SOURCE, 'one undo takes back the insertion and the accept');
    assert.equal(editor.document.isDirty, false);
  });

  it('after an edit elsewhere, Reject All takes the inserted lines out and keeps the edit', async () => {
    const { editor, proposal } = await propose('inline-edit-elsewhere.ts');
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '// mine\n'));
    assert.equal(proposal.isOver, false);
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', editor.document.uri), true);
    assert.equal(editor.document.getText(), `// mine\n${SOURCE}`);
    assert.equal(editor.document.isDirty, true, 'the edit is the user’s, unsaved');
  });

  it('after typing elsewhere, Accept All is an undo step of its own, and its Undo shows the proposal again', async () => {
    const { editor, proposal } = await propose('inline-typed.ts');
    editor.selection = new vscode.Selection(0, 0, 0, 0);
    await vscode.commands.executeCommand('type', { text: 'x' });
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', editor.document.uri), true);
    assert.equal(editor.document.getText(), `x${PROPOSED}`);
    await undo(editor);
    assert.equal(editor.document.getText(), `x${SHOWN}`);
    await waitFor('the proposal is pending again', () => !proposal.isOver && proposal.hunks.length === 1);
    const { testing } = await activateExtension();
    assert.equal(testing.inlineProposals.get(editor.document.uri), proposal);
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', editor.document.uri), true);
    assert.equal(editor.document.getText(), `x${SOURCE}`);
  });

  it('an edit inside the hunk withdraws it: the document is as the user made it, minus the inserted lines', async () => {
    const { editor, proposal } = await propose('inline-withdraw.ts');
    await editor.edit((builder) => builder.replace(new vscode.Range(1, 8, 1, 9), 'b'));
    const edited = SOURCE.replace('const a = 1;', 'const b = 1;');
    await waitFor('the proposal is withdrawn and its lines are out', () => proposal.isOver && editor.document.getText() === edited);
  });

  it('an undo right after the proposal appeared takes it out, clean again', async () => {
    const { editor, proposal } = await propose('inline-undo.ts');
    await undo(editor);
    await waitFor('the proposal ends', () => proposal.isOver);
    assert.equal(editor.document.getText(), SOURCE);
    assert.equal(editor.document.isDirty, false);
  });

  it('an automatic save keeps the proposal pending; Reject All then puts the file as it was back on disk at once', async () => {
    await files().update('autoSaveDelay', 100, vscode.ConfigurationTarget.Global);
    await files().update('autoSave', 'afterDelay', vscode.ConfigurationTarget.Global);
    try {
      const { editor, proposal, file } = await propose('inline-autosave.ts');
      await waitFor('the shown lines to be saved', () => !editor.document.isDirty && fs.readFileSync(file, 'utf8') === SHOWN);
      assert.equal(proposal.isOver, false, 'an automatic save decides nothing');
      assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', editor.document.uri), true);
      assert.equal(editor.document.getText(), SOURCE);
      // At once, not an automatic save later: the disk holds no proposed line once Reject All is done.
      assert.equal(editor.document.isDirty, false);
      assert.equal(fs.readFileSync(file, 'utf8'), SOURCE);
    } finally {
      await files().update('autoSave', 'off', vscode.ConfigurationTarget.Global);
      await files().update('autoSaveDelay', undefined, vscode.ConfigurationTarget.Global);
    }
  });

  it('saving while the proposal is pending rejects it first: no inserted line reaches the disk', async () => {
    const { editor, proposal, file } = await propose('inline-save.ts');
    assert.equal(await editor.document.save(), true);
    assert.equal(proposal.isOver, true);
    assert.equal(fs.readFileSync(file, 'utf8'), SOURCE);
    assert.equal(editor.document.getText(), SOURCE);
    assert.equal(editor.document.isDirty, false);
  });
});

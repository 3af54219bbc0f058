import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { KEPT_EDITS } from '../../../src/fileEdits/vscode/editCheckpoints';
import { MAX_CHECKPOINT_FILE_BYTES } from '../../../src/checkpoints/common/checkpoints';
import { waitUntil } from '../../../scripts/workbench/wait';
import { activateExtension } from '../testEnvironment';
import { editingSavedFiles } from '../helpers/editingSavedFiles';
import { HALF_PROPOSED as PROPOSED, HALF_SOURCE as SOURCE } from '../../shared/demoEdit';

/**
 * The checkpoints of Edit in Place (and Fix, which shows its proposal the same way) in the real
 * extension host: the file is kept before the proposal shows, and "Undo an Edit Outside the Chat"
 * brings it back after it was saved and closed, when the editor's own undo is gone.
 */
describe('Edit in Place: undoing an edit from its checkpoint', function () {
  this.timeout(60_000);
  const { savedFile } = editingSavedFiles();

  /** A saved file with SOURCE, open with its two middle lines selected and proposed to change. */
  async function propose(name: string): Promise<vscode.TextDocument> {
    const { testing } = await activateExtension();
    const editor = await savedFile(name, SOURCE);
    const { document } = editor;
    editor.selection = new vscode.Selection(1, 0, 3, 0);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Tidy this up' }), true);
    assert.ok(testing.inlineProposals.get(document.uri), 'a proposal is pending in the file');
    return document;
  }

  it('restores an accepted edit after the file was saved and closed, and forgets it then', async () => {
    const { testing } = await activateExtension();
    const document = await propose('edit-undo-accepted.ts');
    assert.equal(
      testing.editCheckpoints.list().some((edit) => edit.uri === document.uri.toString()),
      false,
      'a pending proposal is not offered for undo: the editor still shows it to accept or reject',
    );
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', document.uri), true);
    assert.equal(document.getText(), PROPOSED);
    assert.equal(await document.save(), true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const kept = testing.editCheckpoints.list()[0];
    assert.ok(kept, 'the edit is listed for undo');
    assert.equal(kept.uri, document.uri.toString());
    assert.match(kept.title, /edit-undo-accepted\.ts$/);
    assert.equal(await vscode.commands.executeCommand('clusterChat.undoEdit', kept.turn), true);
    const restored = await vscode.workspace.openTextDocument(document.uri);
    assert.equal(restored.getText(), SOURCE, 'the file holds what it held before the edit');
    assert.equal(restored.isDirty, true, 'the restore is an edit of its own, not saved');
    assert.equal(
      testing.editCheckpoints.list().some((edit) => edit.turn === kept.turn),
      false,
      'an edit undone is no longer listed',
    );
    assert.equal(await restored.save(), true);
  });

  it('keeps a file before the reply view’s Replace puts code in, and undoes that after the file was saved and closed', async () => {
    const { testing } = await activateExtension();
    const editor = await savedFile('edit-undo-reply.ts', SOURCE);
    const { document } = editor;
    const before = testing.replies.last()?.id;
    editor.selection = new vscode.Selection(1, 0, 3, 0);
    await vscode.commands.executeCommand('clusterChat.explainSelection');
    await waitUntil('the reply to Explain to arrive', () => testing.replies.last()?.id !== before);
    assert.equal(await vscode.commands.executeCommand('clusterChat.replaceSelectionWithLastReply'), true);
    assert.notEqual(document.getText(), SOURCE);
    assert.equal(await document.save(), true);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');

    const kept = testing.editCheckpoints.list()[0];
    assert.equal(kept?.title, 'Explain · edit-undo-reply.ts', 'listed under the reply’s title');
    assert.equal(kept.uri, document.uri.toString());
    assert.equal(await vscode.commands.executeCommand('clusterChat.undoEdit', kept.turn), true);
    const restored = await vscode.workspace.openTextDocument(document.uri);
    assert.equal(restored.getText(), SOURCE, 'the file holds what it held before the code went in');
    assert.equal(await restored.save(), true);
  });

  it('keeps a file whose change is too large to show inline, when it is applied from the diff editor', async () => {
    const { testing } = await activateExtension();
    const big = Array.from({ length: 150 }, (_, index) => `export const v${index} = ${index};  `).join('\n') + '\n';
    const editor = await savedFile('edit-undo-large.ts', big);
    const { document } = editor;
    editor.selection = new vscode.Selection(0, 0, 150, 0);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Trim' }), true);
    assert.equal(testing.inlineProposals.get(document.uri), undefined, 'not inline');
    const proposal = vscode.workspace.textDocuments.find((open) => open.uri.scheme === 'cluster-chat-proposal');
    assert.ok(proposal, 'the diff editor shows the proposal');
    assert.equal(await vscode.commands.executeCommand('clusterChat.applyProposal', proposal.uri), true);
    assert.notEqual(document.getText(), big);
    const kept = testing.editCheckpoints.list()[0];
    assert.equal(kept?.uri, document.uri.toString());
    assert.equal(await vscode.commands.executeCommand('clusterChat.undoEdit', kept.turn), true);
    assert.equal(document.getText(), big);
    assert.equal(await document.save(), true);
  });

  it('lists no edit whose proposal was rejected, nor one ended by a save that took its lines out', async () => {
    const { testing } = await activateExtension();
    const before = testing.editCheckpoints.list().map((edit) => edit.turn);
    const rejected = await propose('edit-undo-rejected.ts');
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', rejected.uri), true);
    const saved = await propose('edit-undo-saved.ts');
    assert.equal(await saved.save(), true);
    assert.equal(saved.getText(), SOURCE);
    assert.deepEqual(
      testing.editCheckpoints.list().map((edit) => edit.turn),
      before,
      'neither edit changed its file',
    );
  });

  it('still lists an edit that grows its file past what a checkpoint keeps: its copy from before is there', async () => {
    const { testing } = await activateExtension();
    // One line under the limit, so the copy before fits; the text after is recorded by its hash alone.
    const filler = `// ${'x'.repeat(998)}\n`;
    const near = filler.repeat(Math.floor(MAX_CHECKPOINT_FILE_BYTES / filler.length));
    const onDisk = (await savedFile('edit-undo-grows.ts', near)).document;
    const record = await testing.editCheckpoints.keep(onDisk, 'grows past the limit');
    assert.ok(record, 'the file is kept before the change');
    const change = new vscode.WorkspaceEdit();
    change.insert(onDisk.uri, new vscode.Position(0, 0), filler.repeat(2));
    assert.equal(await vscode.workspace.applyEdit(change), true);
    assert.ok(Buffer.byteLength(onDisk.getText()) > MAX_CHECKPOINT_FILE_BYTES, 'the change grew the file past the limit');
    await record();
    const listed = testing.editCheckpoints.list().find((edit) => edit.title === 'grows past the limit');
    assert.ok(listed, 'the edit is listed for undo, though what it left could not be recorded');
    assert.equal(listed.uri, onDisk.uri.toString());
    await vscode.commands.executeCommand('workbench.action.files.revert');
    assert.equal(onDisk.getText(), near);
  });

  it(`keeps the newest ${KEPT_EDITS} edits and drops the checkpoint of older ones`, async () => {
    const { testing } = await activateExtension();
    const document = await vscode.workspace.openTextDocument({ content: 'x' });
    assert.equal(await testing.editCheckpoints.keep(document, 'untitled'), undefined, 'an untitled document is no file to keep');
    const onDisk = (await savedFile('edit-undo-many.ts', SOURCE)).document;
    for (let index = 0; index <= KEPT_EDITS; index++) {
      const record = await testing.editCheckpoints.keep(onDisk, `edit ${index}`);
      assert.ok(record, 'the file is kept');
      assert.equal(
        testing.editCheckpoints.list().some((edit) => edit.title === `edit ${index}`),
        false,
        'an edit is not offered for undo while its proposal is pending',
      );
      const change = new vscode.WorkspaceEdit();
      change.insert(onDisk.uri, new vscode.Position(0, 0), `// edit ${index}\n`);
      assert.equal(await vscode.workspace.applyEdit(change), true);
      await record();
    }
    const listed = testing.editCheckpoints.list();
    assert.equal(listed.length, KEPT_EDITS);
    assert.equal(listed[0]?.title, `edit ${KEPT_EDITS}`, 'newest first');
    assert.equal(
      listed.some((edit) => edit.title === 'edit 0'),
      false,
      'the oldest is dropped',
    );
    assert.equal(await vscode.commands.executeCommand('clusterChat.undoEdit', 'not-listed'), false);
    assert.equal(await onDisk.save(), true);
  });
});

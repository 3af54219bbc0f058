import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { UndecidedProposals } from '../../../src/inlineEdit/vscode/undecidedProposals';
import { activateExtension } from '../testEnvironment';
import { editingSavedFiles } from '../helpers/editingSavedFiles';
import { MemoryMemento } from '../helpers/memoryMemento';

const SOURCE = ['export function half(value: number): number {', '  const result = value / 2;   ', '  return result;  ', '}', ''].join(
  '\n',
);

/**
 * A window that goes with a proposal pending in a modified file brings the file back modified (hot
 * exit), the inserted lines in it and no proposal left: in the real extension host, where each
 * pending proposal's lines are is kept, and taken out of a document that comes back with that text.
 */
describe('Proposals a window took down undecided, found again in the file brought back', function () {
  this.timeout(60_000);
  const { savedFile } = editingSavedFiles();

  /** A proposal pending in a saved file, what is kept of it, and the proposal ended as the window would end it. */
  async function leftUndecided(name: string): Promise<{ document: vscode.TextDocument; state: MemoryMemento; shown: string }> {
    const { testing } = await activateExtension();
    const editor = await savedFile(name, SOURCE);
    editor.selection = new vscode.Selection(1, 0, 3, 0);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Tidy this up' }), true);
    const proposal = testing.inlineProposals.get(editor.document.uri);
    assert.ok(proposal, 'a proposal is pending in the file');
    const state = new MemoryMemento();
    const keeper = new UndecidedProposals(state, () => [proposal]);
    keeper.flush();
    keeper.dispose();
    proposal.dispose();
    const shown = editor.document.getText();
    assert.match(shown, /Reviewed by cluster demo/, 'the inserted lines stay in the document once the proposal ended');
    return { document: editor.document, state, shown };
  }

  async function revert(document: vscode.TextDocument): Promise<void> {
    await vscode.window.showTextDocument(document);
    await vscode.commands.executeCommand('workbench.action.files.revert');
  }

  it('takes the inserted lines out of a document that comes back with the text kept', async () => {
    const { document, state } = await leftUndecided('undecided-found.ts');
    const found = new UndecidedProposals(state, () => []);
    try {
      await found.ready;
      assert.equal(document.getText(), SOURCE);
    } finally {
      found.dispose();
      await revert(document);
    }
  });

  it('leaves a document alone whose text is not the one kept', async () => {
    const { document, state, shown } = await leftUndecided('undecided-changed.ts');
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), '// mine\n');
    assert.equal(await vscode.workspace.applyEdit(edit), true);
    const found = new UndecidedProposals(state, () => []);
    try {
      await found.ready;
      assert.equal(document.getText(), `// mine\n${shown}`, 'the user’s text is never changed');
    } finally {
      found.dispose();
      await revert(document);
    }
  });
});

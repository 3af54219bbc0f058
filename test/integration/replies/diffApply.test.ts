import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from '../testEnvironment';

const TEXT = 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n';

/** A reply with no source (a chat reply's code block) applied from its diff, as the user applies it with the diff in front. */
describe('Apply with Diff Preview for a reply without a source (real diff editor)', function () {
  this.timeout(30_000);

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('applies to the file the diff was made for, with the diff focused, keeps it for the turn first, and closes the diff', async () => {
    const { testing } = await activateExtension();
    const document = await vscode.workspace.openTextDocument({ content: TEXT, language: 'typescript' });
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(1, 0, 2, 0);
    const kept: string[] = [];
    const reply = {
      id: 'chat/1',
      title: 'Chat',
      cluster: 'demo',
      markdown: '```ts\nexport const b = 20;\n```',
      source: undefined,
      // The chat's hook keeps the file for the turn's undo: before the change, and what was written after.
      checkpoint: (target: vscode.TextDocument) => {
        kept.push(`before: ${target.getText()}`);
        return Promise.resolve(() => Promise.resolve(void kept.push(`after: ${target.getText()}`)));
      },
    };

    assert.equal(await testing.replyActions.showDiff(reply, 'export const b = 20;\n'), true);
    assert.deepEqual(kept, [], 'showing the diff changes nothing');
    const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
    assert.ok(diff instanceof vscode.TabInputTextDiff, 'the diff is the active editor');
    assert.notEqual(vscode.window.activeTextEditor?.document, document, 'the file itself is not the active editor now');

    assert.equal(await vscode.commands.executeCommand('clusterChat.applyProposal', diff.modified), true);
    assert.equal(document.getText(), 'export const a = 1;\nexport const b = 20;\nexport const c = 3;\n');
    assert.deepEqual(
      kept,
      [`before: ${TEXT}`, `after: ${document.getText()}`],
      'the file is kept before the change, then what was written',
    );
    const open = vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.input instanceof vscode.TabInputTextDiff);
    assert.deepEqual(open, [], 'the diff is closed');
  });
});

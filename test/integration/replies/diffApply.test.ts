import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { activateExtension } from '../testEnvironment';

const TEXT = 'export const a = 1;\nexport const b = 2;\nexport const c = 3;\n';
const NEW_B = 'export const b = 20;\n';

/**
 * A file with TEXT, its second line selected, and the diff of a chat-like reply (no source) that
 * replaces it, shown; `kept` lists what the reply's checkpoint hook (the chat's keeping of the file
 * for the turn's undo) was asked to keep: the file before the change, then what was written.
 */
async function diffShown(): Promise<{ document: vscode.TextDocument; diff: vscode.TabInputTextDiff; kept: string[] }> {
  const { testing } = await activateExtension();
  const document = await vscode.workspace.openTextDocument({ content: TEXT, language: 'typescript' });
  const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
  editor.selection = new vscode.Selection(1, 0, 2, 0);
  const kept: string[] = [];
  const reply = {
    id: 'chat/1',
    title: 'Chat',
    cluster: 'demo',
    markdown: `\`\`\`ts\n${NEW_B}\`\`\``,
    source: undefined,
    checkpoint: (target: vscode.TextDocument) => {
      kept.push(`before: ${target.getText()}`);
      return Promise.resolve(() => Promise.resolve(void kept.push(`after: ${target.getText()}`)));
    },
  };
  assert.equal(await testing.replyActions.showDiff(reply, NEW_B), true);
  assert.deepEqual(kept, [], 'showing the diff changes nothing');
  const diff = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
  assert.ok(diff instanceof vscode.TabInputTextDiff, 'the diff is the active editor');
  return { document, diff, kept };
}

function diffOpen(diff: vscode.TabInputTextDiff): boolean {
  return vscode.window.tabGroups.all
    .flatMap((group) => group.tabs)
    .some((tab) => tab.input instanceof vscode.TabInputTextDiff && tab.input.modified.toString() === diff.modified.toString());
}

/** A reply with no source (a chat reply's code block) applied from its diff, as the user applies it with the diff in front. */
describe('Apply with Diff Preview for a reply without a source (real diff editor)', function () {
  this.timeout(30_000);

  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('applies to the file the diff was made for, with the diff focused, keeps it for the turn first, and closes the diff', async () => {
    const { document, diff, kept } = await diffShown();
    assert.notEqual(vscode.window.activeTextEditor?.document, document, 'the file itself is not the active editor now');

    assert.equal(await vscode.commands.executeCommand('clusterChat.applyProposal', diff.modified), true);
    assert.equal(document.getText(), TEXT.replace('export const b = 2;\n', NEW_B));
    assert.deepEqual(
      kept,
      [`before: ${TEXT}`, `after: ${document.getText()}`],
      'the file is kept before the change, then what was written',
    );
    assert.equal(diffOpen(diff), false, 'the diff is closed');
  });

  it('changes nothing when the file changed since the diff was shown, and leaves the diff open to copy from', async () => {
    const { document, diff, kept } = await diffShown();
    const edit = new vscode.WorkspaceEdit();
    edit.insert(document.uri, new vscode.Position(0, 0), '// mine\n');
    assert.equal(await vscode.workspace.applyEdit(edit), true);

    assert.equal(await vscode.commands.executeCommand('clusterChat.applyProposal', diff.modified), false);
    assert.equal(document.getText(), `// mine\n${TEXT}`, 'the user’s edit stays and nothing else changes');
    assert.deepEqual(kept, [], 'nothing is kept for a change not made');
    assert.equal(diffOpen(diff), true, 'the diff stays open, to copy from');
  });
});

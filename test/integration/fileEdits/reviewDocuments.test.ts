import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { COMPARE_SCHEME, type ReviewDocuments } from '../../../src/fileEdits/vscode/reviewDocuments';
import { activateExtension, waitFor } from '../testEnvironment';

/**
 * A block compared with its file lives in memory under its own scheme while a tab shows it, in the
 * real extension host: let go once the last such tab closes, or at once when none opened.
 */
describe('Compared blocks held in memory only while on screen', function () {
  this.timeout(60_000);
  let documents: ReviewDocuments;
  const held = (uri: vscode.Uri): boolean => {
    try {
      documents.stat(uri);
      return true;
    } catch {
      return false;
    }
  };
  const diffTabOf = (uri: vscode.Uri): vscode.Tab | undefined =>
    vscode.window.tabGroups.all
      .flatMap((group) => group.tabs)
      .find(({ input }) => input instanceof vscode.TabInputTextDiff && input.modified.toString() === uri.toString());

  before(async () => {
    const { testing } = await activateExtension();
    const files = testing.replyActions.files;
    assert.ok(files, 'the extension keeps file reviews');
    documents = files.documents;
  });
  after(() => vscode.commands.executeCommand('workbench.action.closeAllEditors'));

  it('keeps a compared block while its diff is open and lets it go when the tab closes', async () => {
    const left = vscode.Uri.from({ scheme: COMPARE_SCHEME, path: '/held/left.ts' });
    const right = vscode.Uri.from({ scheme: COMPARE_SCHEME, path: '/held/right.ts' });
    documents.put(left, 'const a = 1;\n');
    documents.put(right, 'const a = 2;\n');
    await vscode.commands.executeCommand('vscode.diff', left, right, 'held ↔ block', { preview: false });
    documents.dropWhenClosed(right);
    assert.equal(held(right), true, 'held while its tab is open');
    const tab = diffTabOf(right);
    assert.ok(tab, 'the diff tab is open');
    await vscode.window.tabGroups.close(tab);
    await waitFor('the block let go once its tab closed', () => Promise.resolve(!held(right)));
    assert.equal(held(left), true, 'only the file asked for is let go');
    documents.drop([left]);
  });

  it('lets a block go at once when no tab shows it (the diff never opened)', () => {
    const lonely = vscode.Uri.from({ scheme: COMPARE_SCHEME, path: '/unshown/block.ts' });
    documents.put(lonely, 'unshown\n');
    documents.dropWhenClosed(lonely);
    assert.equal(held(lonely), false);
  });
});

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import { activateExtension, waitFor } from '../testEnvironment';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';

const TOP = 'review-in-editor';
const CART = [
  'export function total(prices: number[]): number {',
  '  let sum = 0;',
  '  for (const price of prices) {',
  '    sum += price;',
  '  }',
  '  return sum;',
  '}',
  '',
].join('\n');
/** The reply's cart.ts: the first and the last changed line are two hunks apart. */
const CART_PROPOSED = CART.replace('  let sum = 0;', '  let sum = 0; // cents').replace('  return sum;', '  return Math.round(sum);');
const ADDED = 'export const currency = "EUR";\n';
const REPLY = [
  'Two files:',
  '',
  `\`\`\`ts ${TOP}/cart.ts`,
  CART_PROPOSED.trimEnd(),
  '```',
  '',
  `\`\`\`ts ${TOP}/currency.ts`,
  ADDED.trimEnd(),
  '```',
  '',
].join('\n');

/**
 * One file of a multi-file review moved into its editor, where each hunk is accepted or rejected on
 * its own (Edit in Place's inline proposal), in the real extension host: the rest of the review
 * stays, the turn keeps the file, and "Undo changes of this turn" restores both.
 */
describe('Reviewing one file of a multi-file review hunk by hunk in its editor', function () {
  this.timeout(60_000);
  const turn = { conversationId: 'review-in-editor-conversation', turn: 'reply-1' };
  const files = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('files');
  let cart: vscode.Uri;
  let currency: vscode.Uri;

  before(async () => {
    // The host is VS Code for the Web, which saves after a delay by default; desktop VS Code does not.
    await files().update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    await fs.mkdir(path.join(folder.uri.fsPath, TOP), { recursive: true });
    cart = vscode.Uri.file(path.join(folder.uri.fsPath, TOP, 'cart.ts'));
    currency = vscode.Uri.file(path.join(folder.uri.fsPath, TOP, 'currency.ts'));
    await fs.writeFile(cart.fsPath, CART);
  });

  after(async () => {
    const { testing } = await activateExtension();
    await testing.replyActions.files?.forget(turn.conversationId);
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await removeWorkspaceFiles([TOP]);
  });

  /** The review's proposal of `uri`, once the multi-file diff editor has opened it. */
  async function proposalOf(uri: vscode.Uri): Promise<vscode.Uri> {
    const find = (): vscode.TextDocument | undefined =>
      vscode.workspace.textDocuments.find(
        (document) =>
          document.uri.scheme === 'cluster-chat-review' && document.uri.path === uri.path && !document.uri.query.includes('empty'),
      );
    await waitFor(`the review to open its proposal for ${path.basename(uri.fsPath)}`, () => find() !== undefined);
    const found = find();
    assert.ok(found);
    return found.uri;
  }

  it('shows the file’s hunks in its editor, one accepted and one rejected; Accept All writes the rest; Undo restores both', async () => {
    const { testing } = await activateExtension();
    const reviews = testing.replyActions.files;
    assert.ok(reviews, 'the extension reviews files');
    assert.equal(await reviews.review(turn, REPLY), true);

    assert.equal(
      await vscode.commands.executeCommand('clusterChat.reviewFileInEditor', await proposalOf(currency)),
      false,
      'a new file has no lines',
    );
    assert.equal(await vscode.commands.executeCommand('clusterChat.reviewFileInEditor', await proposalOf(cart)), true);
    const document = await vscode.workspace.openTextDocument(cart);
    assert.equal(vscode.window.activeTextEditor?.document, document, 'the file’s editor is in front');
    const proposal = testing.inlineProposals.get(cart);
    assert.ok(proposal, 'the file shows an inline proposal');
    assert.equal(proposal.hunks.length, 2);
    const shown = CART.replace('  let sum = 0;\n', '  let sum = 0;\n  let sum = 0; // cents\n').replace(
      '  return sum;\n',
      '  return sum;\n  return Math.round(sum);\n',
    );
    assert.equal(document.getText(), shown, 'each new line shows below the line it replaces');

    const [first, second] = proposal.hunks;
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.accept', cart, first?.id), true);
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.reject', cart, second?.id), true);
    const kept = CART.replace('  let sum = 0;', '  let sum = 0; // cents');
    assert.equal(document.getText(), kept, 'the accepted hunk changed, the rejected one did not');
    assert.equal(document.isDirty, true, 'nothing is saved');
    assert.equal(await fs.readFile(cart.fsPath, 'utf8'), CART);

    // The rest of the review: Accept All writes only the file still in it.
    assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReview'), true);
    const created = (): vscode.TextDocument | undefined =>
      vscode.workspace.textDocuments.find((open) => open.uri.toString() === currency.toString());
    await waitFor('currency.ts to be created', () => created() !== undefined);
    assert.equal(created()?.getText(), ADDED);
    assert.equal(document.getText(), kept, 'the file reviewed in its editor is not written again');

    assert.equal(await reviews.undo(turn), true);
    await waitFor('cart.ts to be as before the turn', () => document.getText() === CART);
    await waitFor('currency.ts to be removed', async () => !(await exists(currency.fsPath)));
  });
});

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

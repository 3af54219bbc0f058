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
const TITLE = 'Cluster Chat: proposed changes';
/** What VS Code names a multi-file diff's tab: its title and the count of its files. */
const reviewTabLabel = (files: number): string => `${TITLE} (${files} ${files === 1 ? 'file' : 'files'})`;
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

  /** The labels of the tabs that show a review. */
  function reviewTabLabels(): string[] {
    return vscode.window.tabGroups.all.flatMap((group) => group.tabs.map((tab) => tab.label)).filter((label) => label.startsWith(TITLE));
  }

  /** A review's proposal of `uri` (other than those `seen`), once the multi-file diff editor has opened it. */
  async function proposalOf(uri: vscode.Uri, seen: readonly vscode.Uri[] = []): Promise<vscode.Uri> {
    const find = (): vscode.TextDocument | undefined =>
      vscode.workspace.textDocuments.find(
        (document) =>
          document.uri.scheme === 'cluster-chat-review' &&
          document.uri.path === uri.path &&
          !document.uri.query.includes('empty') &&
          !seen.some((other) => other.toString() === document.uri.toString()),
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
    const cartProposal = await proposalOf(cart);
    await waitFor('the review’s tab to list two files', () => reviewTabLabels().join() === reviewTabLabel(2));
    assert.equal(await vscode.commands.executeCommand('clusterChat.reviewFileInEditor', cartProposal), true);
    const document = await vscode.workspace.openTextDocument(cart);
    assert.equal(vscode.window.activeTextEditor?.document, document, 'the file’s editor is in front');
    assert.deepEqual(reviewTabLabels(), [reviewTabLabel(1)], 'the review lists only the file still in it');
    // The multi-file diff still lists the file; its buttons there lead to the file's editor.
    await vscode.window.showTextDocument(cartProposal, { preview: false });
    assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReviewFile', cartProposal), false, 'moved, so not accepted here');
    assert.equal(vscode.window.activeTextEditor?.document, document, 'the button brings the file’s editor to the front');
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
    // With the review closed, its moved file is forgotten: the button no longer leads to it.
    const currencyEditor = await vscode.window.showTextDocument(currency);
    assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReviewFile', cartProposal), false);
    assert.equal(vscode.window.activeTextEditor, currencyEditor, 'the closed review’s moved file is not brought to the front');

    assert.equal(await reviews.undo(turn), true);
    await waitFor('cart.ts to be as before the turn', () => document.getText() === CART);
    await waitFor('currency.ts to be removed', async () => !(await exists(currency.fsPath)));
  });

  it('accepting one file of a review writes it alone and lists the review anew without it', async () => {
    const { testing } = await activateExtension();
    const reviews = testing.replyActions.files;
    assert.ok(reviews, 'the extension reviews files');
    const alone = { conversationId: turn.conversationId, turn: 'reply-alone' };
    // The proposals of the review before may still be open documents.
    const before = vscode.workspace.textDocuments.map((document) => document.uri);
    assert.equal(await reviews.review(alone, REPLY), true);
    const currencyProposal = await proposalOf(currency, before);
    await waitFor('the review’s tab to list two files', () => reviewTabLabels().join() === reviewTabLabel(2));
    assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReviewFile', currencyProposal), true);
    await waitFor('currency.ts to be created', () => vscode.workspace.textDocuments.some((open) => open.uri.path === currency.path));
    assert.deepEqual(reviewTabLabels(), [reviewTabLabel(1)], 'the review lists only cart.ts');
    assert.equal(await vscode.commands.executeCommand('clusterChat.rejectReview'), true);
    await waitFor('the review’s tab to close', () => reviewTabLabels().length === 0);
    assert.equal(await fs.readFile(cart.fsPath, 'utf8'), CART, 'cart.ts, rejected, is as it was');
    assert.equal(await reviews.undo(alone), true);
    await waitFor('currency.ts to be removed', async () => !(await exists(currency.fsPath)));
  });

  it('rejecting one file of a review writes nothing to it and lists the review anew without it', async () => {
    const { testing } = await activateExtension();
    const reviews = testing.replyActions.files;
    assert.ok(reviews, 'the extension reviews files');
    const left = { conversationId: turn.conversationId, turn: 'reply-left-out' };
    const before = vscode.workspace.textDocuments.map((document) => document.uri);
    assert.equal(await reviews.review(left, REPLY), true);
    const cartProposal = await proposalOf(cart, before);
    await waitFor('the review’s tab to list two files', () => reviewTabLabels().join() === reviewTabLabel(2));
    assert.equal(await vscode.commands.executeCommand('clusterChat.rejectReviewFile', cartProposal), true);
    await waitFor('the review’s tab to list one file', () => reviewTabLabels().join() === reviewTabLabel(1));
    assert.equal(await vscode.commands.executeCommand('clusterChat.rejectReviewFile', cartProposal), false, 'no longer in the review');
    assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReview'), true);
    await waitFor('currency.ts to be created', () => vscode.workspace.textDocuments.some((open) => open.uri.path === currency.path));
    await waitFor('the review’s tab to close', () => reviewTabLabels().length === 0);
    assert.equal(await fs.readFile(cart.fsPath, 'utf8'), CART, 'cart.ts, rejected, is as it was');
    const cartOpen = vscode.workspace.textDocuments.find((open) => open.uri.path === cart.path);
    assert.equal(cartOpen?.getText() ?? CART, CART, 'and not changed in an editor either');
    assert.equal(await reviews.undo(left), true);
    await waitFor('currency.ts to be removed', async () => !(await exists(currency.fsPath)));
  });

  it('refuses a file changed or deleted since its review opened, or with too many changes, and ends no other proposal', async () => {
    const { testing } = await activateExtension();
    const reviews = testing.replyActions.files;
    assert.ok(reviews, 'the extension reviews files');
    const uriOf = (name: string): vscode.Uri => vscode.Uri.joinPath(cart, '..', name);
    const lines = Array.from({ length: 60 }, (_, index) => `export const v${index} = ${index};`);
    const many = `${lines.join('\n')}\n`;
    // Every other line changed: 30 hunks, more than an editor shows inline.
    const manyProposed = `${lines.map((line, index) => (index % 2 === 0 ? `${line} // checked` : line)).join('\n')}\n`;
    await fs.writeFile(uriOf('notes.ts').fsPath, CART);
    await fs.writeFile(uriOf('gone.ts').fsPath, ADDED);
    await fs.writeFile(uriOf('many.ts').fsPath, many);
    const reply = replyFor([
      ['notes.ts', CART_PROPOSED],
      ['gone.ts', ADDED.replace('EUR', 'USD')],
      ['many.ts', manyProposed],
    ]);
    assert.equal(await reviews.review({ conversationId: turn.conversationId, turn: 'reply-2' }, reply), true);
    const earlier = {
      notes: await proposalOf(uriOf('notes.ts')),
      gone: await proposalOf(uriOf('gone.ts')),
      many: await proposalOf(uriOf('many.ts')),
    };
    assert.equal(
      await reviews.review({ conversationId: turn.conversationId, turn: 'reply-3' }, replyFor([['notes.ts', CART_PROPOSED]])),
      true,
    );
    const later = await proposalOf(uriOf('notes.ts'), [earlier.notes]);

    const reviewInEditor = (uri: vscode.Uri): Thenable<boolean> => vscode.commands.executeCommand('clusterChat.reviewFileInEditor', uri);
    assert.equal(await reviewInEditor(earlier.many), false, 'thirty hunks are too many to show inline');
    assert.equal(testing.inlineProposals.get(uriOf('many.ts')), undefined);
    await fs.rm(uriOf('gone.ts').fsPath);
    assert.equal(await reviewInEditor(earlier.gone), false, 'a file deleted since has no lines to show');
    assert.equal(testing.inlineProposals.get(uriOf('gone.ts')), undefined);

    assert.equal(await reviewInEditor(later), true);
    const pending = testing.inlineProposals.get(uriOf('notes.ts'));
    assert.ok(pending, 'the later review shows notes.ts inline');
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.accept', uriOf('notes.ts'), pending.hunks[0]?.id), true);
    assert.equal(await reviewInEditor(earlier.notes), false, 'notes.ts changed since the earlier review opened');
    assert.equal(testing.inlineProposals.get(uriOf('notes.ts')), pending, 'the proposal pending there is still the same one');
    assert.equal(pending.hunks.length, 1, 'and it still has its other hunk');

    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', uriOf('notes.ts')), true);
    await vscode.window.showTextDocument(uriOf('notes.ts'));
    await vscode.commands.executeCommand('workbench.action.files.revert');
  });
});

/** A reply with one labelled block per file. */
function replyFor(files: ReadonlyArray<readonly [string, string]>): string {
  return files.map(([name, text]) => `\`\`\`ts ${TOP}/${name}\n${text.trimEnd()}\n\`\`\`\n`).join('\n');
}

async function exists(file: string): Promise<boolean> {
  return fs.stat(file).then(
    () => true,
    () => false,
  );
}

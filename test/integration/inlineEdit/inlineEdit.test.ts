import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { InlineProposal } from '../../../src/inlineEdit/vscode/inlineProposal';
import { activateExtension, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

// Lines 2 and 6 end in spaces: the emulator's demo cluster trims them and puts a comment on top,
// so its reply makes three hunks (an insertion and two changed lines) with unchanged lines between.
const SOURCE = [
  '// header',
  'export function add(a: number, b: number): number {',
  '  return a + b;   ',
  '}',
  '',
  'export function sub(a: number, b: number): number {',
  '  return a - b;  ',
  '}',
  '// footer',
  '',
].join('\n');
const ADD_COMMENT = '// Reviewed by cluster demo\n';
const TRIMMED = SOURCE.replace('a + b;   ', 'a + b;').replace('a - b;  ', 'a - b;');
// While pending, each hunk's new lines sit right below its old ones.
const SHOWN = SOURCE.replace('export function add', `${ADD_COMMENT}export function add`)
  .replace('  return a + b;   \n', '  return a + b;   \n  return a + b;\n')
  .replace('  return a - b;  \n', '  return a - b;  \n  return a - b;\n');
const PROPOSED = SOURCE.replace('export function add', `${ADD_COMMENT}export function add`)
  .replace('a + b;   ', 'a + b;')
  .replace('a - b;  ', 'a - b;');

describe('Edit in Place: inline proposals against the emulator (real editor, real commands)', function () {
  this.timeout(60_000);

  before(() => useEmulator('demo', 'Demo cluster'));
  after(async () => {
    await stopUsingEmulator();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function proposeOnSource(
    text = SOURCE,
    selection = new vscode.Selection(1, 0, 8, 0),
  ): Promise<{ editor: vscode.TextEditor; proposal: InlineProposal }> {
    const { testing } = await activateExtension();
    const document = await vscode.workspace.openTextDocument({ content: text, language: 'typescript' });
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    editor.selection = selection;
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Tidy this up' }), true);
    const proposal = testing.inlineProposals.get(document.uri);
    assert.ok(proposal, 'a proposal is pending in the document');
    if (text === SOURCE && selection.start.line === 1) {
      assert.equal(document.getText(), SHOWN, 'the new lines are inserted below the old ones');
    }
    return { editor, proposal };
  }

  async function undo(editor: vscode.TextEditor): Promise<void> {
    await vscode.window.showTextDocument(editor.document, vscode.ViewColumn.One);
    await vscode.commands.executeCommand('undo');
  }

  it('shows the change as hunks, sends the instruction with the selected lines', async () => {
    const { proposal } = await proposeOnSource();
    assert.deepEqual(
      proposal.hunks.map((hunk) => [hunk.oldText, hunk.newText]),
      [
        ['', ADD_COMMENT],
        ['  return a + b;   \n', '  return a + b;\n'],
        ['  return a - b;  \n', '  return a - b;\n'],
      ],
    );
    const user = proposal.conversation.find((message) => message.role === 'user')?.content ?? '';
    assert.ok(user.startsWith('Tidy this up\n\nUntitled-'), user.slice(0, 80));
    assert.match(
      user,
      /\(typescript\), lines 2–8:\n\n```typescript\nexport function add[\s\S]*\n}\n```\n\nReply with the complete code shown above/,
    );
    assert.ok(!user.includes('// header') && !user.includes('// footer'), 'only the selected lines are sent');
    assert.equal(await proposal.reject(), true);
    assert.equal(proposal.document.getText(), SOURCE);
  });

  it('accepts one hunk (its old lines go), the others stay pending; one undo takes the file back to before the proposal', async () => {
    const { editor, proposal } = await proposeOnSource();
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.accept', editor.document.uri, 1), true);
    assert.equal(editor.document.getText(), SHOWN.replace('  return a + b;   \n', ''));
    assert.deepEqual(
      proposal.hunks.map((hunk) => hunk.id),
      [0, 2],
    );
    // The keybinding's form: no arguments, the hunk at the cursor (on its old line).
    editor.selection = new vscode.Selection(7, 3, 7, 3);
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.accept'), true);
    assert.equal(editor.document.getText(), SHOWN.replace('  return a + b;   \n', '').replace('  return a - b;  \n', ''));
    assert.deepEqual(
      proposal.hunks.map((hunk) => hunk.id),
      [0],
    );
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.reject'), true);
    assert.equal(proposal.isOver, true);
    assert.equal(editor.document.getText(), TRIMMED);
    await undo(editor);
    assert.equal(editor.document.getText(), SOURCE, 'the proposal’s edits are one undo step');
  });

  it('rejects all: the inserted lines go, the text is as it was', async () => {
    const { editor, proposal } = await proposeOnSource();
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.rejectAll', editor.document.uri), true);
    assert.equal(proposal.isOver, true);
    assert.equal(editor.document.getText(), SOURCE);
    const { testing } = await activateExtension();
    assert.equal(testing.inlineProposals.get(editor.document.uri), undefined);
  });

  it('accepts all as one undo step', async () => {
    const { editor, proposal } = await proposeOnSource();
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', editor.document.uri), true);
    assert.equal(proposal.isOver, true);
    assert.equal(editor.document.getText(), PROPOSED);
    await undo(editor);
    assert.equal(editor.document.getText(), SOURCE, 'one undo restores every hunk');
  });

  it('follows edits outside the hunks and applies to the right lines', async () => {
    const { editor, proposal } = await proposeOnSource();
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '// added above\n// and more\n'));
    await editor.edit((builder) => builder.insert(new vscode.Position(13, 0), '// added between\n'));
    await editor.edit((builder) => builder.insert(editor.document.lineAt(editor.document.lineCount - 1).range.end, '// added below\n'));
    assert.equal(proposal.isOver, false);
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', editor.document.uri), true);
    assert.equal(
      editor.document.getText(),
      `// added above\n// and more\n${PROPOSED}// added below\n`.replace('}\n// footer', '}\n// added between\n// footer'),
    );
  });

  it('withdraws the proposal when an edit touches a hunk: its inserted lines go, the edit stays', async () => {
    const { editor, proposal } = await proposeOnSource();
    await editor.edit((builder) => builder.replace(new vscode.Range(3, 9, 3, 14), 'a * b;'));
    const edited = SOURCE.replace('a + b;   ', 'a * b;;   ');
    await waitFor('the proposal is withdrawn and its lines are out', () => proposal.isOver && editor.document.getText() === edited);
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', editor.document.uri), false);
    assert.equal(editor.document.getText(), edited, 'nothing was applied');
  });

  it('with nothing selected, edits the function around the cursor', async () => {
    const { proposal } = await proposeOnSource(SOURCE, new vscode.Selection(6, 4, 6, 4));
    await waitFor('the proposal is shown', () => proposal.hunks.length > 0);
    const user = proposal.conversation.find((message) => message.role === 'user')?.content ?? '';
    assert.match(user, /lines 6–8:\n\n```typescript\nexport function sub/);
    assert.ok(!user.includes('function add'), user);
    assert.equal(await proposal.reject(), true);
  });

  it('says so and shows nothing when the reply proposes no change (echo cluster)', async () => {
    const { testing } = await activateExtension();
    await testing.clusters.setActive('echo');
    try {
      const document = await vscode.workspace.openTextDocument({ content: TRIMMED, language: 'typescript' });
      const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
      editor.selection = new vscode.Selection(1, 0, 4, 0);
      assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Anything' }), false);
      assert.equal(testing.inlineProposals.get(document.uri), undefined);
    } finally {
      await testing.clusters.setActive('demo');
    }
  });

  it('opens a change too large to review inline in the diff editor, and applies it from there', async () => {
    const big = Array.from({ length: 150 }, (_, index) => `export const v${index} = ${index};  `).join('\n') + '\n';
    const document = await vscode.workspace.openTextDocument({ content: big, language: 'typescript' });
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    editor.selection = new vscode.Selection(0, 0, 150, 0);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { instruction: 'Trim' }), true);
    const { testing } = await activateExtension();
    assert.equal(testing.inlineProposals.get(document.uri), undefined, 'not inline');
    const diff = await waitFor('the diff editor opened', () => {
      const input = vscode.window.tabGroups.activeTabGroup.activeTab?.input;
      return input instanceof vscode.TabInputTextDiff && input.modified.scheme === 'cluster-chat-proposal';
    }).then(() => vscode.window.tabGroups.activeTabGroup.activeTab?.input as vscode.TabInputTextDiff);
    assert.equal(diff.original.toString(), document.uri.toString());
    assert.equal(await vscode.commands.executeCommand('clusterChat.applyProposal', diff.modified), true);
    assert.equal(document.getText(), `${ADD_COMMENT}${big.replace(/ {2}\n/g, '\n')}`);
  });
});

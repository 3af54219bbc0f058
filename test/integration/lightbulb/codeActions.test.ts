import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { DEFAULT_SYSTEM_PROMPT } from '../../../src/replies/common/selectionPrompt';
import { activateExtension, stopUsingEmulator, useEmulator, waitFor } from '../testEnvironment';

const SOURCE = [
  'export function total(items: number[]): number {',
  '  var sum = 0;  ',
  '  for (const item of items) sum += item;',
  '  return sum;',
  '}',
  '',
].join('\n');
const FIX_INSTRUCTION =
  'Find and fix the bugs in this code from {fileName}. Reply with the corrected code in one fenced block, then explain each fix briefly.';

describe('Lightbulb actions against the emulator (real diagnostics, real code action commands)', function () {
  this.timeout(60_000);
  const problems = vscode.languages.createDiagnosticCollection('cluster-chat-test');

  before(() => useEmulator('demo', 'Demo cluster'));
  after(async () => {
    problems.dispose();
    await stopUsingEmulator();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  /** A document with one problem on line 2, as a linter would report it. */
  async function documentWithProblem(): Promise<{ editor: vscode.TextEditor; problem: vscode.Diagnostic }> {
    const document = await vscode.workspace.openTextDocument({ content: SOURCE, language: 'typescript' });
    const editor = await vscode.window.showTextDocument(document, vscode.ViewColumn.One);
    const problem = new vscode.Diagnostic(
      new vscode.Range(1, 2, 1, 5),
      'Unexpected var, use let or const instead.',
      vscode.DiagnosticSeverity.Warning,
    );
    problem.source = 'eslint';
    problem.code = 'no-var';
    problems.set(document.uri, [problem]);
    return { editor, problem };
  }

  async function actionsAt(uri: vscode.Uri, range: vscode.Range, expected: number): Promise<vscode.CodeAction[]> {
    let actions: vscode.CodeAction[] = [];
    await waitFor(`${expected} Cluster Chat code actions are offered`, async () => {
      const all = (await vscode.commands.executeCommand<vscode.CodeAction[]>('vscode.executeCodeActionProvider', uri, range)) ?? [];
      actions = all.filter((action) => action.title.includes('Cluster'));
      return actions.length === expected;
    });
    return actions;
  }

  async function run(action: vscode.CodeAction | undefined): Promise<unknown> {
    assert.ok(action?.command, 'the action runs a command');
    return vscode.commands.executeCommand(action.command.command, ...((action.command.arguments ?? []) as unknown[]));
  }

  function fixedUserMessage(fileName: string): string {
    return [
      FIX_INSTRUCTION.replace('{fileName}', fileName),
      `Problems reported in ${fileName}:\n- line 2, columns 3–6: Unexpected var, use let or const instead. (warning, eslint no-var)`,
      `${fileName} (typescript), lines 1–5:\n\n\`\`\`typescript\n${SOURCE}\`\`\``,
      'Reply with the complete code shown above, changed, in one fenced block (every line of it, not only the changed ones), then list the changes briefly.',
    ].join('\n\n');
  }

  it('offers Fix and Explain on a problem, and Refactor on a selection', async () => {
    const { editor } = await documentWithProblem();
    const onProblem = await actionsAt(editor.document.uri, new vscode.Range(1, 3, 1, 3), 2);
    assert.deepEqual(
      onProblem.map((action) => [action.title, action.kind?.value]),
      [
        ['Fix with Cluster', 'quickfix.clusterChat.fix'],
        ['Explain Problem with Cluster', 'quickfix.clusterChat.explain'],
      ],
    );
    const onSelection = await actionsAt(editor.document.uri, new vscode.Range(3, 0, 4, 1), 1);
    assert.deepEqual(
      onSelection.map((action) => [action.title, action.kind?.value]),
      [['Refactor with Cluster…', 'refactor.rewrite.clusterChat']],
    );
    const both = await actionsAt(editor.document.uri, new vscode.Range(1, 0, 2, 0), 3);
    assert.equal(both.length, 3);
  });

  it('Fix with Cluster sends the problem, the code around it and the fix instruction, and proposes the fix inline', async () => {
    const { testing } = await activateExtension();
    const { editor } = await documentWithProblem();
    const [fix] = await actionsAt(editor.document.uri, new vscode.Range(1, 3, 1, 3), 2);
    assert.equal(await run(fix), true);
    const proposal = testing.inlineProposals.get(editor.document.uri);
    assert.ok(proposal, 'the fix is shown as an inline proposal');
    const fileName = vscode.workspace.asRelativePath(editor.document.uri);
    assert.deepEqual(proposal.conversation.slice(0, 2), [
      { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
      { role: 'user', content: fixedUserMessage(fileName) },
    ]);
    assert.match(proposal.conversation[2]?.content ?? '', /Your request mentions: .*Fix/);
    assert.deepEqual(
      proposal.hunks.map((hunk) => [hunk.oldText, hunk.newText]),
      [
        ['', '// Reviewed by cluster demo\n'],
        ['  var sum = 0;  \n', '  var sum = 0;\n'],
      ],
    );
    assert.equal(await vscode.commands.executeCommand('clusterChat.inlineProposal.acceptAll', editor.document.uri), true);
    assert.equal(editor.document.getText(), `// Reviewed by cluster demo\n${SOURCE.replace('0;  ', '0;')}`);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), SOURCE);
  });

  it('Explain Problem with Cluster sends exactly the problem and the code, and shows the reply in the reply view (echo cluster)', async () => {
    const { testing } = await activateExtension();
    await testing.clusters.setActive('echo');
    try {
      const { editor } = await documentWithProblem();
      const [, explain] = await actionsAt(editor.document.uri, new vscode.Range(1, 3, 1, 3), 2);
      const before = testing.replies.last()?.id;
      assert.equal(await run(explain), true);
      const reply = testing.replies.last();
      assert.ok(reply && reply.id !== before, 'a reply was stored for the reply view');
      const fileName = vscode.workspace.asRelativePath(editor.document.uri);
      const sent = [
        `Explain the problems reported in ${fileName} below: what each one means, why it happens in this code, and how to fix it.`,
        `Problems reported in ${fileName}:\n- line 2, columns 3–6: Unexpected var, use let or const instead. (warning, eslint no-var)`,
        `${fileName} (typescript), lines 1–5:\n\n\`\`\`typescript\n${SOURCE}\`\`\``,
      ].join('\n\n');
      assert.equal(reply.markdown, sent, 'the echo cluster answers with the user message it received');
      assert.deepEqual(reply.conversation?.slice(0, 2), [
        { role: 'system', content: DEFAULT_SYSTEM_PROMPT },
        { role: 'user', content: sent },
      ]);
      assert.match(reply.title, /^Explain Problem with Cluster · Untitled-/);
    } finally {
      await testing.clusters.setActive('demo');
    }
  });

  it('Refactor with Cluster… runs Edit in Place on the selected lines', async () => {
    const { testing } = await activateExtension();
    const { editor } = await documentWithProblem();
    const [refactor] = await actionsAt(editor.document.uri, new vscode.Range(3, 0, 4, 1), 1);
    const [options] = (refactor?.command?.arguments ?? []) as Array<{ range: vscode.Range; suggestion: string }>;
    assert.match(options?.suggestion ?? '', /^Refactor this code from Untitled-\d+ for clarity/);
    assert.equal(await vscode.commands.executeCommand('clusterChat.editInPlace', { ...options, instruction: options?.suggestion }), true);
    const proposal = testing.inlineProposals.get(editor.document.uri);
    assert.match(proposal?.conversation[1]?.content ?? '', /lines 4–5:\n\n```typescript\n {2}return sum;\n}\n```/);
    assert.equal(await proposal?.reject(), true);
    assert.equal(editor.document.getText(), SOURCE);
  });
});

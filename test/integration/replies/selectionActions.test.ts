import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitUntil } from '../../../scripts/workbench/wait';
import {
  activateExtension,
  emulatorFromEnvironment,
  emulatorStats,
  extensionLog,
  NOT_SENT_CLUSTER_ID,
  stopUsingEmulator,
  UNSENDABLE_CLUSTER_IDS,
  useEmulator,
  withClustersInSettings,
} from '../testEnvironment';

const SOURCE = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport const two = add(1, 1);\n';

async function openSource(text = SOURCE): Promise<vscode.TextEditor> {
  const document = await vscode.workspace.openTextDocument({ content: text, language: 'typescript' });
  return vscode.window.showTextDocument(document, vscode.ViewColumn.One);
}

async function waitFor<T>(probe: () => T | undefined, timeoutMs = 15_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = probe();
    if (value !== undefined) {
      return value;
    }
    assert.ok(Date.now() < deadline, 'timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}

describe('Selection actions against the emulator (real editor, real commands)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();

  before(() => useEmulator('demo', 'Demo cluster'));
  after(async () => {
    await stopUsingEmulator();
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
  });

  async function explainSelection(editor: vscode.TextEditor, selection: vscode.Selection): Promise<string> {
    const { testing } = await activateExtension();
    const before = testing.replies.last()?.id;
    editor.selection = selection;
    await vscode.commands.executeCommand('clusterChat.explainSelection');
    const reply = await waitFor(() => {
      const last = testing.replies.last();
      return last && last.id !== before ? last : undefined;
    });
    return reply.markdown;
  }

  it('Explain sends the selection fenced, with file name and language, and stores the reply', async () => {
    const { testing } = await activateExtension();
    const received = (await emulatorStats(emulator.baseUrl)).clusters['demo']?.received ?? 0;
    const editor = await openSource();
    const markdown = await explainSelection(editor, new vscode.Selection(0, 0, 2, 1));
    assert.match(markdown, /```typescript\n/);
    assert.match(markdown, /Explain/);
    assert.equal((await emulatorStats(emulator.baseUrl)).clusters['demo']?.received, received + 1);
    assert.equal(testing.replies.last()?.cluster, 'Demo cluster');
  });

  it('Insert Last Reply inserts the first code block at the request’s cursor, and one undo restores the file', async () => {
    const editor = await openSource();
    await explainSelection(editor, new vscode.Selection(0, 0, 2, 1));
    const before = editor.document.getText();
    assert.equal(await vscode.commands.executeCommand('clusterChat.insertLastReply'), true);
    const after = editor.document.getText();
    assert.ok(after.length > before.length);
    assert.ok(after.startsWith(SOURCE.slice(0, SOURCE.indexOf('}') + 1)), 'inserted after the selection end (the cursor)');
    assert.match(after, /\/\/ Reviewed by cluster demo/);
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), before);
  });

  it('Replace Selection replaces exactly the sent range, in one undo step', async () => {
    const editor = await openSource();
    const sent = new vscode.Selection(0, 0, 2, 1);
    await explainSelection(editor, sent);
    assert.equal(await vscode.commands.executeCommand('clusterChat.replaceSelectionWithLastReply'), true);
    const text = editor.document.getText();
    assert.ok(text.startsWith('// Reviewed by cluster demo\n'));
    assert.ok(text.endsWith('\n\nexport const two = add(1, 1);\n'));
    await vscode.window.showTextDocument(editor.document);
    await vscode.commands.executeCommand('undo');
    assert.equal(editor.document.getText(), SOURCE);
  });

  it('edits go to the editor the request came from, even after focus moved and lines were added above', async () => {
    const editor = await openSource();
    await explainSelection(editor, new vscode.Selection(0, 0, 2, 1));
    await editor.edit((builder) => builder.insert(new vscode.Position(0, 0), '// header\n// more\n'));
    const other = await vscode.workspace.openTextDocument({ content: 'other file\n', language: 'plaintext' });
    await vscode.window.showTextDocument(other, vscode.ViewColumn.Two);
    assert.equal(await vscode.commands.executeCommand('clusterChat.replaceSelectionWithLastReply'), true);
    assert.equal(other.getText(), 'other file\n', 'the focused editor is untouched');
    const text = editor.document.getText();
    assert.ok(text.startsWith('// header\n// more\n// Reviewed by cluster demo\n'), text.slice(0, 120));
  });

  it('when the sent code itself changed, nothing is replaced (the user is offered a diff instead)', async () => {
    const editor = await openSource();
    await explainSelection(editor, new vscode.Selection(0, 0, 2, 1));
    await editor.edit((builder) => builder.replace(new vscode.Range(1, 2, 1, 8), 'RETURN'));
    const changed = editor.document.getText();
    void vscode.commands.executeCommand('clusterChat.replaceSelectionWithLastReply');
    await new Promise((resolve) => setTimeout(resolve, 500));
    assert.equal(editor.document.getText(), changed);
  });

  it('with no selection the whole file is sent', async () => {
    const editor = await openSource();
    const markdown = await explainSelection(editor, new vscode.Selection(4, 3, 4, 3));
    assert.match(markdown, /add\(1, 1\)/);
  });

  it('a cluster from the settings whose id cannot be sent: Explain shows a configuration error and sends nothing', async () => {
    const { testing } = await activateExtension();
    const editor = await openSource();
    const configErrors = (): string[] =>
      [...extensionLog(testing.folders.logs).matchAll(/\[warning\] config: (.*)/g)].map((match) => match[1] ?? '');
    await withClustersInSettings(
      UNSENDABLE_CLUSTER_IDS.map((id, index) => ({ id, label: `Unsendable ${index + 1}` })),
      async () => {
        try {
          for (const id of UNSENDABLE_CLUSTER_IDS) {
            assert.ok(
              testing.clusters.list().some((cluster) => cluster.id === id),
              'the settings hold the id as written',
            );
            // What choosing it in “Select Cluster…” stores.
            await testing.clusters.setActive(id);
            const sent = (await emulatorStats(emulator.baseUrl)).total;
            const reply = testing.replies.last()?.id;
            const shown = configErrors().length;
            editor.selection = new vscode.Selection(0, 0, 2, 1);
            let settled = false;
            const command = Promise.resolve(vscode.commands.executeCommand('clusterChat.explainSelection')).finally(() => {
              settled = true;
            });
            // The error presenter logs the notification's text as it shows it.
            await waitUntil('the configuration error is shown', () => configErrors().length === shown + 1);
            assert.match(configErrors().at(-1) ?? '', NOT_SENT_CLUSTER_ID);
            assert.equal(settled, false, 'the command waits while the error notification is open');
            await vscode.commands.executeCommand('notifications.clearAll');
            await command;
            assert.equal(testing.replies.last()?.id, reply, 'no reply was added');
            assert.equal((await emulatorStats(emulator.baseUrl)).total, sent, 'no request reached the service');
          }
        } finally {
          await testing.clusters.setActive('demo');
        }
      },
    );
  });
});

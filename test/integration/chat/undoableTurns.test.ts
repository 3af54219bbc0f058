import * as assert from 'node:assert/strict';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import { activateExtension, extensionLog, waitFor } from '../testEnvironment';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { removeWorkspaceFiles } from '../helpers/removeWorkspaceFiles';

const TOP = 'undoable-turns';
const REPLY = ['Here:', '', `\`\`\`ts ${TOP}/price.ts`, 'export const price = 3;', '```', ''].join('\n');

/**
 * Which replies offer "Undo changes of this turn", in the real extension host: the chat tells its
 * view the replies whose turns changed files, when it shows a conversation and each time one of its
 * turns keeps a file or is undone, so a reply that changed nothing offers no undo.
 */
describe('Chat: only replies whose turn changed files offer its undo', function () {
  this.timeout(60_000);
  const own = useChatUnderTest();
  const files = (): vscode.WorkspaceConfiguration => vscode.workspace.getConfiguration('files');
  let price: vscode.Uri;

  before(async () => {
    // The host is VS Code for the Web, which saves after a delay by default; desktop VS Code does not.
    await files().update('autoSave', 'off', vscode.ConfigurationTarget.Global);
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    await fs.mkdir(path.join(folder.uri.fsPath, TOP), { recursive: true });
    price = vscode.Uri.file(path.join(folder.uri.fsPath, TOP, 'price.ts'));
    await fs.writeFile(price.fsPath, 'export const price = 2;\n');
  });

  after(async () => {
    await vscode.commands.executeCommand('workbench.action.closeAllEditors');
    await files().update('autoSave', undefined, vscode.ConfigurationTarget.Global);
    await removeWorkspaceFiles([TOP]);
  });

  /** Shows a conversation whose reply names a file, recording what the chat tells its view. */
  async function showReply(): Promise<{ readonly posted: HostToChatMessage[]; readonly conversationId: string }> {
    const posted: HostToChatMessage[] = [];
    own.chat.attach({ post: (message) => posted.push(message) });
    await own.chat.importConversation(
      [
        { role: 'user', content: 'Raise the price' },
        { role: 'assistant', content: REPLY },
      ],
      'Demo',
    );
    return { posted, conversationId: own.chat.activeConversation().id };
  }

  it('tells the view on showing the conversation, after Accept All in the review, and after the undo', async () => {
    const { testing } = await activateExtension();
    const { posted, conversationId } = await showReply();
    const undoable = async (what: string, indexes: readonly number[]): Promise<void> => {
      const told = (): boolean =>
        posted.some(
          (message) =>
            message.type === 'undoableTurns' &&
            message.conversationId === conversationId &&
            JSON.stringify(message.indexes) === JSON.stringify(indexes),
        );
      await waitFor(`the view to be told ${what}: ${JSON.stringify(indexes)}`, told);
      posted.length = 0;
    };
    try {
      await undoable('that no reply changed a file', []);

      assert.equal(await own.chat.codeActions.reviewFiles(1), undefined);
      await waitFor('the review to open', () =>
        vscode.workspace.textDocuments.some((document) => document.uri.scheme === 'cluster-chat-review'),
      );
      assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReview'), true);
      await undoable('that the reply changed price.ts', [1]);

      await own.chat.codeActions.undoTurn(1);
      await undoable('that nothing is left to undo', []);
      const document = await vscode.workspace.openTextDocument(price);
      assert.equal(document.getText(), 'export const price = 2;\n');
      await document.save();
    } finally {
      await testing.replyActions.files?.forget(conversationId);
    }
  });

  it('frees what its turns kept once another window deletes the conversation', async () => {
    const { testing } = await activateExtension();
    const checkpoints = testing.replyActions.files?.checkpoints;
    assert.ok(checkpoints);
    const { conversationId } = await showReply();
    try {
      assert.equal(await own.chat.codeActions.reviewFiles(1), undefined);
      await waitFor('the review to open', () =>
        vscode.workspace.textDocuments.some((document) => document.uri.scheme === 'cluster-chat-review'),
      );
      assert.equal(await vscode.commands.executeCommand('clusterChat.acceptReview'), true);
      assert.equal((await checkpoints.changingTurns(conversationId)).size, 1, 'the accept kept price.ts for the turn');
      // What another window's delete leaves on disk: the conversation's files gone.
      await new testing.classes.ConversationLogFiles(own.conversationsFolder).remove(conversationId);
      await waitFor('the turn kept for the conversation let go', async () => (await checkpoints.changingTurns(conversationId)).size === 0);
    } finally {
      await vscode.commands.executeCommand('workbench.action.files.revert');
      await fs.writeFile(price.fsPath, 'export const price = 2;\n');
      await testing.replyActions.files?.forget(conversationId);
    }
  });

  it('tells the view nothing while the checkpoints cannot be read, and logs why; tells it again once they can', async () => {
    const { testing } = await activateExtension();
    const { posted, conversationId } = await showReply();
    const told = (): boolean => posted.some((message) => message.type === 'undoableTurns' && message.conversationId === conversationId);
    await waitFor('the view to be told which replies changed files', told);
    posted.length = 0;
    // A folder where the conversation's turns file belongs: reading it fails (EISDIR), as a broken disk would.
    const turnsFile = path.join(testing.folders.globalStorage, 'checkpoints', 'turns', `${conversationId}.json`);
    await fs.mkdir(turnsFile, { recursive: true });
    try {
      await own.chat.codeActions.postUndoableTurns(conversationId);
      assert.equal(told(), false, 'the view keeps the buttons it has');
    } finally {
      await fs.rm(turnsFile, { recursive: true, force: true });
    }
    await own.chat.codeActions.postUndoableTurns(conversationId);
    assert.equal(told(), true, 'read again, the checkpoints tell the view');
    const underTestLog = async (): Promise<string> => {
      const names = await fs.readdir(testing.folders.logs, { recursive: true, encoding: 'utf8' });
      const files = names.filter((name) => name.endsWith('Cluster Chat (chat under test).log'));
      return (await Promise.all(files.map((name) => fs.readFile(path.join(testing.folders.logs, name), 'utf8')))).join('\n');
    };
    const warning = new RegExp(`Could not read the checkpoints of ${conversationId}: .*EISDIR`);
    // The log file is written a moment after the warning.
    await waitFor('the warning in the log of the chat under test', async () => warning.test(await underTestLog()));
    assert.equal(extensionLog(testing.folders.logs).includes(conversationId), false, 'the chat under test logs to its own channel');
  });
});

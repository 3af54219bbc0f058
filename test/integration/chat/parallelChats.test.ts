import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { waitUntil } from '../../../scripts/workbench/wait';
import { activateExtension, clusterStats, emulatorFromEnvironment, stopUsingEmulator, useEmulator } from '../testEnvironment';
import { useChatUnderTest } from '../helpers/chatUnderTest';

describe('Parallel conversations and long waits in the extension host (controller, emulator)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();

  before(() => useEmulator('demo'));
  after(() => stopUsingEmulator());
  const own = useChatUnderTest();

  it('two conversations wait at once, each stops on its own, and a reply to one not shown is saved there, unread until opened', async () => {
    const { testing } = await activateExtension();
    const chat = own.chat;
    await chat.newChat();
    await chat.send('The third conversation');
    const third = chat.activeConversation().id;

    await testing.clusters.setActive('slow-good');
    const before = await clusterStats(emulator.baseUrl, 'slow-good');
    await chat.newChat();
    const first = chat.activeConversation().id;
    const firstSending = chat.send('First, slow');
    await waitUntil(
      'the cluster received the first turn',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).received === before.received + 1,
    );
    await chat.newChat();
    const second = chat.activeConversation().id;
    const secondSending = chat.send('Second, slow, while the first waits');
    await waitUntil(
      'the cluster received the second turn while the first still waits',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).received === before.received + 2,
    );
    assert.equal(testing.statusBar.activeRequests, 2, 'the status bar counts both requests');

    await chat.switchTo(first);
    chat.stop();
    await firstSending;
    assert.equal(testing.statusBar.activeRequests, 1, 'Stop ended only the first conversation’s request');
    await chat.switchTo(third);
    await secondSending;
    assert.equal((await clusterStats(emulator.baseUrl, 'slow-good')).aborted, before.aborted + 1);
    assert.equal(chat.activeConversation().id, third, 'the reply did not change the conversation shown');
    assert.equal(chat.unread.has(second), true, 'the reply to a conversation not shown is marked unread');
    assert.equal(chat.unread.has(first), false);

    await chat.switchTo(second);
    assert.deepEqual(
      chat.activeConversation().messages.map((message) => [message.role, message.content.length > 0]),
      [
        ['user', true],
        ['assistant', true],
      ],
      'the reply was saved in its own conversation',
    );
    assert.equal(chat.unread.has(second), false, 'opening the conversation reads it');
    await chat.switchTo(first);
    assert.deepEqual(
      chat.activeConversation().messages.map((message) => message.content),
      ['First, slow'],
      'the stopped conversation keeps its message and got no reply',
    );
    await testing.clusters.setActive('demo');
  });

  it('a reply after a long wait while the chat is hidden offers to open it (threshold shortened by the test hook)', async () => {
    const { testing } = await activateExtension();
    const notices = testing.replyNotices;
    notices.offerAfterMs = 500;
    notices.lastOffer = undefined;
    // The extension tells its notices of its own chat's replies, so this test tells them of its chat's.
    const arrivals = own.chat.unread.onDidArrive((reply) => notices.arrived(reply));
    try {
      // The chat view may be open from an earlier test: the Explorer takes the sidebar, so the reply arrives unseen.
      await vscode.commands.executeCommand('workbench.view.explorer');
      await testing.clusters.setActive('slow-good');
      await own.chat.newChat();
      await own.chat.send('Worth the wait');
      assert.match(notices.lastOffer ?? '', /Worth the wait.*has arrived/);
      notices.lastOffer = undefined;
      await testing.clusters.setActive('demo');
      await own.chat.send('A quick one');
      assert.equal(notices.lastOffer, undefined, 'a short wait offers nothing');
    } finally {
      arrivals.dispose();
      notices.offerAfterMs = 10_000;
      await testing.clusters.setActive('demo');
    }
  });
});

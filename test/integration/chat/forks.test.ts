import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { replayLog } from '../../../src/conversations/common/conversationLog';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { receivedBodiesWith } from '../helpers/emulatorRecords';
import { stopUsingEmulator, useEmulator } from '../testEnvironment';

describe('Continue from here: a conversation forked from a message (controller, files, emulator)', function () {
  this.timeout(60_000);
  before(() => useEmulator('demo'));
  after(() => stopUsingEmulator());
  const own = useChatUnderTest();

  it('holds the messages up to it, leaves the original as it was, and a regenerate there resends the very same bytes', async () => {
    await own.chat.newChat();
    await own.chat.send('First (fork test)');
    await own.chat.send('Second (fork test)');
    const original = own.chat.activeConversation();

    await own.chat.fork(1);
    const forked = own.chat.activeConversation();
    assert.notEqual(forked.id, original.id, 'a new conversation is shown');
    assert.equal(forked.title, 'First (fork test) (fork)');
    assert.deepEqual(
      forked.messages.map((message) => [message.role, message.content]),
      original.messages.slice(0, 2).map((message) => [message.role, message.content]),
    );

    const onDisk = (id: string): string[] =>
      replayLog(id, fs.readFileSync(path.join(own.conversationsFolder, `${id}.jsonl`), 'utf8')).conversation.messages.map(
        (message) => message.content,
      );
    assert.deepEqual(
      onDisk(original.id),
      original.messages.map((message) => message.content),
      'the original keeps all four',
    );
    assert.deepEqual(
      onDisk(forked.id),
      forked.messages.map((message) => message.content),
      'the fork is saved',
    );
    assert.deepEqual(
      own.chat.history
        .list()
        .history.map((entry) => entry.id)
        .sort(),
      [original.id, forked.id].sort(),
      'the history lists both',
    );

    const firstTurn = async (): Promise<string[]> =>
      (await receivedBodiesWith('First (fork test)')).filter((body) => !body.includes('Second (fork test)'));
    assert.equal((await firstTurn()).length, 1);
    await own.chat.regenerate();
    const turns = await firstTurn();
    assert.equal(turns.length, 2, 'the fork asked its last question again');
    assert.equal(turns[1], turns[0], 'with the very bytes of the original turn');
    assert.equal(own.chat.activeConversation().messages.length, 2);
  });

  it('forks at a user message without its reply, and ignores an index past the end', async () => {
    await own.chat.newChat();
    await own.chat.send('Only (fork test)');
    const original = own.chat.activeConversation();
    await own.chat.fork(5);
    assert.equal(own.chat.activeConversation().id, original.id, 'nothing to fork from: the conversation stays');
    await own.chat.fork(0);
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.role),
      ['user'],
    );
  });

  it('an edit sent in a new chat keeps the original whole: the fork ends before the edited message, then sends the edit', async () => {
    await own.chat.newChat();
    await own.chat.send('One (fork edit)');
    await own.chat.send('Two (fork edit)');
    const original = own.chat.activeConversation();
    await own.chat.editAndResend(2, 'Two, another way (fork edit)', true);
    const forked = own.chat.activeConversation();
    assert.notEqual(forked.id, original.id);
    assert.deepEqual(forked.messages.map((message) => message.content).slice(0, 3), [
      'One (fork edit)',
      original.messages[1]?.content,
      'Two, another way (fork edit)',
    ]);
    assert.equal(forked.messages.length, 4, 'answered');
    await own.chat.switchTo(original.id);
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.content),
      original.messages.map((message) => message.content),
      'the original is as it was',
    );
  });
});

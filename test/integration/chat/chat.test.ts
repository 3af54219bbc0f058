import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { replayLog } from '../../../src/conversations/common/conversationLog';
import { waitUntil } from '../../../scripts/workbench/wait';
import type { ChatViewConnection } from '../../../src/chat/vscode/chatController';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import {
  activateExtension,
  clusterStats,
  emulatorFromEnvironment,
  emulatorStats,
  NOT_SENT_CLUSTER_ID,
  stopUsingEmulator,
  UNSENDABLE_CLUSTER_IDS,
  useEmulator,
  withClustersInSettings,
} from '../testEnvironment';

describe('Chat conversations in the extension host (controller, files, emulator)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();

  before(() => useEmulator('demo'));
  after(() => stopUsingEmulator());
  const own = useChatUnderTest();

  it('sends the whole conversation each turn and appends the assistant reply, saved to disk', async () => {
    await own.chat.newChat();
    await own.chat.send('First question');
    await own.chat.send('Second question');
    const conversation = own.chat.activeConversation();
    assert.deepEqual(
      conversation.messages.map((message) => message.role),
      ['user', 'assistant', 'user', 'assistant'],
    );
    assert.match(conversation.messages[3]?.content ?? '', /4 messages|system prompt/i);
    assert.equal(conversation.title, 'First question');
    const stats = await emulatorStats(emulator.baseUrl);
    assert.ok((stats.clusters['demo']?.received ?? 0) >= 2);
  });

  it('while a turn runs the status bar shows it; Stop aborts it, keeps the message, and Retry sends it again', async () => {
    const { testing } = await activateExtension();
    await testing.clusters.setActive('slow-good');
    await own.chat.newChat();
    const before = await clusterStats(emulator.baseUrl, 'slow-good');
    const sending = own.chat.send('Take your time');
    await waitUntil(
      'the cluster received the turn',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).received === before.received + 1,
    );
    assert.equal(testing.statusBar.activeRequests, 1, 'the status bar shows one request under way');
    own.chat.stop();
    await sending;
    assert.equal(testing.statusBar.activeRequests, 0, 'the status bar is idle again');
    await waitUntil(
      'the emulator saw the turn aborted',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).aborted === before.aborted + 1,
    );
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.content),
      ['Take your time'],
    );
    await testing.clusters.setActive('demo');
    await own.chat.errorAction('retry');
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.role),
      ['user', 'assistant'],
    );
    assert.equal(own.chat.activeConversation().messages[1]?.cluster, 'demo', 'the reply shows which cluster answered');
  });

  it('a failed turn keeps the user message and is retried after the fix', async () => {
    const { testing } = await activateExtension();
    await testing.clusters.setActive('fault-500');
    await own.chat.newChat();
    await own.chat.send('Will fail');
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.role),
      ['user'],
    );
    await testing.clusters.setActive('demo');
    await own.chat.errorAction('retry');
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.role),
      ['user', 'assistant'],
    );
  });

  it('a cluster from the settings whose id cannot be sent: the turn fails with a configuration error offering Open Settings; nothing is sent', async () => {
    const { testing } = await activateExtension();
    // Receives what the chat view would show, as the webview does.
    const shown: HostToChatMessage[] = [];
    const view: ChatViewConnection = { post: (message) => void shown.push(message) };
    own.chat.attach(view);
    try {
      await withClustersInSettings(
        UNSENDABLE_CLUSTER_IDS.map((id) => ({ id })),
        async () => {
          for (const id of UNSENDABLE_CLUSTER_IDS) {
            assert.ok(
              testing.clusters.list().some((cluster) => cluster.id === id),
              'the settings hold the id as written',
            );
            // What choosing it in “Select Cluster…” stores.
            await testing.clusters.setActive(id);
            await own.chat.newChat();
            const conversationId = own.chat.activeConversation().id;
            const sent = (await emulatorStats(emulator.baseUrl)).total;
            await own.chat.send('Is this sent?');
            const failure = shown
              .filter(
                (message): message is Extract<HostToChatMessage, { type: 'error' }> =>
                  message.type === 'error' && message.conversationId === conversationId,
              )
              .at(-1)?.error;
            assert.ok(failure, 'the chat shows an error on the turn');
            assert.match(failure.message, NOT_SENT_CLUSTER_ID);
            assert.ok(failure.actions.includes('openSettings'), `offers Open Settings: ${failure.actions.join(', ')}`);
            assert.deepEqual(
              own.chat.activeConversation().messages.map((message) => message.content),
              ['Is this sent?'],
              'the message is kept for a retry',
            );
            assert.equal((await emulatorStats(emulator.baseUrl)).total, sent, 'no request reached the service');
          }
        },
      );
    } finally {
      own.chat.detach(view);
      await testing.clusters.setActive('demo');
    }
  });

  it('a stale Retry on an answered conversation sends nothing and adds no second reply', async () => {
    await own.chat.newChat();
    await own.chat.send('Answered once');
    const received = (await emulatorStats(emulator.baseUrl)).clusters['demo']?.received ?? 0;
    await own.chat.errorAction('retry');
    assert.deepEqual(
      own.chat.activeConversation().messages.map((message) => message.role),
      ['user', 'assistant'],
    );
    assert.equal((await emulatorStats(emulator.baseUrl)).clusters['demo']?.received, received);
  });

  it('a new chat leaves no file until something is written in it', async () => {
    await own.chat.newChat();
    const id = own.chat.activeConversation().id;
    assert.deepEqual(
      fs.readdirSync(own.conversationsFolder).filter((name) => name.startsWith(id)),
      [],
    );
  });

  it('regenerate replaces the last reply; edit and resend replaces the rest of the conversation', async () => {
    await own.chat.newChat();
    await own.chat.send('one');
    await own.chat.send('two');
    await own.chat.regenerate();
    assert.equal(own.chat.activeConversation().messages.length, 4);
    await own.chat.editAndResend(0, 'one, edited');
    const messages = own.chat.activeConversation().messages;
    assert.deepEqual(
      messages.map((message) => message.role),
      ['user', 'assistant'],
    );
    assert.equal(messages[0]?.content, 'one, edited');
  });

  it('attachments go into the next message as fenced blocks, then are cleared', async () => {
    await own.chat.newChat();
    own.chat.attachments.add({ label: 'src/a.ts:1-1', fileName: 'src/a.ts', languageId: 'typescript', code: 'const a = 1;' });
    await own.chat.send('Explain the attachment');
    const sent = own.chat.activeConversation().messages[0]?.content ?? '';
    assert.match(sent, /^Explain the attachment\n\nsrc\/a\.ts:1-1:\n\n```typescript\nconst a = 1;\n```$/);
    await own.chat.send('No attachment now');
    assert.doesNotMatch(own.chat.activeConversation().messages[2]?.content ?? '', /```/);
  });

  it('a record a crash cut short is skipped, and the conversation goes on with every whole message', async () => {
    await own.chat.newChat();
    await own.chat.send('Before the torn write');
    const conversation = own.chat.activeConversation();
    const file = path.join(own.conversationsFolder, `${conversation.id}.jsonl`);
    // What a process killed in the middle of appending leaves behind.
    fs.appendFileSync(file, '\n{"t":"msg","id":"torn","role":"user","content":"half of a mess');
    await own.chat.send('After the torn write');
    const expected = ['Before the torn write', 'After the torn write'];
    assert.deepEqual(
      replayLog(conversation.id, fs.readFileSync(file, 'utf8'))
        .conversation.messages.filter((message) => message.role === 'user')
        .map((message) => message.content),
      expected,
    );
    assert.deepEqual(
      own.chat
        .activeConversation()
        .messages.filter((message) => message.role === 'user')
        .map((message) => message.content),
      expected,
    );
  });

  it('keeps each conversation as an append-only log in its conversation folder, replaying to what is shown', async () => {
    await own.chat.newChat();
    await own.chat.send('Persist me');
    const conversation = own.chat.activeConversation();
    const file = path.join(own.conversationsFolder, `${conversation.id}.jsonl`);
    const saved = replayLog(conversation.id, fs.readFileSync(file, 'utf8')).conversation;
    assert.deepEqual(
      saved.messages.map((message) => [message.role, message.content]),
      conversation.messages.map((message) => [message.role, message.content]),
    );
    assert.equal(saved.title, 'Persist me');
    assert.deepEqual(
      fs.readdirSync(own.conversationsFolder).filter((name) => name.endsWith('.tmp')),
      [],
    );
  });
});

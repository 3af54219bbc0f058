import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { measureRequest } from '../../../src/chat/common/contextMeter';
import { appendMessage, requestMessages } from '../../../src/conversations/common/conversation';
import { replayLog } from '../../../src/conversations/common/conversationLog';
import { activateExtension, clusterStats, emulatorFromEnvironment, stopUsingEmulator, useEmulator } from '../testEnvironment';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { FILE_LABEL_REQUEST } from '../../../src/fileEdits/common/fileLabelRequest';

const SECRET = 'SECRET-LOG-DUMP line one';

interface Received {
  readonly clusterId: string | undefined;
  readonly bodyBase64: string;
}

describe('Context meter and excluded messages, against the emulator', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();

  before(() => useEmulator('demo', 'Demo'));
  after(() => stopUsingEmulator());
  const own = useChatUnderTest();

  /** The body of the newest request the emulator received for `clusterId`. */
  async function lastBody(clusterId: string): Promise<string> {
    const response = await fetch(`${emulator.baseUrl}/_emulator/received`);
    const { requests } = (await response.json()) as { requests: Received[] };
    const last = requests.filter((request) => request.clusterId === clusterId).at(-1);
    assert.ok(last, `the emulator received a request for ${clusterId}`);
    return Buffer.from(last.bodyBase64, 'base64').toString('utf8');
  }

  it('leaves an excluded message out of what the emulator receives, counts what it receives, and includes it again', async () => {
    await own.chat.newChat();
    await own.chat.send(SECRET);
    await own.chat.send('Second question');
    await own.chat.nextSend.setExcluded(0, true);
    const conversation = own.chat.activeConversation();
    assert.equal(conversation.messages[0]?.excluded, true);

    // The send carries the request to name each block's file (setting clusterChat.chat.askForFilePaths, on by default).
    const expected = requestMessages(
      appendMessage(conversation, { role: 'user', content: 'Third question', at: '', instructions: FILE_LABEL_REQUEST }),
    );
    await own.chat.send('Third question');
    const sent = await lastBody('demo');
    const received = (JSON.parse(sent) as { content: { messages: { role: string; content: string }[] } }).content.messages;
    assert.deepEqual(received, expected, 'the emulator received the system prompt and every message not excluded');
    assert.ok(!received.some((message) => message.content === SECRET), 'the excluded message is not in the body the emulator received');
    assert.equal(Buffer.byteLength(sent, 'utf8'), measureRequest(expected).bytes, 'the meter counts the bytes the emulator received');
    assert.equal(own.chat.activeConversation().messages[0]?.content, SECRET, 'the message stays in the conversation');

    const log = fs.readFileSync(path.join(own.conversationsFolder, `${conversation.id}.jsonl`), 'utf8');
    assert.match(log, /"t":"excl"/);
    assert.equal(replayLog(conversation.id, log).conversation.messages[0]?.excluded, true, 'the exclusion is read back from the log');

    await own.chat.nextSend.setExcluded(0, false);
    await own.chat.send('Fourth question');
    const again = (JSON.parse(await lastBody('demo')) as { content: { messages: { content: string }[] } }).content.messages;
    assert.equal(again[1]?.content, SECRET, 'included again, it is sent again');
  });

  it('the newest message cannot be excluded', async () => {
    await own.chat.newChat();
    await own.chat.send('Only question');
    const newest = own.chat.activeConversation().messages.length - 1;
    await own.chat.nextSend.setExcluded(newest, true);
    assert.equal(own.chat.activeConversation().messages[newest]?.excluded, undefined);
  });

  it('a cluster set to ask before sending refuses requests that are not the user’s own, naming the cluster, and sends nothing', async () => {
    const { testing, ...api } = await activateExtension();
    const previous = testing.clusters.list().find((cluster) => cluster.id === 'echo');
    await testing.clusters.upsert({ id: 'echo', label: 'Careful Echo', askBeforeSending: true });
    try {
      const before = await clusterStats(emulator.baseUrl, 'echo');
      await assert.rejects(
        api.sendConversation([{ role: 'user', content: 'Hi' }], { clusterId: 'echo' }),
        /Careful Echo.*ask before sending/,
      );
      assert.equal((await clusterStats(emulator.baseUrl, 'echo')).received, before.received, 'nothing reached the cluster');
    } finally {
      await (previous ? testing.clusters.upsert(previous) : testing.clusters.remove('echo'));
    }
  });
});

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { ClusterChatErrorKind, ClusterChatReply, ClusterInfo } from '../../../src/api/vscode/clusterChatApi';
import {
  activateExtension,
  clusterStats,
  emulatorFromEnvironment,
  emulatorStats,
  stopUsingEmulator,
  useEmulator,
  waitFor,
} from '../testEnvironment';

const CONSUMER_ID = 'clusterchat-tests.api-consumer';

/** What the fixture extension's send command reports (plain JSON). */
type ConsumerResult =
  | {
      readonly ok: true;
      readonly apiVersion: number;
      readonly clusters: ClusterInfo[];
      readonly active: ClusterInfo | null;
      readonly reply: ClusterChatReply;
    }
  | {
      readonly ok: false;
      readonly error: {
        readonly kind: ClusterChatErrorKind;
        readonly message: string;
        readonly mayHaveBeenProcessed: boolean;
        readonly status: number | null;
      };
    };

async function sendFromConsumer(text: string, options: { clusterId?: string; cancelAfterMs?: number } = {}): Promise<ConsumerResult> {
  const result = await vscode.commands.executeCommand<ConsumerResult>('clusterChatApiConsumer.send', text, options);
  assert.ok(result, 'the consumer extension answered');
  return result;
}

describe('Extension API, used by another extension through getExtension(...).exports', () => {
  const emulator = emulatorFromEnvironment();

  before(() => useEmulator('demo', 'Demo'));
  after(() => stopUsingEmulator());

  it('another extension gets the API and sends a message to the active cluster', async () => {
    assert.ok(vscode.extensions.getExtension(CONSUMER_ID), 'the fixture extension is loaded beside ours');
    const before = await clusterStats(emulator.baseUrl, 'demo');
    const result = await sendFromConsumer('Hello from another extension');
    assert.ok(result.ok, JSON.stringify(result));
    assert.equal(result.apiVersion, 1);
    assert.equal(result.reply.clusterId, 'demo');
    assert.equal(result.reply.message.role, 'assistant');
    assert.ok(result.reply.message.content.length > 0);
    assert.deepEqual(
      result.reply.messages.slice(0, 2).map((message) => message.content),
      ['You are called by another extension.', 'Hello from another extension'],
    );
    assert.deepEqual(result.active, { id: 'demo', label: 'Demo', active: true });
    assert.ok(result.clusters.some((cluster) => cluster.id === 'demo' && cluster.active));
    const after = await clusterStats(emulator.baseUrl, 'demo');
    assert.equal(after.received, before.received + 1, 'exactly one POST');
    assert.equal(after.completed, before.completed + 1);
    assert.ok(!JSON.stringify(result).includes(emulator.apiKey), 'the key never reaches the caller');
  });

  it('sends to a cluster by id, and tells the other extension when the active cluster changes', async () => {
    const { testing } = await activateExtension();
    const echoed = await sendFromConsumer('Echo me', { clusterId: 'echo' });
    assert.ok(echoed.ok, JSON.stringify(echoed));
    assert.equal(echoed.reply.clusterId, 'echo');
    assert.equal(echoed.reply.message.content, 'Echo me');

    await testing.clusters.setActive('transcript');
    await testing.clusters.setActive('demo');
    const events = await vscode.commands.executeCommand<Array<string | null>>('clusterChatApiConsumer.events');
    assert.deepEqual(events?.slice(-2), ['transcript', 'demo']);
  });

  it('refuses a cluster id that cannot be sent, before anything is sent, with a configuration error', async () => {
    const before = (await emulatorStats(emulator.baseUrl)).total;
    for (const clusterId of ['a\ud800b', 'demo\u0007', 'x'.repeat(300)]) {
      const result = await sendFromConsumer('Is this sent?', { clusterId });
      assert.ok(!result.ok, JSON.stringify(result));
      assert.equal(result.error.kind, 'config', result.error.message);
      assert.equal(result.error.mayHaveBeenProcessed, false);
      assert.match(result.error.message, /cluster id/i);
    }
    assert.equal((await emulatorStats(emulator.baseUrl)).total, before, 'no request reached the service');
  });

  it('fails with typed errors whose messages say what to do and never hold the key', async () => {
    const { testing } = await activateExtension();
    const unknown = await sendFromConsumer('Anyone there?', { clusterId: 'no-such-cluster' });
    assert.ok(!unknown.ok);
    assert.equal(unknown.error.kind, 'unknownCluster');
    assert.equal(unknown.error.status, 404);
    assert.equal(unknown.error.mayHaveBeenProcessed, false);
    assert.match(unknown.error.message, /Select Cluster/);

    let noKey: ConsumerResult | undefined;
    await testing.apiKeys.delete(emulator.origin);
    try {
      const before = await clusterStats(emulator.baseUrl, 'demo');
      noKey = await sendFromConsumer('No key yet');
      assert.ok(!noKey.ok);
      assert.equal(noKey.error.kind, 'auth');
      assert.match(noKey.error.message, /Set API Key/);
      assert.deepEqual(await clusterStats(emulator.baseUrl, 'demo'), before, 'nothing was sent, and no prompt blocked the call');
    } finally {
      await testing.apiKeys.set(emulator.origin, emulator.apiKey);
    }

    for (const result of [unknown, noKey]) {
      assert.ok(!JSON.stringify(result).includes(emulator.apiKey));
    }
  });

  it('while the request runs the status bar shows it; cancelling the other extension’s token aborts it', async () => {
    const { testing } = await activateExtension();
    const before = await clusterStats(emulator.baseUrl, 'slow-good');
    const sending = sendFromConsumer('Take your time', { clusterId: 'slow-good' });
    await waitFor(
      'the cluster received the request',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).received === before.received + 1,
    );
    assert.equal(testing.statusBar.activeRequests, 1, 'the status bar shows one request under way');
    await vscode.commands.executeCommand('clusterChatApiConsumer.cancel');
    const result = await sending;
    assert.equal(testing.statusBar.activeRequests, 0, 'the status bar is idle again');
    assert.ok(!result.ok);
    assert.equal(result.error.kind, 'cancelled');
    await waitFor(
      'the emulator saw the request end',
      async () => (await clusterStats(emulator.baseUrl, 'slow-good')).aborted === before.aborted + 1,
    );
    const after = await clusterStats(emulator.baseUrl, 'slow-good');
    assert.equal(after.received, before.received + 1);
    assert.equal(after.completed, before.completed, 'the cluster never completed it');
  });
});

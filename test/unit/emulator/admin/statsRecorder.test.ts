import assert from 'node:assert/strict';
import { startEmulator, type EmulatorStats, type RunningEmulator } from '../../../../scripts/emulator/server';
import { StatsRecorder } from '../../../../scripts/emulator/admin/statsRecorder';
import { conversation, postCluster, request } from '../emulatorRequests';

describe('emulator: stats', () => {
  let emulator: RunningEmulator;
  const lines: string[] = [];

  before(async () => {
    emulator = await startEmulator({ port: 0, clusters: ['demo', 'second'], log: (line) => lines.push(line) });
  });
  after(() => emulator.close());
  beforeEach(() => {
    emulator.resetStats();
    lines.length = 0;
  });

  it('counts received and completed requests per cluster, and records each request', async () => {
    await postCluster(emulator, 'demo');
    await postCluster(emulator, 'demo');
    await postCluster(emulator, 'second', conversation({ role: 'user', content: 'hi' }));
    await postCluster(emulator, 'fault-500');
    const stats = emulator.stats();
    assert.equal(stats.total, 4);
    assert.deepEqual(stats.clusters, {
      demo: { received: 2, completed: 2, aborted: 0 },
      second: { received: 1, completed: 1, aborted: 0 },
      'fault-500': { received: 1, completed: 1, aborted: 0 },
    });
    assert.deepEqual(
      stats.requests.map(({ clusterId, status, outcome, messageCount }) => ({ clusterId, status, outcome, messageCount })),
      [
        { clusterId: 'demo', status: 200, outcome: 'completed', messageCount: 2 },
        { clusterId: 'demo', status: 200, outcome: 'completed', messageCount: 2 },
        { clusterId: 'second', status: 200, outcome: 'completed', messageCount: 1 },
        { clusterId: 'fault-500', status: 500, outcome: 'completed', messageCount: 2 },
      ],
    );
    const seqs = stats.requests.map((record) => record.seq);
    assert.deepEqual(
      seqs,
      [...seqs].sort((a, b) => a - b),
    );
  });

  it('counts every authorized POST naming a known cluster, even a rejected one, but not a 401 or an unknown id', async () => {
    await request(`${emulator.baseUrl}/clusters?id=demo`, { method: 'POST', body: '{}' });
    await postCluster(emulator, 'demo', { content: { messages: [] } });
    await postCluster(emulator, 'nope');
    const stats = emulator.stats();
    assert.equal(stats.total, 3);
    assert.deepEqual(stats.clusters, { demo: { received: 1, completed: 1, aborted: 0 } });
    assert.deepEqual(
      stats.requests.map(({ clusterId, status }) => ({ clusterId, status })),
      [
        { clusterId: undefined, status: 401 },
        { clusterId: 'demo', status: 400 },
        { clusterId: 'nope', status: 404 },
      ],
    );
  });

  it('returns a snapshot copy', async () => {
    await postCluster(emulator, 'demo');
    const snapshot = emulator.stats();
    snapshot.requests.length = 0;
    const cluster = snapshot.clusters['demo'];
    assert.ok(cluster);
    cluster.received = 99;
    assert.equal(emulator.stats().requests.length, 1);
    assert.equal(emulator.stats().clusters['demo']?.received, 1);
  });

  it('serves stats and reset over HTTP without a key', async () => {
    await postCluster(emulator, 'demo', conversation({ role: 'user', content: 'run action: create-ticket' }));
    const before = await request(`${emulator.baseUrl}/_emulator/stats`);
    assert.equal(before.status, 200);
    const parsed = JSON.parse(before.body) as EmulatorStats;
    assert.equal(parsed.total, 1);
    assert.equal(parsed.clusters['demo']?.received, 1);
    assert.equal(parsed.sideEffects.ticketsCreated, 1);

    const reset = await request(`${emulator.baseUrl}/_emulator/reset`, { method: 'POST' });
    assert.equal(reset.status, 200);
    const { openConnections, ...afterReset } = emulator.stats();
    assert.deepEqual(afterReset, { total: 0, clusters: {}, sideEffects: { ticketsCreated: 0 }, requests: [] });
    assert.ok(openConnections >= 0 && openConnections <= 2, `${openConnections} connections open`);
    const wrongMethod = await request(`${emulator.baseUrl}/_emulator/reset`);
    assert.equal(wrongMethod.status, 405);
    assert.equal(wrongMethod.headers['allow'], 'POST');
    assert.equal(emulator.stats().total, 0, 'helper requests are not counted');
  });

  it('logs one line per request without the key or the query string', async () => {
    await postCluster(emulator, 'demo');
    await request(`${emulator.baseUrl}/clusters?id=demo&token=secret-in-query`, {
      method: 'POST',
      headers: { Authorization: 'Bearer leaked-key?', 'Content-Type': 'application/json' },
      body: '{}',
    });
    assert.equal(lines.length, 2);
    assert.match(lines[0] ?? '', /^POST \/v1\/clusters cluster="demo" 200 \d+ms$/);
    assert.match(lines[1] ?? '', /^POST \/v1\/clusters cluster=- 401 \d+ms$/);
    for (const line of lines) {
      assert.doesNotMatch(line, new RegExp(`${emulator.apiKey}|leaked-key|secret-in-query|Bearer`));
    }
  });
});

describe('emulator: StatsRecorder', () => {
  it('keeps only the last 1000 request records', () => {
    const stats = new StatsRecorder();
    for (let seq = 1; seq <= 1050; seq += 1) {
      stats.begin(seq).finish('completed', 404);
    }
    const snapshot = stats.snapshot();
    assert.equal(snapshot.total, 1050);
    assert.equal(snapshot.requests.length, 1000);
    assert.equal(snapshot.requests[0]?.seq, 51);
    assert.equal(snapshot.requests[999]?.seq, 1050);
  });

  it('a request from before a reset does not count into the new stats', () => {
    const stats = new StatsRecorder();
    const old = stats.begin(1);
    old.setCluster('demo');
    old.markReceived();
    stats.reset();
    old.finish('aborted', 0);
    assert.deepEqual(stats.snapshot().clusters, {});
  });

  it('keeps a cluster id such as __proto__ as an ordinary key', () => {
    const stats = new StatsRecorder();
    const request = stats.begin(1);
    request.setCluster('__proto__');
    request.markReceived();
    request.finish('completed', 200);
    const clusters = stats.snapshot().clusters;
    assert.deepEqual(Object.keys(clusters), ['__proto__']);
    assert.deepEqual(Object.getOwnPropertyDescriptor(clusters, '__proto__')?.value, { received: 1, completed: 1, aborted: 0 });
  });
});

import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { ConnectTimeoutError, NetworkError } from '../../../../src/client/common/errors/transportErrors';
import { DEFAULT_RETRY_POLICY } from '../../../../src/client/common/retryPolicy';
import { ClientFixture, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';
import { startSilentTcpServer, unusedPort } from '../../helpers/loopbackServers';

/** Addresses nothing answers at, at least at first: unlike the rest of the suite (clusterClient.transport.test.ts), these need no running emulator. */
describe('ClusterClient: timeouts, cancellation and the network', () => {
  const fixture = new ClientFixture();

  after(() => fixture.closeAll());

  it('connect timeout: a server that never completes the TLS handshake fails as a connect timeout', async () => {
    const silent = await startSilentTcpServer();
    try {
      const client = fixture.create(`https://127.0.0.1:${silent.port}/v1`, { connectTimeoutMs: 200, totalTimeoutMs: 10_000 });
      const started = Date.now();
      const error = await expectClusterError(
        client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }),
        ConnectTimeoutError,
      );
      assert.ok(Date.now() - started < 3000);
      assert.equal(error.mayHaveBeenProcessed, false);
      assert.match(error.message, /Could not connect to https:\/\/127\.0\.0\.1:\d+ within 0\.2 seconds/);
      assert.equal(silent.accepted(), 1);
    } finally {
      await silent.close();
    }
  });

  it('refused: nothing listening is a NetworkError(refused), retried within the bound', async () => {
    const port = await unusedPort();
    fixture.logEntries.length = 0;
    const client = fixture.create(`http://127.0.0.1:${port}/v1`, { retryPolicy: { ...DEFAULT_RETRY_POLICY, refusedBackoffMs: [20, 20] } });
    const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), NetworkError);
    assert.equal(error.failure, 'refused');
    assert.equal(error.mayHaveBeenProcessed, false);
    assert.match(error.message, /connection was refused/);
    assert.deepEqual(
      fixture.logEntries.map((entry) => entry.attempt),
      [1, 2, 3],
    );
  });

  it('refused, then the service comes up: the retry succeeds', async () => {
    const port = await unusedPort();
    const client = fixture.create(`http://127.0.0.1:${port}/v1`, {
      retryPolicy: { ...DEFAULT_RETRY_POLICY, refusedBackoffMs: [500, 500] },
    });
    let late: RunningEmulator | undefined;
    const starting = new Promise<void>((resolve) =>
      setTimeout(
        () =>
          void startEmulator({ apiKey: SECRET_KEY, port }).then((started) => {
            late = started;
            resolve();
          }),
        100,
      ),
    );
    try {
      const reply = await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
      assert.equal(reply.attempts, 2);
      assert.equal(late?.stats().clusters['demo']?.received, 1);
    } finally {
      await starting;
      await late?.close();
    }
  });

  it('dns: an unknown host is a NetworkError(dns)', async () => {
    const client = fixture.create('https://cluster-chat-test.invalid/v1', { connectTimeoutMs: 5000 });
    const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), NetworkError);
    assert.equal(error.failure, 'dns');
    assert.match(error.message, /Could not find the host/);
  });
});

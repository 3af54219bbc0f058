import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { CancelledError, ConfigurationError } from '../../../../src/client/common/errors/statusErrors';
import { NetworkError, TimeoutError, TlsError } from '../../../../src/client/common/errors/transportErrors';
import { DEFAULT_RETRY_POLICY } from '../../../../src/client/common/retryPolicy';
import { ClientFixture, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';
import { startConnectProxy, unusedPort } from '../../helpers/loopbackServers';

async function eventually(check: () => boolean, timeoutMs = 2000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!check()) {
    if (Date.now() > deadline) {
      assert.fail('condition not met in time');
    }
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('ClusterClient: timeouts, cancellation and the network', () => {
  let emulator: RunningEmulator;
  const fixture = new ClientFixture();

  before(async () => {
    emulator = await startEmulator({ apiKey: SECRET_KEY, slowMs: 400 });
  });
  after(async () => {
    await fixture.closeAll();
    await emulator.close();
  });
  beforeEach(() => emulator.resetStats());

  it('total timeout: a reply that never comes fails after the total time, sent once', async () => {
    const client = fixture.create(emulator.baseUrl, { totalTimeoutMs: 300, retryPolicy: DEFAULT_RETRY_POLICY });
    const started = Date.now();
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-hang', messages: CONVERSATION, apiKey: SECRET_KEY }),
      TimeoutError,
    );
    assert.ok(Date.now() - started < 2000);
    assert.equal(error.mayHaveBeenProcessed, true);
    assert.match(error.message, /did not answer within 0\.3 seconds/);
    assert.match(error.message, /clusterChat\.requestTimeoutSeconds/);
    assert.equal(emulator.stats().clusters['fault-hang']?.received, 1);
    await eventually(() => (emulator.stats().clusters['fault-hang']?.aborted ?? 0) === 1);
  });

  it('total timeout also covers a body that is still arriving', async () => {
    const client = fixture.create(emulator.baseUrl, { totalTimeoutMs: 150 });
    await expectClusterError(client.send({ clusterId: 'fault-slow-body', messages: CONVERSATION, apiKey: SECRET_KEY }), TimeoutError);
  });

  it('a per-call timeout overrides the client default', async () => {
    const client = fixture.create(emulator.baseUrl, { totalTimeoutMs: 60_000 });
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-hang', messages: CONVERSATION, apiKey: SECRET_KEY, totalTimeoutMs: 200 }),
      TimeoutError,
    );
    assert.match(error.message, /0\.2 seconds/);
  });

  it('cancel: aborting the signal aborts the HTTP request and the cluster sees it go', async () => {
    const client = fixture.create(emulator.baseUrl);
    const controller = new AbortController();
    setTimeout(() => controller.abort(), 100);
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-hang', messages: CONVERSATION, apiKey: SECRET_KEY, signal: controller.signal }),
      CancelledError,
    );
    assert.equal(error.kind, 'cancelled');
    await eventually(() => (emulator.stats().clusters['fault-hang']?.aborted ?? 0) === 1);
  });

  it('cancel: an already-aborted signal sends nothing', async () => {
    const client = fixture.create(emulator.baseUrl);
    const controller = new AbortController();
    controller.abort();
    await expectClusterError(
      client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY, signal: controller.signal }),
      CancelledError,
    );
    assert.equal(emulator.stats().total, 0);
  });

  it('cancel: aborting while the client waits to retry ends the wait at once; nothing more is sent', async () => {
    const port = await unusedPort();
    fixture.logEntries.length = 0;
    // A wait longer than the test's own timeout: only the abort can end it.
    const client = fixture.create(`http://127.0.0.1:${port}/v1`, {
      retryPolicy: { ...DEFAULT_RETRY_POLICY, refusedBackoffMs: [60_000, 60_000] },
    });
    const controller = new AbortController();
    const sending = client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY, signal: controller.signal });
    await eventually(() => fixture.logEntries.length === 1);
    controller.abort();
    await expectClusterError(sending, CancelledError);
    assert.deepEqual(
      fixture.logEntries.map((entry) => [entry.attempt, entry.outcome, entry.retryInMs]),
      [[1, 'network', 60_000]],
    );
  });

  it('reset: a dropped connection is a NetworkError(reset) that may have run, never retried', async () => {
    const client = fixture.create(emulator.baseUrl, { retryPolicy: DEFAULT_RETRY_POLICY });
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-reset', messages: CONVERSATION, apiKey: SECRET_KEY }),
      NetworkError,
    );
    assert.equal(error.failure, 'reset');
    assert.equal(error.mayHaveBeenProcessed, true);
    assert.equal(emulator.stats().clusters['fault-reset']?.received, 1);
  });

  it('tls: https to a plain-http port is a TlsError', async () => {
    const client = fixture.create(`https://127.0.0.1:${emulator.port}/v1`);
    const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), TlsError);
    assert.match(error.message, /secure connection/);
    assert.equal(emulator.stats().total, 0);
  });

  describe('proxies', () => {
    it('http.proxy from the host routes requests through the proxy', async () => {
      const proxy = await startConnectProxy();
      try {
        const client = fixture.create(emulator.baseUrl, { proxy: { proxyUrl: proxy.origin } });
        const reply = await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
        assert.equal(reply.assistant.role, 'assistant');
        assert.deepEqual(proxy.targets, [`127.0.0.1:${emulator.port}`]);
      } finally {
        await proxy.close();
      }
    });

    it('HTTPS_PROXY / HTTP_PROXY from the environment are honoured', async () => {
      const proxy = await startConnectProxy();
      try {
        const client = fixture.create(emulator.baseUrl, { env: { HTTP_PROXY: proxy.origin, HTTPS_PROXY: proxy.origin } });
        await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
        assert.equal(proxy.targets.length, 1);
      } finally {
        await proxy.close();
      }
    });

    it('NO_PROXY exempts a host from the proxy', async () => {
      const proxy = await startConnectProxy();
      try {
        const client = fixture.create(emulator.baseUrl, {
          env: { HTTP_PROXY: proxy.origin, HTTPS_PROXY: proxy.origin, NO_PROXY: '127.0.0.1' },
        });
        await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
        assert.equal(proxy.targets.length, 0);
        assert.equal(emulator.stats().clusters['demo']?.received, 1);
      } finally {
        await proxy.close();
      }
    });
  });

  describe('requests refused before sending', () => {
    it('plain http to a non-loopback host is refused, so the key never travels unencrypted', () => {
      assert.throws(
        () => fixture.create('http://api.example.com/v1'),
        (error: unknown) => {
          assert.ok(error instanceof ConfigurationError);
          assert.match(error.message, /only sent over https/);
          return true;
        },
      );
    });

    it('a key with a line break is refused without a request, and is not quoted', async () => {
      const client = fixture.create(emulator.baseUrl);
      const badKey = `${SECRET_KEY}\nX-Injected: 1`;
      const error = await expectClusterError(
        client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: badKey }),
        ConfigurationError,
      );
      assert.match(error.message, /line breaks/);
      assert.equal(emulator.stats().total, 0);
    });

    it('an empty cluster id or conversation is refused without a request', async () => {
      const client = fixture.create(emulator.baseUrl);
      await expectClusterError(client.send({ clusterId: '', messages: CONVERSATION, apiKey: SECRET_KEY }), ConfigurationError);
      await expectClusterError(client.send({ clusterId: 'demo', messages: [], apiKey: SECRET_KEY }), ConfigurationError);
      await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: '' }), ConfigurationError);
      assert.equal(emulator.stats().total, 0);
    });
  });
});

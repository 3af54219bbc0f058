import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { assistantText, authHeaders, clusterUrl, parseMessages, postCluster, SYSTEM_AND_USER, waitFor } from '../emulatorRequests';

const SLOW_MS = 300;
const HUGE_BYTES = 2 * 1024 * 1024;

describe('emulator: fault clusters that misbehave on the connection', () => {
  let emulator: RunningEmulator;

  before(async () => {
    emulator = await startEmulator({ port: 0, slowMs: SLOW_MS, hugeReplyBytes: HUGE_BYTES });
  });
  after(() => emulator.close());
  beforeEach(() => emulator.resetStats());

  it('fault-hang never answers; a client that gives up is counted as aborted', async () => {
    const started = Date.now();
    await assert.rejects(postCluster(emulator, 'fault-hang', SYSTEM_AND_USER, AbortSignal.timeout(200)), (error: Error) => {
      assert.equal(error.name, 'AbortError');
      return true;
    });
    assert.ok(Date.now() - started >= 190);
    await waitFor(() => emulator.stats().clusters['fault-hang']?.aborted === 1);
    const stats = emulator.stats();
    assert.deepEqual(stats.clusters['fault-hang'], { received: 1, completed: 0, aborted: 1 });
    assert.equal(stats.requests[0]?.outcome, 'aborted');
    assert.equal(stats.requests[0]?.status, 0);
  });

  it('fault-slow-body sends the headers at once and the body over slowMs', async () => {
    const started = Date.now();
    const timing = await new Promise<{ headersAt: number; endAt: number; chunks: number; body: string }>((resolve, reject) => {
      const req = httpRequest(clusterUrl(emulator, 'fault-slow-body'), {
        method: 'POST',
        agent: false,
        headers: authHeaders(emulator),
      });
      req.on('response', (res) => {
        const headersAt = Date.now() - started;
        assert.equal(res.statusCode, 200);
        const parts: Buffer[] = [];
        res.on('data', (chunk: Buffer) => parts.push(chunk));
        res.on('end', () =>
          resolve({ headersAt, endAt: Date.now() - started, chunks: parts.length, body: Buffer.concat(parts).toString('utf8') }),
        );
      });
      req.on('error', reject);
      req.end(JSON.stringify(SYSTEM_AND_USER));
    });
    assert.ok(timing.headersAt < SLOW_MS / 2, `headers after ${timing.headersAt} ms`);
    assert.ok(timing.endAt >= SLOW_MS * 0.9, `body complete after ${timing.endAt} ms`);
    assert.ok(timing.chunks > 3, `body came in ${timing.chunks} chunks`);
    const messages = (JSON.parse(timing.body) as { content: { messages: Array<{ role: string }> } }).content.messages;
    assert.equal(messages.length, 3);
    assert.equal(messages[2]?.role, 'assistant');
  });

  it('fault-slow-body counts a client that leaves mid-body as aborted', async () => {
    await new Promise<void>((resolve, reject) => {
      const req = httpRequest(clusterUrl(emulator, 'fault-slow-body'), { method: 'POST', agent: false, headers: authHeaders(emulator) });
      req.on('response', (res) => res.once('data', () => req.destroy()));
      req.on('close', () => resolve());
      req.on('error', (error) => (error.message === 'aborted' || 'code' in error ? undefined : reject(error)));
      req.end(JSON.stringify(SYSTEM_AND_USER));
    });
    await waitFor(() => emulator.stats().clusters['fault-slow-body']?.aborted === 1);
    assert.equal(emulator.stats().requests[0]?.status, 200);
  });

  it('fault-reset resets the connection after reading the request', async () => {
    await assert.rejects(postCluster(emulator, 'fault-reset'), (error: NodeJS.ErrnoException) => {
      assert.ok(error.code === 'ECONNRESET' || error.message === 'socket hang up', `${error.code ?? ''} ${error.message}`);
      return true;
    });
    const stats = emulator.stats();
    assert.deepEqual(stats.clusters['fault-reset'], { received: 1, completed: 0, aborted: 0 });
    assert.equal(stats.requests[0]?.outcome, 'reset');
  });

  it('fault-huge streams valid JSON whose assistant content is hugeReplyBytes long', async () => {
    const result = await postCluster(emulator, 'fault-huge');
    assert.equal(result.status, 200);
    assert.equal(Number(result.headers['content-length']), Buffer.byteLength(result.body));
    assert.ok(result.body.length >= HUGE_BYTES);
    assert.deepEqual(parseMessages(result).slice(0, 2), SYSTEM_AND_USER.content.messages);
    assert.equal(assistantText(result).length, HUGE_BYTES);
    assert.equal(emulator.stats().clusters['fault-huge']?.completed, 1);
  });

  it('fault-huge stops writing when the client goes away', async () => {
    // Far more than the loopback socket buffers hold, so the emulator must wait for the client.
    const big = await startEmulator({ port: 0, hugeReplyBytes: 512 * 1024 * 1024 });
    try {
      let received = 0;
      await new Promise<void>((resolve, reject) => {
        const req = httpRequest(clusterUrl(big, 'fault-huge'), { method: 'POST', agent: false, headers: authHeaders(big) });
        req.on('response', (res) => {
          res.on('data', (chunk: Buffer) => {
            received += chunk.length;
            if (received > 1024 * 1024) {
              req.destroy();
            }
          });
        });
        req.on('close', () => resolve());
        req.on('error', (error) => ('code' in error || error.message === 'aborted' ? undefined : reject(error)));
        req.end(JSON.stringify(SYSTEM_AND_USER));
      });
      await waitFor(() => big.stats().clusters['fault-huge']?.aborted === 1);
      assert.deepEqual(big.stats().clusters['fault-huge'], { received: 1, completed: 0, aborted: 1 });
    } finally {
      await big.close();
    }
  });
});

import assert from 'node:assert/strict';
import { Agent, request as httpRequest } from 'node:http';
import type { Socket } from 'node:net';
import { startEmulator } from '../../../scripts/emulator/server';
import { authHeaders, clusterUrl, postCluster, request, SYSTEM_AND_USER, waitFor } from './emulatorRequests';

describe('emulator: lifecycle', () => {
  it('close() with a hung request pending resolves promptly and frees the port', async () => {
    const emulator = await startEmulator({ port: 0, slowMs: 60_000 });
    const hung = postCluster(emulator, 'fault-hang');
    const slow = postCluster(emulator, 'slow-good');
    await waitFor(() => emulator.stats().clusters['slow-good']?.received === 1 && emulator.stats().clusters['fault-hang']?.received === 1);
    const started = Date.now();
    await emulator.close();
    assert.ok(Date.now() - started < 1000, `close took ${Date.now() - started} ms`);
    await assert.rejects(hung);
    await assert.rejects(slow);
    await assert.rejects(request(`${emulator.baseUrl}/_emulator/stats`), { code: 'ECONNREFUSED' });
    await emulator.close();
  });

  it('close() also ends an idle keep-alive connection', async () => {
    const emulator = await startEmulator({ port: 0 });
    const agent = new Agent({ keepAlive: true });
    try {
      const socket = await new Promise<Socket>((resolve, reject) => {
        const req = httpRequest(clusterUrl(emulator, 'demo'), { method: 'POST', agent, headers: authHeaders(emulator) });
        req.on('response', (res) => {
          res.resume();
          res.on('end', () => (req.socket === null ? reject(new Error('no socket')) : resolve(req.socket)));
        });
        req.on('error', reject);
        req.end(JSON.stringify(SYSTEM_AND_USER));
      });
      const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
      assert.equal(socket.destroyed, false, 'the idle connection should still be open before close()');
      await emulator.close();
      await closed;
    } finally {
      agent.destroy();
      await emulator.close();
    }
  });

  it('refuses a host that is not a loopback address', async () => {
    for (const host of ['0.0.0.0', '::', '192.168.1.10', 'example.com', '128.0.0.1']) {
      await assert.rejects(startEmulator({ host }), /only loopback addresses/);
    }
  });

  it('listens on other loopback addresses and reports them in baseUrl', async () => {
    const emulator = await startEmulator({ host: '127.0.0.2' });
    try {
      assert.equal(emulator.baseUrl, `http://127.0.0.2:${emulator.port}/v1`);
      assert.equal(emulator.origin, `http://127.0.0.2:${emulator.port}`);
      assert.equal((await postCluster(emulator, 'demo')).status, 200);
    } finally {
      await emulator.close();
    }
  });

  it('uses the documented defaults', async () => {
    const emulator = await startEmulator();
    try {
      assert.equal(emulator.apiKey, 'emulator-dev-key');
      assert.ok(emulator.port > 0);
      assert.equal(emulator.baseUrl, `http://127.0.0.1:${emulator.port}/v1`);
      assert.equal((await postCluster(emulator, 'demo')).status, 200);
    } finally {
      await emulator.close();
    }
  });

  it('rejects options it cannot honour', async () => {
    await assert.rejects(startEmulator({ clusters: ['fault-500'] }), /reserved/);
    await assert.rejects(startEmulator({ clusters: [''] }), /must not be empty/);
    await assert.rejects(startEmulator({ maxBodyBytes: 0 }), /maxBodyBytes/);
    await assert.rejects(startEmulator({ apiKey: '' }), /apiKey/);
    await assert.rejects(startEmulator({ upstream: { url: 'ftp://x', model: 'm' } }), /http or https/);
  });
});

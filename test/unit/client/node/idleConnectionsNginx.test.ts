import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import type { ClusterClient } from '../../../../src/client/node/clusterClient';
import { ClientFixture, CONVERSATION } from '../../helpers/clientFixture';
import { type LoopbackServer, startLatencyRelay } from '../../helpers/loopbackServers';
import { type RealServer, startNginx } from '../../helpers/realServers';

const KEY = 'sk-idle-nginx-4c1d';
const ONE_WAY_MS = 25;
/** Each lane's client sends this many requests, its gap apart. */
const ROUNDS = 10;
/** Gaps well under the client's idle reuse: these reuse their connection, and must not fail either. */
const SHORT_GAPS = [0, 150, 300];

/** The gaps swept across the server's idle timeout: ±100 ms in steps of 10 ms. */
function sweep(timeoutMs: number): number[] {
  return Array.from({ length: 21 }, (_, index) => timeoutMs - 100 + index * 10);
}

/** Headers nginx answers a plain request with: it must send no Keep-Alive hint. */
function responseHeaders(port: number): Promise<http.IncomingHttpHeaders> {
  return new Promise((resolve, reject) => {
    const request = http.request({ host: '127.0.0.1', port, path: '/v1/_emulator/stats', agent: false }, (response) => {
      response.resume();
      response.on('end', () => resolve(response.headers));
    });
    request.on('error', reject);
    request.end();
  });
}

/**
 * Real nginx (Debian's) closing idle client connections after 2 s, and after 1 s, without a
 * Keep-Alive hint, in front of the emulator, reached through a relay adding 25 ms each way. Lanes of
 * one client each send requests at idle gaps swept across nginx's timeout, all lanes at once, so the
 * sweep costs about ten gaps of wall time. Not one request may fail.
 */
describe('Idle connections against real nginx without a Keep-Alive hint, through 25 ms of latency', function () {
  this.timeout(120_000);
  let emulator: RunningEmulator;
  const fixture = new ClientFixture();
  const started: Array<RealServer | LoopbackServer> = [];

  before(async () => {
    emulator = await startEmulator({ apiKey: KEY });
  });
  afterEach(async () => {
    await fixture.closeAll();
    await Promise.all(started.splice(0).map((server) => ('stop' in server ? server.stop() : server.close())));
  });
  after(async () => {
    await emulator.close();
  });

  for (const timeoutMs of [2000, 1000]) {
    it(`keepalive_timeout ${timeoutMs / 1000}s: 0 failed of ${(sweep(timeoutMs).length + SHORT_GAPS.length) * ROUNDS} requests at gaps ${timeoutMs - 100}–${timeoutMs + 100} ms`, async () => {
      const nginx = await startNginx(undefined, emulator.origin, [`keepalive_timeout ${timeoutMs / 1000}s;`]);
      started.push(nginx);
      const relay = await startLatencyRelay(nginx.port, ONE_WAY_MS);
      started.push(relay);
      assert.equal((await responseHeaders(nginx.port))['keep-alive'], undefined, 'nginx sends no Keep-Alive hint');

      const gaps = [...SHORT_GAPS, ...sweep(timeoutMs)];
      const failures: string[] = [];
      let sent = 0;
      const lane = async (gap: number): Promise<void> => {
        const client: ClusterClient = fixture.create(`http://127.0.0.1:${relay.port}/v1`);
        for (let round = 0; round < ROUNDS; round++) {
          if (round > 0) {
            await new Promise((resolve) => setTimeout(resolve, gap));
          }
          sent++;
          await client
            .send({ clusterId: 'demo', messages: CONVERSATION, apiKey: KEY })
            .catch((error: unknown) => failures.push(`gap ${gap} ms, round ${round}: ${String(error)}`));
        }
      };
      await Promise.all(gaps.map(lane));

      const reused = nginx
        .logs()
        .split('\n')
        .filter((line) => /requests=([2-9]|\d\d+)$/.test(line)).length;
      console.log(`      nginx ${timeoutMs} ms: ${sent} requests, ${failures.length} failed, ${reused} on a reused connection`);
      assert.deepEqual(failures, []);
      assert.ok(sent >= 200);
      assert.ok(reused >= SHORT_GAPS.filter((gap) => gap > 0).length * (ROUNDS - 1), 'the short gaps reused their connections');
    });
  }
});

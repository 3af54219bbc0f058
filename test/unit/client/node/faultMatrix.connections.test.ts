import * as assert from 'node:assert/strict';
import { type ClusterClient } from '../../../../src/client/node/clusterClient';
import { idleReuseMs, KEEP_ALIVE_MS } from '../../../../src/client/node/http/dispatcher';
import { NetworkError } from '../../../../src/client/common/errors/transportErrors';
import { expectClusterError } from '../../helpers/clientFixture';
import { startIdleClosingServer, startLatencyRelay } from '../../helpers/loopbackServers';
import { answerBytes, describeFaultMatrix, replyJson } from './faultServers';

describeFaultMatrix(({ fixture, servers, serve, send }) => {
  describe('1. idle connections', () => {
    it('reuses an idle connection for the hint minus a margin, and briefly without a hint', () => {
      assert.equal(idleReuseMs(undefined), KEEP_ALIVE_MS);
      assert.ok(KEEP_ALIVE_MS <= 1000);
      assert.equal(idleReuseMs('timeout=5'), 4000);
      assert.equal(idleReuseMs('timeout=5, max=100'), 4000);
      assert.equal(idleReuseMs('timeout=1'), 0);
      assert.equal(idleReuseMs('timeout=600'), 30_000);
    });

    for (const [label, oneWayMs] of [
      ['directly', 0],
      ['through 25 ms of latency each way', 25],
    ] as const) {
      it(`never sends on a connection a hint-less server closes after 1 s idle, ${label}`, async function () {
        const server = await startIdleClosingServer(1000, replyJson());
        servers.push(server);
        const relay = oneWayMs === 0 ? undefined : await startLatencyRelay(server.port, oneWayMs);
        if (relay) {
          servers.push(relay);
        }
        const client = fixture.create(`http://127.0.0.1:${relay?.port ?? server.port}/v1`);
        const gaps = [0, 300, 900, 950, 1000, 1050, 1100];
        // Gaps run in parallel, one client each, so the whole sweep costs about one gap.
        const clients = gaps.map(() => fixture.create(`http://127.0.0.1:${relay?.port ?? server.port}/v1`));
        await send(client);
        const results = await Promise.allSettled(
          gaps.map(async (gap, index) => {
            const own = clients[index] as ClusterClient;
            await send(own);
            await new Promise((resolve) => setTimeout(resolve, gap));
            await send(own);
          }),
        );
        const failed = results.filter((result) => result.status === 'rejected');
        assert.deepEqual(
          failed.map((result) => String(result.reason)),
          [],
        );
        assert.ok(server.reused() > 0, 'short gaps reuse their connection');
      });
    }

    it('replaces the pool when the event loop was too busy to close an idle connection in time', async () => {
      const server = await startIdleClosingServer(300, replyJson());
      servers.push(server);
      const client = fixture.create(`http://127.0.0.1:${server.port}/v1`);
      await send(client);
      const until = performance.now() + KEEP_ALIVE_MS + 100;
      while (performance.now() < until) {
        // A synchronous task: no timer runs meanwhile, the pool's idle timer neither.
      }
      await send(client);
      assert.equal(server.connections(), 2);
    });
  });

  it('a reset on a reused connection is still reported as such (nothing hides it)', async () => {
    const server = await serve((request, response) => {
      if (request.url.includes('reset')) {
        response.socket?.destroy();
        return;
      }
      answerBytes(response, Buffer.from(replyJson()), 'length');
    });
    const client = fixture.create(`${server.origin}/v1`);
    await send(client);
    const error = await expectClusterError(send(client, 'reset'), NetworkError);
    assert.equal(error.mayHaveBeenProcessed, true);
  });
});

import { createServer, type Server } from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { handleRequest, type HandlerDeps } from './http/requestHandler';
import { hostForUrl } from './http/loopback';
import { resolveOptions } from './options';
import { ReceivedLog } from './admin/receivedLog';
import { StatsRecorder } from './admin/statsRecorder';
import { Lifetime } from './http/lifetime';
import type { EmulatorOptions, RunningEmulator } from './publicTypes';

export type {
  ClusterStats,
  EmulatorOptions,
  EmulatorStats,
  RequestOutcome,
  ReceivedRequest,
  RequestRecord,
  RunningEmulator,
  UpstreamOptions,
} from './publicTypes';

/** Starts the cluster emulator on a loopback address. */
export async function startEmulator(options: EmulatorOptions = {}): Promise<RunningEmulator> {
  const resolved = resolveOptions(options);
  const sockets = new Set<Socket>();
  const stats = new StatsRecorder(() => sockets.size);
  const received = new ReceivedLog();
  const lifetime = new Lifetime();
  let lastRequestId = 0;

  const deps: HandlerDeps = {
    runtime: { options: resolved, lifetime, actions: { createTicket: () => stats.createTicket() } },
    stats,
    received,
    nextRequestId: () => (lastRequestId += 1),
  };
  const server = createServer((req, res) => handleRequest(req, res, deps));
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.once('close', () => sockets.delete(socket));
  });

  await listen(server, resolved.port, resolved.host);
  const address = server.address() as AddressInfo;
  const origin = `http://${hostForUrl(address.address)}:${address.port}`;

  let closing: Promise<void> | undefined;
  return {
    baseUrl: `${origin}/v1`,
    origin,
    port: address.port,
    apiKey: resolved.apiKey,
    stats: () => stats.snapshot(),
    resetStats: () => {
      stats.reset();
      received.reset();
    },
    received: () => received.list(),
    close: () => {
      closing ??= new Promise<void>((resolve) => {
        lifetime.end();
        server.close(() => resolve());
        for (const socket of sockets) {
          socket.destroy();
        }
      });
      return closing;
    },
  };
}

function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const onError = (error: Error): void => reject(error);
    server.once('error', onError);
    server.listen(port, host, () => {
      server.off('error', onError);
      resolve();
    });
  });
}

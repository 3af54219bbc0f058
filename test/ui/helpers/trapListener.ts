import * as http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface TrappedRequest {
  readonly method: string;
  readonly url: string;
  readonly authorization: string | undefined;
}

export interface TrapListener {
  /** e.g. `http://127.0.0.1:40123` */
  readonly url: string;
  /** Every request that reached the listener, in order. */
  readonly requests: readonly TrappedRequest[];
  close(): Promise<void>;
}

/**
 * A loopback HTTP listener that records whatever reaches it (as an attacker's server would) and
 * answers 204. It never keeps the test process alive and stops on `close()`.
 */
export async function startTrapListener(): Promise<TrapListener> {
  const requests: TrappedRequest[] = [];
  const server = http.createServer((request, response) => {
    requests.push({ method: request.method ?? '?', url: request.url ?? '', authorization: request.headers.authorization });
    request.resume();
    response.writeHead(204, { connection: 'close' }).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  server.unref();
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    requests,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

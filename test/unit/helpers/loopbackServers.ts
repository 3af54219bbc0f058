import * as http from 'node:http';
import * as net from 'node:net';
import type { AddressInfo } from 'node:net';

/** A server on 127.0.0.1 that a test started; `close()` also ends every open connection. */
export interface LoopbackServer {
  readonly port: number;
  readonly origin: string;
  close(): Promise<void>;
}

function trackSockets(server: net.Server): Set<net.Socket> {
  const sockets = new Set<net.Socket>();
  server.on('connection', (socket: net.Socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  return sockets;
}

async function listen(server: net.Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

function closer(server: net.Server, sockets: Set<net.Socket>): () => Promise<void> {
  return () =>
    new Promise<void>((resolve) => {
      for (const socket of sockets) {
        socket.destroy();
      }
      server.close(() => resolve());
    });
}

export interface RecordedRequest {
  readonly method: string;
  readonly url: string;
  readonly headers: http.IncomingHttpHeaders;
  readonly body: string;
}

export interface ScriptedServer extends LoopbackServer {
  readonly requests: RecordedRequest[];
  /** How many TCP connections were opened to it. */
  readonly connections: () => number;
}

/** An HTTP server whose every answer comes from `respond`; it records what it received. */
export async function startScriptedServer(
  respond: (request: RecordedRequest, response: http.ServerResponse) => void,
): Promise<ScriptedServer> {
  const requests: RecordedRequest[] = [];
  let connections = 0;
  const server = http.createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const recorded = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      requests.push(recorded);
      respond(recorded, res);
    });
  });
  server.on('connection', () => connections++);
  const sockets = trackSockets(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, requests, connections: () => connections, close: closer(server, sockets) };
}

/** Sends a JSON answer. */
export function sendJson(response: http.ServerResponse, status: number, value: unknown, headers: http.OutgoingHttpHeaders = {}): void {
  const body = JSON.stringify(value);
  response.writeHead(status, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body), ...headers });
  response.end(body);
}

/** A TCP server that accepts connections and never says a word (a TLS handshake never completes). */
export async function startSilentTcpServer(): Promise<LoopbackServer & { readonly accepted: () => number }> {
  let accepted = 0;
  const server = net.createServer(() => accepted++);
  const sockets = trackSockets(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, accepted: () => accepted, close: closer(server, sockets) };
}

/** A port on 127.0.0.1 that nothing listens on (connections to it are refused). */
export async function unusedPort(): Promise<number> {
  const server = net.createServer();
  const port = await listen(server);
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

/** A forward proxy that tunnels CONNECT requests to loopback targets, recording each target. */
export async function startConnectProxy(): Promise<LoopbackServer & { readonly targets: string[] }> {
  const targets: string[] = [];
  const server = http.createServer((_req, res) => {
    res.writeHead(405);
    res.end();
  });
  server.on('connect', (req: http.IncomingMessage, client: net.Socket, head: Buffer) => {
    const target = req.url ?? '';
    targets.push(target);
    const [host, portText] = target.split(':');
    if (host !== '127.0.0.1' && host !== 'localhost') {
      client.end('HTTP/1.1 403 Forbidden\r\n\r\n');
      return;
    }
    const upstream = net.connect(Number(portText), '127.0.0.1', () => {
      client.write('HTTP/1.1 200 Connection Established\r\n\r\n');
      upstream.write(head);
      upstream.pipe(client);
      client.pipe(upstream);
    });
    upstream.on('error', () => client.destroy());
    client.on('error', () => upstream.destroy());
  });
  const sockets = trackSockets(server);
  const port = await listen(server);
  return { port, origin: `http://127.0.0.1:${port}`, targets, close: closer(server, sockets) };
}

/**
 * An HTTP server that, like many load balancers and reverse proxies, closes a connection once it
 * idled `idleMs` after a response, and sends no `Keep-Alive` hint saying so. Every request gets
 * `body` (JSON). It counts connections and the requests that came on a reused one.
 */
export async function startIdleClosingServer(
  idleMs: number,
  body: string,
): Promise<LoopbackServer & { connections(): number; reused(): number }> {
  let connections = 0;
  let reused = 0;
  const served = new WeakMap<net.Socket, number>();
  const server = http.createServer((request, response) => {
    const socket = request.socket;
    socket.setTimeout(0);
    const count = (served.get(socket) ?? 0) + 1;
    served.set(socket, count);
    if (count > 1) {
      reused++;
    }
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
      response.end(body);
      response.once('finish', () => socket.setTimeout(idleMs));
    });
  });
  // No Keep-Alive header and no timer of Node's own: the idle close is this server's.
  server.keepAliveTimeout = 0;
  const sockets = trackSockets(server);
  server.on('connection', (socket: net.Socket) => {
    connections++;
    socket.on('timeout', () => socket.destroy());
  });
  const port = await listen(server);
  return { port, connections: () => connections, reused: () => reused, origin: `http://127.0.0.1:${port}`, close: closer(server, sockets) };
}

/**
 * A TCP relay on loopback that delays everything by `oneWayMs` in each direction: data, the close of
 * either side, and a reset. So a client learns that the server closed a connection only `oneWayMs`
 * later, as over a real network.
 */
export async function startLatencyRelay(targetPort: number, oneWayMs: number): Promise<LoopbackServer> {
  const later = (action: () => void): void => void setTimeout(action, oneWayMs);
  const pipe = (from: net.Socket, to: net.Socket): void => {
    from.on('data', (chunk: Buffer) => later(() => !to.destroyed && to.write(chunk)));
    from.on('end', () => later(() => to.end()));
    from.on('error', () => later(() => to.resetAndDestroy()));
  };
  const server = net.createServer((client) => {
    const upstream = net.connect(targetPort, '127.0.0.1');
    relayed.add(upstream);
    upstream.on('close', () => relayed.delete(upstream));
    pipe(client, upstream);
    pipe(upstream, client);
  });
  const sockets = trackSockets(server);
  const relayed = new Set<net.Socket>();
  const port = await listen(server);
  const close = closer(server, sockets);
  return {
    port,
    origin: `http://127.0.0.1:${port}`,
    close: async () => {
      relayed.forEach((socket) => socket.destroy());
      await close();
    },
  };
}

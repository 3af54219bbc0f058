import type * as http from 'node:http';
import { type ClusterClient } from '../../../../src/client/node/clusterClient';
import type { Message } from '../../../../src/client/common/messages';
import { ClientFixture, CONVERSATION, SECRET_KEY } from '../../helpers/clientFixture';
import { type RecordedRequest, type ScriptedServer, startScriptedServer } from '../../helpers/loopbackServers';

/**
 * The fault matrix: every way a real server has been seen to trip the client, each against a server of
 * our own on loopback: idle connections it closes, the framing and encoding of replies, odd cluster
 * ids, odd Retry-After values, redirects, a key echoed back everywhere, and a reply that rewrites the
 * history. Its `faultMatrix.*.test.ts` files share what is here.
 */

export const ASSISTANT = { role: 'assistant', content: 'Hello.' };

export function replyJson(messages: readonly unknown[] = [...CONVERSATION, ASSISTANT]): string {
  return JSON.stringify({ content: { messages } });
}

/** Answers every request with `body` as given, framed by Content-Length or chunked. */
export function answerBytes(
  response: http.ServerResponse,
  body: Buffer,
  framing: 'length' | 'chunked',
  headers: http.OutgoingHttpHeaders = {},
): void {
  response.writeHead(200, {
    'content-type': 'application/json',
    ...(framing === 'length' ? { 'content-length': body.length } : {}),
    ...headers,
  });
  if (framing === 'chunked') {
    // Two chunks, split inside a multi-byte character when there is one.
    const half = Math.ceil(body.length / 2);
    response.write(body.subarray(0, half));
    response.end(body.subarray(half));
  } else {
    response.end(body);
  }
}

export interface FaultServers {
  readonly fixture: ClientFixture;
  /** Closed after each test, with those `serve` started. */
  readonly servers: Array<{ close(): Promise<void> }>;
  readonly serve: (respond: (request: RecordedRequest, response: http.ServerResponse) => void) => Promise<ScriptedServer>;
  readonly send: (client: ClusterClient, clusterId?: string, messages?: readonly Message[]) => ReturnType<ClusterClient['send']>;
}

/**
 * Declares a part of the matrix inside the one suite title they all share, so that each test's full
 * title (and any grep on it) is what it was when the matrix was a single file.
 */
export function describeFaultMatrix(body: (servers: FaultServers) => void): void {
  describe('Fault matrix: the client against misbehaving servers on loopback', function () {
    this.timeout(30_000);
    const fixture = new ClientFixture();
    const servers: Array<{ close(): Promise<void> }> = [];
    const serve = async (respond: (request: RecordedRequest, response: http.ServerResponse) => void): Promise<ScriptedServer> => {
      const server = await startScriptedServer(respond);
      servers.push(server);
      return server;
    };
    const send = (client: ClusterClient, clusterId = 'demo', messages: readonly Message[] = CONVERSATION) =>
      client.send({ clusterId, messages, apiKey: SECRET_KEY });

    afterEach(async () => {
      await fixture.closeAll();
      await Promise.all(servers.splice(0).map((server) => server.close()));
      fixture.logEntries.length = 0;
    });

    body({ fixture, servers, serve, send });
  });
}

import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import {
  AuthError,
  BadRequestError,
  RateLimitedError,
  RequestTooLargeError,
  ServerError,
  UnexpectedStatusError,
  UnknownClusterError,
} from '../../../../src/client/common/errors/statusErrors';
import { RedirectError } from '../../../../src/client/common/errors/transportErrors';
import { DEFAULT_RETRY_POLICY, type RetryPolicy } from '../../../../src/client/common/retryPolicy';
import { assertKeyAbsent, ClientFixture, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../helpers/loopbackServers';

const ONE_RETRY: RetryPolicy = { ...DEFAULT_RETRY_POLICY, maxAttempts: 2 };

describe('ClusterClient: error statuses', () => {
  let emulator: RunningEmulator;
  let elsewhere: ScriptedServer;
  const fixture = new ClientFixture();

  before(async () => {
    elsewhere = await startScriptedServer((_request, response) => sendJson(response, 200, {}));
    emulator = await startEmulator({
      apiKey: SECRET_KEY,
      retryAfterSeconds: 1,
      maxBodyBytes: 4096,
      redirectTarget: `${elsewhere.origin}/v1/clusters?id=demo`,
    });
  });
  after(async () => {
    await fixture.closeAll();
    await emulator.close();
    await elsewhere.close();
  });
  beforeEach(() => emulator.resetStats());

  const send = (clusterId: string, options: { apiKey?: string; retryPolicy?: RetryPolicy } = {}) =>
    fixture
      .create(emulator.baseUrl, options.retryPolicy ? { retryPolicy: options.retryPolicy } : {})
      .send({ clusterId, messages: CONVERSATION, apiKey: options.apiKey ?? SECRET_KEY });

  it('401: a wrong key is an AuthError that says to set the key, and never shows the key sent', async () => {
    const wrongKey = 'sk-wrong-key-0000';
    const error = await expectClusterError(send('demo', { apiKey: wrongKey }), AuthError, wrongKey);
    assert.equal(error.status, 401);
    assert.match(error.message, /Set API Key/);
    assert.match(error.requestId ?? '', /^req_/);
    assert.equal(error.mayHaveBeenProcessed, false);
  });

  it('403: a key without access to the cluster is an AuthError naming the cluster', async () => {
    const error = await expectClusterError(send('fault-403'), AuthError);
    assert.equal(error.status, 403);
    assert.match(error.message, /no access to cluster “fault-403”/);
  });

  it('404: an unknown cluster id is an UnknownClusterError naming the id', async () => {
    const error = await expectClusterError(send('no-such-cluster'), UnknownClusterError);
    assert.equal(error.status, 404);
    assert.equal(error.clusterId, 'no-such-cluster');
    assert.match(error.message, /Cluster “no-such-cluster” was not found/);
    assert.match(error.serverMessage ?? '', /not found/i);
  });

  it('422: a validation error is a BadRequestError carrying the detail list', async () => {
    const error = await expectClusterError(send('fault-422'), BadRequestError);
    assert.equal(error.status, 422);
    assert.match(error.serverMessage ?? '', /body\.content\.messages\.0: /);
  });

  it('413: a conversation over the service limit is a RequestTooLargeError', async () => {
    const client = fixture.create(emulator.baseUrl);
    const big = [{ role: 'user' as const, content: 'x'.repeat(8192) }];
    const error = await expectClusterError(client.send({ clusterId: 'demo', messages: big, apiKey: SECRET_KEY }), RequestTooLargeError);
    assert.equal(error.status, 413);
    assert.match(error.message, /too large/);
  });

  it('429: waits the short Retry-After once, then reports it; exactly two POSTs', async () => {
    const error = await expectClusterError(send('fault-429', { retryPolicy: ONE_RETRY }), RateLimitedError);
    assert.equal(error.status, 429);
    assert.equal(error.retryAfterSeconds, 1);
    assert.match(error.message, /Wait 1 second/);
    assert.equal(emulator.stats().clusters['fault-429']?.received, 2);
  });

  it('429 then success: a declined request is retried safely and succeeds', async () => {
    const reply = await fixture
      .create(emulator.baseUrl, { retryPolicy: ONE_RETRY })
      .send({ clusterId: 'fault-429-once', messages: CONVERSATION, apiKey: SECRET_KEY });
    assert.equal(reply.attempts, 2);
    assert.equal(emulator.stats().clusters['fault-429-once']?.received, 2);
  });

  it('429 with retries off: one POST and the Retry-After in the error', async () => {
    const error = await expectClusterError(send('fault-429'), RateLimitedError);
    assert.equal(error.retryAfterSeconds, 1);
    assert.equal(emulator.stats().clusters['fault-429']?.received, 1);
  });

  it('500: a ServerError that may have run, never retried', async () => {
    const error = await expectClusterError(send('fault-500', { retryPolicy: DEFAULT_RETRY_POLICY }), ServerError);
    assert.equal(error.status, 500);
    assert.equal(error.mayHaveBeenProcessed, true);
    assert.ok(error.serverMessage);
    assert.equal(emulator.stats().clusters['fault-500']?.received, 1);
  });

  it('502 with an HTML page: a ServerError quoting the page title, never retried', async () => {
    const error = await expectClusterError(send('fault-502', { retryPolicy: DEFAULT_RETRY_POLICY }), ServerError);
    assert.equal(error.status, 502);
    assert.match(error.serverMessage ?? '', /Bad Gateway/);
    assert.doesNotMatch(error.message, /</);
    assert.equal(emulator.stats().clusters['fault-502']?.received, 1);
  });

  it('503 with Retry-After: retried within the bound, then a ServerError saying unavailable', async () => {
    const error = await expectClusterError(send('fault-503', { retryPolicy: ONE_RETRY }), ServerError);
    assert.equal(error.status, 503);
    assert.equal(error.mayHaveBeenProcessed, false);
    assert.match(error.message, /temporarily unavailable/);
    assert.equal(emulator.stats().clusters['fault-503']?.received, 2);
  });

  it('3xx: a redirect to another origin is not followed and the key goes nowhere', async () => {
    const error = await expectClusterError(send('fault-redirect', { retryPolicy: DEFAULT_RETRY_POLICY }), RedirectError);
    assert.equal(error.status, 307);
    assert.equal(error.targetOrigin, elsewhere.origin);
    assert.doesNotMatch(error.message, /clusters\?id=/);
    assert.equal(elsewhere.requests.length, 0);
    assert.equal(emulator.stats().clusters['fault-redirect']?.received, 1);
  });

  describe('against a scripted server', () => {
    let server: ScriptedServer;
    let respond: (
      request: { headers: Record<string, unknown> },
      send: (status: number, body: string, type: string, headers?: Record<string, string>) => void,
    ) => void;

    before(async () => {
      server = await startScriptedServer((request, response) =>
        respond(request, (status, body, type, headers = {}) => {
          response.writeHead(status, { 'content-type': type, ...headers });
          response.end(body);
        }),
      );
    });
    after(() => server.close());

    const sendTo = (retryPolicy?: RetryPolicy) =>
      fixture
        .create(`${server.origin}/v1`, retryPolicy ? { retryPolicy } : {})
        .send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });

    it('400: reads `message` from the error body and the request id from a header', async () => {
      respond = (_r, send) =>
        send(400, JSON.stringify({ message: 'messages must not be empty' }), 'application/json', { 'request-id': 'abc-123' });
      const error = await expectClusterError(sendTo(), BadRequestError);
      assert.equal(error.serverMessage, 'messages must not be empty');
      assert.equal(error.requestId, 'abc-123');
      assert.match(error.message, /The service said: “messages must not be empty”.*abc-123/);
    });

    it('redacts the key when a server echoes the Authorization header back', async () => {
      respond = (request, send) =>
        send(401, JSON.stringify({ error: `bad credentials: ${String(request.headers['authorization'])}` }), 'application/json');
      const error = await expectClusterError(sendTo(), AuthError);
      assert.match(error.serverMessage ?? '', /bad credentials: Bearer \[redacted\]/);
      assertKeyAbsent(fixture.logEntries);
    });

    it('a 429 asking for longer than the bound is reported at once, with its Retry-After', async () => {
      server.requests.length = 0;
      respond = (_r, send) => send(429, '{"error":"slow down"}', 'application/json', { 'retry-after': '120' });
      const error = await expectClusterError(sendTo(DEFAULT_RETRY_POLICY), RateLimitedError);
      assert.equal(error.retryAfterSeconds, 120);
      assert.equal(error.serverMessage, 'slow down');
      assert.equal(server.requests.length, 1);
    });

    it('a 429 without Retry-After is not retried (nothing proves when to)', async () => {
      server.requests.length = 0;
      respond = (_r, send) => send(429, '', 'text/plain');
      const error = await expectClusterError(sendTo(DEFAULT_RETRY_POLICY), RateLimitedError);
      assert.equal(error.retryAfterSeconds, undefined);
      assert.match(error.message, /Wait a moment/);
      assert.equal(server.requests.length, 1);
    });

    it('an unexplained status is an UnexpectedStatusError with a plain-text body quoted', async () => {
      respond = (_r, send) => send(409, 'conflict: cluster busy', 'text/plain');
      const error = await expectClusterError(sendTo(), UnexpectedStatusError);
      assert.equal(error.status, 409);
      assert.equal(error.serverMessage, 'conflict: cluster busy');
    });

    it('every log entry names cluster, status, duration and request id, and never the key', async () => {
      fixture.logEntries.length = 0;
      respond = (_r, send) => send(500, '{"error":{"message":"boom","request_id":"r-9"}}', 'application/json');
      await expectClusterError(sendTo(), ServerError);
      const [entry] = fixture.logEntries;
      assert.ok(entry);
      assert.equal(entry.clusterId, 'demo');
      assert.equal(entry.status, 500);
      assert.equal(entry.requestId, 'r-9');
      assert.equal(entry.outcome, 'server');
      assert.equal(typeof entry.durationMs, 'number');
      assertKeyAbsent(fixture.logEntries);
    });
  });
});

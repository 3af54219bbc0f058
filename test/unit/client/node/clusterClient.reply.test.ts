import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { ProtocolError } from '../../../../src/client/common/errors/transportErrors';
import type { Message } from '../../../../src/client/common/messages';
import { ClientFixture, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';
import { sendJson, startScriptedServer, type ScriptedServer } from '../../helpers/loopbackServers';

const ODD_ID = 'team/α beta?&=#1';

describe('ClusterClient: replies', () => {
  let emulator: RunningEmulator;
  const fixture = new ClientFixture();

  before(async () => {
    emulator = await startEmulator({
      apiKey: SECRET_KEY,
      clusters: ['demo', ODD_ID],
      hugeReplyBytes: 2 * 1024 * 1024,
      slowMs: 300,
    });
  });
  after(async () => {
    await fixture.closeAll();
    await emulator.close();
  });
  beforeEach(() => emulator.resetStats());

  it('sends a system+user conversation and returns the appended assistant message', async () => {
    const client = fixture.create(emulator.baseUrl);
    const reply = await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
    assert.equal(reply.status, 200);
    assert.equal(reply.assistant.role, 'assistant');
    assert.ok(reply.assistant.content.length > 0);
    assert.equal(reply.messages.length, CONVERSATION.length + 1);
    assert.deepEqual(reply.messages.slice(0, CONVERSATION.length), CONVERSATION);
    assert.match(reply.requestId ?? '', /^req_/);
    assert.equal(reply.attempts, 1);
    assert.equal(emulator.stats().clusters['demo']?.received, 1);
  });

  it('returns the code block the cluster wrote when code was sent', async () => {
    const client = fixture.create(emulator.baseUrl);
    const messages: Message[] = [{ role: 'user', content: 'Explain this:\n```python\ndef add(a, b):\n    return a + b\n```' }];
    const reply = await client.send({ clusterId: 'demo', messages, apiKey: SECRET_KEY });
    assert.match(reply.assistant.content, /```python\n/);
  });

  it('percent-encodes an opaque cluster id so any characters reach the right cluster', async () => {
    const client = fixture.create(emulator.baseUrl);
    const reply = await client.send({ clusterId: ODD_ID, messages: CONVERSATION, apiKey: SECRET_KEY });
    assert.equal(reply.assistant.role, 'assistant');
    assert.equal(emulator.stats().clusters[ODD_ID]?.received, 1);
  });

  it('waits out a slow but good reply', async () => {
    const client = fixture.create(emulator.baseUrl, { totalTimeoutMs: 10_000 });
    const reply = await client.send({ clusterId: 'slow-good', messages: CONVERSATION, apiKey: SECRET_KEY });
    assert.equal(reply.assistant.role, 'assistant');
    assert.ok(reply.durationMs >= 250, `took ${reply.durationMs} ms`);
  });

  it('reads a body that arrives slowly in small pieces', async () => {
    const client = fixture.create(emulator.baseUrl, { totalTimeoutMs: 10_000 });
    const reply = await client.send({ clusterId: 'fault-slow-body', messages: CONVERSATION, apiKey: SECRET_KEY });
    assert.equal(reply.assistant.role, 'assistant');
  });

  it('rejects a reply that is cut-off JSON as a protocol error', async () => {
    const client = fixture.create(emulator.baseUrl);
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-malformed-json', messages: CONVERSATION, apiKey: SECRET_KEY }),
      ProtocolError,
    );
    assert.equal(error.failure, 'notJson');
    assert.equal(error.mayHaveBeenProcessed, true);
    assert.match(error.message, /not valid JSON/);
  });

  it('rejects a text/plain reply, naming the content type', async () => {
    const client = fixture.create(emulator.baseUrl);
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-text-plain', messages: CONVERSATION, apiKey: SECRET_KEY }),
      ProtocolError,
    );
    assert.equal(error.failure, 'notJson');
    assert.match(error.message, /text\/plain/);
  });

  it('rejects a valid JSON reply without an appended assistant message', async () => {
    const client = fixture.create(emulator.baseUrl);
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-no-assistant', messages: CONVERSATION, apiKey: SECRET_KEY }),
      ProtocolError,
    );
    assert.equal(error.failure, 'noAssistant');
    assert.match(error.message, /2 message\(s\) for the 2 sent/);
  });

  it('stops reading a reply over the size cap instead of buffering it', async () => {
    const client = fixture.create(emulator.baseUrl, { maxResponseBytes: 1024 * 1024 });
    const error = await expectClusterError(
      client.send({ clusterId: 'fault-huge', messages: CONVERSATION, apiKey: SECRET_KEY }),
      ProtocolError,
    );
    assert.equal(error.failure, 'tooLarge');
    assert.match(error.message, /over 1 MB/);
  });

  describe('against a scripted server', () => {
    let server: ScriptedServer;
    let answer: (body: string, respond: (status: number, value: unknown, headers?: Record<string, string>) => void) => void;

    before(async () => {
      server = await startScriptedServer((request, response) =>
        answer(request.body, (status, value, headers) => sendJson(response, status, value, headers)),
      );
    });
    after(() => server.close());
    beforeEach(() => {
      server.requests.length = 0;
    });

    it('sends POST {base}/clusters?id=… with bearer key, JSON in and out, and a User-Agent', async () => {
      answer = (_body, respond) => respond(200, { content: { messages: [...CONVERSATION, { role: 'assistant', content: 'hi' }] } });
      const client = fixture.create(`${server.origin}/v1/`);
      await client.send({ clusterId: 'a b/c', messages: CONVERSATION, apiKey: SECRET_KEY });
      const [request] = server.requests;
      assert.ok(request);
      assert.equal(request.method, 'POST');
      assert.equal(request.url, '/v1/clusters?id=a%20b%2Fc');
      assert.equal(request.headers.authorization, `Bearer ${SECRET_KEY}`);
      assert.equal(request.headers['content-type'], 'application/json');
      assert.equal(request.headers.accept, 'application/json');
      assert.equal(request.headers['user-agent'], 'cluster-chat/0.0.0-test');
      assert.deepEqual(JSON.parse(request.body), { content: { messages: CONVERSATION } });
    });

    it('reuses one keep-alive connection for consecutive requests', async () => {
      answer = (_body, respond) => respond(200, { content: { messages: [...CONVERSATION, { role: 'assistant', content: 'hi' }] } });
      const client = fixture.create(`${server.origin}/v1`);
      const before = server.connections();
      for (let i = 0; i < 5; i++) {
        await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
        await new Promise((resolve) => setTimeout(resolve, 5));
      }
      assert.equal(server.connections() - before, 1);
    });

    it('tolerates extra fields in the reply', async () => {
      answer = (_body, respond) =>
        respond(200, {
          id: 'x',
          usage: { tokens: 3 },
          content: { messages: [...CONVERSATION, { role: 'assistant', content: 'hi', name: 'bot' }], trace: [] },
        });
      const client = fixture.create(`${server.origin}/v1`);
      const reply = await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
      assert.deepEqual(reply.assistant, { role: 'assistant', content: 'hi' });
    });

    it('rejects a reply without content.messages, naming the field', async () => {
      answer = (_body, respond) => respond(200, { content: { text: 'hi' } });
      const client = fixture.create(`${server.origin}/v1`);
      const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), ProtocolError);
      assert.equal(error.failure, 'shape');
      assert.match(error.message, /content\.messages/);
    });

    it('rejects a reply whose last message is not from the assistant', async () => {
      answer = (_body, respond) => respond(200, { content: { messages: [...CONVERSATION, { role: 'user', content: 'again' }] } });
      const client = fixture.create(`${server.origin}/v1`);
      const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), ProtocolError);
      assert.equal(error.failure, 'noAssistant');
      assert.match(error.message, /role “user”/);
    });

    it('refuses a Content-Length over the cap without reading the body', async () => {
      answer = (_body, respond) =>
        respond(200, { content: { messages: [...CONVERSATION, { role: 'assistant', content: 'x'.repeat(4096) }] } });
      const client = fixture.create(`${server.origin}/v1`, { maxResponseBytes: 1024 });
      const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), ProtocolError);
      assert.equal(error.failure, 'tooLarge');
    });
  });
});

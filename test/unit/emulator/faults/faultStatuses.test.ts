import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { assistantText, parseError, parseMessages, postCluster, SYSTEM_AND_USER } from '../emulatorRequests';

describe('emulator: fault clusters that answer', () => {
  let emulator: RunningEmulator;
  const redirectTarget = 'http://127.0.0.2:9/v1/clusters?id=demo';

  before(async () => {
    emulator = await startEmulator({ port: 0, retryAfterSeconds: 7, slowMs: 300, redirectTarget });
  });
  after(() => emulator.close());

  it('fault-429: 429 with Retry-After and a JSON error', async () => {
    const result = await postCluster(emulator, 'fault-429');
    assert.equal(result.status, 429);
    assert.equal(result.headers['retry-after'], '7');
    assert.equal(parseError(result).code, 'rate_limited');
  });

  it('fault-429-once: odd-numbered requests get 429, even-numbered ones a good reply', async () => {
    const statuses: number[] = [];
    for (let index = 0; index < 4; index += 1) {
      const result = await postCluster(emulator, 'fault-429-once');
      statuses.push(result.status);
      if (result.status === 429) {
        assert.equal(result.headers['retry-after'], '7');
      } else {
        assert.equal(parseMessages(result).length, 3);
      }
    }
    assert.deepEqual(statuses, [429, 200, 429, 200]);
    assert.equal(emulator.stats().clusters['fault-429-once']?.received, 4);
  });

  it('fault-403: 403 JSON error about access to the cluster', async () => {
    const result = await postCluster(emulator, 'fault-403');
    assert.equal(result.status, 403);
    assert.equal(parseError(result).code, 'forbidden');
    assert.match(parseError(result).message, /no access to this cluster/);
  });

  it('fault-422: a FastAPI-style detail body without an error object', async () => {
    const result = await postCluster(emulator, 'fault-422');
    assert.equal(result.status, 422);
    const body = JSON.parse(result.body) as Record<string, unknown>;
    assert.equal(body['error'], undefined);
    assert.deepEqual(Object.keys(body), ['detail']);
    const detail = body['detail'] as Array<{ loc: unknown[]; msg: string; type: string }>;
    assert.deepEqual(detail[0]?.loc, ['body', 'content', 'messages', 0]);
    assert.equal(detail[0]?.type, 'value_error');
    assert.equal(typeof detail[0]?.msg, 'string');
  });

  it('fault-500: 500 JSON error', async () => {
    const result = await postCluster(emulator, 'fault-500');
    assert.equal(result.status, 500);
    assert.equal(parseError(result).code, 'internal_error');
  });

  it('fault-502: 502 with an HTML Bad Gateway page', async () => {
    const result = await postCluster(emulator, 'fault-502');
    assert.equal(result.status, 502);
    assert.match(String(result.headers['content-type']), /^text\/html/);
    assert.match(result.body, /<title>502 Bad Gateway<\/title>/);
    assert.throws(() => JSON.parse(result.body));
  });

  it('fault-503: 503 JSON error with Retry-After', async () => {
    const result = await postCluster(emulator, 'fault-503');
    assert.equal(result.status, 503);
    assert.equal(result.headers['retry-after'], '7');
    assert.equal(parseError(result).code, 'service_unavailable');
  });

  it('fault-malformed-json: 200 application/json with a truncated body', async () => {
    const result = await postCluster(emulator, 'fault-malformed-json');
    assert.equal(result.status, 200);
    assert.match(String(result.headers['content-type']), /^application\/json/);
    assert.ok(result.body.startsWith('{"content":{"messages":['));
    assert.throws(() => JSON.parse(result.body), SyntaxError);
  });

  it('fault-no-assistant: 200 echoing the sent messages only', async () => {
    const result = await postCluster(emulator, 'fault-no-assistant');
    assert.equal(result.status, 200);
    assert.deepEqual(parseMessages(result), SYSTEM_AND_USER.content.messages);
  });

  it('fault-redirect: 307 to another origin with an empty body', async () => {
    const result = await postCluster(emulator, 'fault-redirect');
    assert.equal(result.status, 307);
    assert.equal(result.headers['location'], redirectTarget);
    assert.equal(result.body, '');
  });

  it('fault-text-plain: 200 text/plain "OK"', async () => {
    const result = await postCluster(emulator, 'fault-text-plain');
    assert.equal(result.status, 200);
    assert.match(String(result.headers['content-type']), /^text\/plain/);
    assert.equal(result.body, 'OK');
  });

  it('echo: the assistant message is the last user message, verbatim', async () => {
    const content = '<img src=x onerror=alert(1)> **bold** ```js\nx\n```';
    const result = await postCluster(emulator, 'echo', {
      content: {
        messages: [
          { role: 'system', content: 'S' },
          { role: 'user', content },
        ],
      },
    });
    assert.equal(result.status, 200);
    const reply = JSON.parse(result.body) as { content: { messages: Array<{ role: string; content: string }> } };
    assert.deepEqual(reply.content.messages.at(-1), { role: 'assistant', content });
    assert.equal(reply.content.messages.length, 3);
  });

  it('transcript: the assistant message lists every message received, role by role', async () => {
    const messages = [
      { role: 'system', content: 'Be brief.' },
      { role: 'user', content: 'First question' },
      { role: 'assistant', content: 'First answer' },
      { role: 'user', content: 'Second question' },
    ];
    const result = await postCluster(emulator, 'transcript', { content: { messages } });
    assert.equal(result.status, 200);
    const reply = JSON.parse(result.body) as { content: { messages: Array<{ role: string; content: string }> } };
    assert.deepEqual(reply.content.messages.slice(0, 4), messages);
    assert.equal(
      reply.content.messages[4]?.content,
      'system:\nBe brief.\n\nuser:\nFirst question\n\nassistant:\nFirst answer\n\nuser:\nSecond question',
    );
  });

  it('slow-good: a good reply only after slowMs', async () => {
    const started = Date.now();
    const result = await postCluster(emulator, 'slow-good');
    const elapsed = Date.now() - started;
    assert.equal(result.status, 200);
    assert.ok(elapsed >= 280, `answered after ${elapsed} ms`);
    assert.ok(assistantText(result).length > 0);
  });
});

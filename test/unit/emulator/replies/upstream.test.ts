import assert from 'node:assert/strict';
import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { assistantText, conversation, parseError, parseMessages, postCluster, SYSTEM_AND_USER } from '../emulatorRequests';

type Mode = 'ok' | 'fail' | 'hang' | 'no-choices';

interface Seen {
  method: string | undefined;
  url: string | undefined;
  headers: IncomingHttpHeaders;
  body: unknown;
}

/** A tiny OpenAI-compatible chat completions server. */
async function startFakeUpstream(): Promise<{ server: Server; url: string; seen: Seen[]; setMode(mode: Mode): void }> {
  const seen: Seen[] = [];
  let mode: Mode = 'ok';
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      seen.push({ method: req.method, url: req.url, headers: req.headers, body: JSON.parse(Buffer.concat(chunks).toString('utf8')) });
      if (mode === 'hang') {
        return;
      }
      if (mode === 'fail') {
        res.writeHead(500, { 'Content-Type': 'application/json' }).end('{"error":{"message":"model crashed"}}');
        return;
      }
      const body =
        mode === 'ok' ? { choices: [{ index: 0, message: { role: 'assistant', content: 'Upstream says hi' } }] } : { choices: [] };
      res.writeHead(200, { 'Content-Type': 'application/json' }).end(JSON.stringify(body));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { server, url: `http://127.0.0.1:${port}/v1`, seen, setMode: (next) => (mode = next) };
}

describe('emulator: upstream forwarding', () => {
  let fake: Awaited<ReturnType<typeof startFakeUpstream>>;
  let emulator: RunningEmulator;

  before(async () => {
    fake = await startFakeUpstream();
    emulator = await startEmulator({
      port: 0,
      upstream: { url: `${fake.url}/`, model: 'tiny-model', apiKey: 'upstream-secret', timeoutMs: 300 },
    });
  });
  after(async () => {
    await emulator.close();
    fake.server.closeAllConnections();
    await new Promise((resolve) => fake.server.close(resolve));
  });
  beforeEach(() => {
    fake.seen.length = 0;
    fake.setMode('ok');
  });

  it('forwards model and messages with the upstream bearer token and uses the first choice', async () => {
    const body = { content: { messages: [...SYSTEM_AND_USER.content.messages, { role: 'assistant', content: 'x', extra: true }] } };
    const result = await postCluster(emulator, 'demo', body);
    assert.equal(result.status, 200);
    assert.deepEqual(parseMessages(result).slice(0, 3), body.content.messages);
    assert.equal(assistantText(result), 'Upstream says hi');
    assert.equal(fake.seen.length, 1);
    const [seen] = fake.seen;
    assert.equal(seen?.method, 'POST');
    assert.equal(seen?.url, '/v1/chat/completions');
    assert.equal(seen?.headers.authorization, 'Bearer upstream-secret');
    assert.match(String(seen?.headers['content-type']), /^application\/json/);
    assert.deepEqual(seen?.body, {
      model: 'tiny-model',
      messages: [
        { role: 'system', content: 'You are a helpful reviewer.' },
        { role: 'user', content: 'How do I reverse a list in Python?' },
        { role: 'assistant', content: 'x' },
      ],
      stream: false,
    });
  });

  it('still runs custom actions, quoted after the upstream answer', async () => {
    const result = await postCluster(emulator, 'demo', conversation({ role: 'user', content: 'run action: create-ticket' }));
    assert.equal(assistantText(result), 'Upstream says hi\n\n> **Action `create-ticket`**\n> Created ticket CC-0001');
  });

  it('fault clusters keep their own behaviour and do not call the upstream', async () => {
    assert.equal((await postCluster(emulator, 'fault-500')).status, 500);
    assert.equal(fake.seen.length, 0);
  });

  it('502 naming the upstream status when the upstream fails, without the upstream key', async () => {
    fake.setMode('fail');
    const result = await postCluster(emulator, 'demo');
    assert.equal(result.status, 502);
    const error = parseError(result);
    assert.equal(error.code, 'upstream_error');
    assert.match(error.message, /^Upstream http:\/\/127\.0\.0\.1:\d+\/v1\/chat\/completions answered 500 Internal Server Error\.$/);
    assert.doesNotMatch(result.body, /upstream-secret/);
  });

  it('502 when the upstream reply has no choices[0].message.content', async () => {
    fake.setMode('no-choices');
    const result = await postCluster(emulator, 'demo');
    assert.equal(result.status, 502);
    assert.match(parseError(result).message, /choices\[0\]\.message\.content/);
  });

  it('502 when the upstream does not answer in time', async () => {
    fake.setMode('hang');
    const started = Date.now();
    const result = await postCluster(emulator, 'demo');
    assert.equal(result.status, 502);
    assert.match(parseError(result).message, /did not answer within 300 ms/);
    assert.ok(Date.now() - started < 2000);
  });

  it('502 when the upstream cannot be reached', async () => {
    const closed = await startFakeUpstream();
    await new Promise((resolve) => closed.server.close(resolve));
    const lonely = await startEmulator({ port: 0, upstream: { url: closed.url, model: 'm' } });
    try {
      const result = await postCluster(lonely, 'demo');
      assert.equal(result.status, 502);
      assert.match(parseError(result).message, /could not be reached \(ECONNREFUSED\)/);
    } finally {
      await lonely.close();
    }
  });
});

import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { startEmulator, type ReceivedRequest, type RunningEmulator } from '../../../../scripts/emulator/server';
import type { ClusterErrorKind } from '../../../../src/client/common/errors/errors';
import { isClusterError } from '../../../../src/client/common/errors/errors';
import type { Message } from '../../../../src/client/common/messages';
import { DEFAULT_RETRY_POLICY } from '../../../../src/client/common/retryPolicy';
import type { InspectedRequest } from '../../../../src/inspector/common/inspectedRequest';
import { requestDocument, supportText } from '../../../../src/inspector/node/requestDocument';
import { HISTORY_SIZE, RequestHistory } from '../../../../src/inspector/node/requestHistory';
import { ClientFixture, CONVERSATION, SECRET_KEY } from '../../helpers/clientFixture';

/** Text a message can hold that JSON keeps as is: non-ASCII, backticks, a fence, a line break. */
const AWKWARD: readonly Message[] = [
  { role: 'system', content: 'Réponds en français. ```ts\nconst x = `a`;\n```' },
  { role: 'user', content: 'naïve 日本語 😀 "quotes" \\ back\\slash \u2028 end' },
];

describe('request inspector: the record of what went on the wire', () => {
  let emulator: RunningEmulator;
  const fixture = new ClientFixture();

  before(async () => {
    emulator = await startEmulator({ apiKey: SECRET_KEY, clusters: ['demo'], retryAfterSeconds: 0 });
  });
  after(async () => {
    await fixture.closeAll();
    await emulator.close();
  });
  beforeEach(() => emulator.resetStats());

  /** Sends through a client as the pipeline does: the history follows the call, then hears how it ended. */
  async function send(history: RequestHistory, clusterId: string, messages: readonly Message[] = CONVERSATION): Promise<InspectedRequest> {
    const client = fixture.create(emulator.baseUrl, { retryPolicy: { ...DEFAULT_RETRY_POLICY, maxRetryAfterSeconds: 1 } });
    const recording = history.begin('api', clusterId);
    let outcome: 'ok' | ClusterErrorKind = 'ok';
    try {
      await client.send({ clusterId, messages, apiKey: SECRET_KEY, trace: recording.trace });
    } catch (error) {
      assert.ok(isClusterError(error));
      outcome = error.kind;
    }
    recording.finish(outcome);
    const id = recording.id();
    assert.ok(id !== undefined, 'the request went on the wire, so it has a record');
    const record = history.get(id);
    assert.ok(record);
    return record;
  }

  function receivedAs(requestId: string | undefined): ReceivedRequest {
    const received = emulator.received().find((request) => request.requestId === requestId);
    assert.ok(received, `the emulator received a request with id ${String(requestId)}`);
    return received;
  }

  function assertKeyNowhere(record: InspectedRequest): void {
    const views = [
      inspect(record, { depth: 5 }),
      JSON.stringify(record),
      Buffer.from(record.body).toString('utf8'),
      requestDocument(record),
      supportText(record),
    ];
    for (const view of views) {
      assert.ok(!view.includes(SECRET_KEY), `the key leaked into: ${view.slice(0, 300)}`);
    }
  }

  it('holds the body bytes the emulator received, the headers as sent with the key masked, and the reply', async () => {
    const history = new RequestHistory();
    const record = await send(history, 'demo', AWKWARD);
    const received = receivedAs(record.requestId);
    assert.equal(Buffer.from(record.body).toString('base64'), received.bodyBase64, 'byte for byte');
    assert.equal(record.bodyBytes, Buffer.from(received.bodyBase64, 'base64').byteLength);
    const headers = new Map(record.headers);
    assert.equal(headers.get('authorization'), `Bearer ••••${SECRET_KEY.slice(-4)}`);
    assert.equal(received.authorizationEnding, SECRET_KEY.slice(-4));
    for (const name of ['content-type', 'accept', 'user-agent']) {
      assert.equal(headers.get(name), received.headers[name], name);
    }
    assert.equal(record.url, `${emulator.origin}/v1/clusters?id=demo`);
    assert.equal(record.status, 200);
    assert.equal(record.outcome, 'ok');
    assert.equal(record.attempts, 1);
    assert.match(record.requestId ?? '', /^req_\d+$/);
    const reply = JSON.parse(record.replyBody ?? '') as { content: { messages: Message[] } };
    assert.equal(reply.content.messages.at(-1)?.role, 'assistant');
    assertKeyNowhere(record);
  });

  it('shows the exact body in the page, inside a fence no content can close', async () => {
    const record = await send(new RequestHistory(), 'demo', AWKWARD);
    const page = requestDocument(record);
    const body = Buffer.from(record.body).toString('utf8');
    const fence = '`'.repeat(4);
    assert.ok(page.includes(`${fence}json\n${body}\n${fence}\n`), page);
    assert.ok(page.includes(`Bearer ••••${SECRET_KEY.slice(-4)}`));
    assert.ok(page.includes(`- **Request id:** ${record.requestId ?? ''}\n`));
  });

  it('records an error status with its reply body, and every attempt of a retried request', async () => {
    const history = new RequestHistory();
    const failed = await send(history, 'fault-500');
    assert.equal(failed.status, 500);
    assert.equal(failed.outcome, 'server');
    assert.match(failed.replyBody ?? '', /internal_error/);
    assert.equal(receivedAs(failed.requestId).bodyBase64, Buffer.from(failed.body).toString('base64'));

    const retried = await send(history, 'fault-429-once');
    assert.equal(retried.attempts, 2);
    assert.equal(retried.status, 200);
    assert.equal(receivedAs(retried.requestId).bodyBase64, Buffer.from(retried.body).toString('base64'), 'the retry sent the same bytes');
    assert.deepEqual(
      history.list().map((record) => record.id),
      [retried.id, failed.id],
      'newest first',
    );
  });

  it('masks the key where it occurs in a body, and says so', async () => {
    const record = await send(new RequestHistory(), 'demo', [{ role: 'user', content: `my key is ${SECRET_KEY}, is it safe?` }]);
    assert.ok(record.bodyMasked);
    assertKeyNowhere(record);
    assert.match(requestDocument(record), /shown masked/);
  });

  it('copies for support the cluster id, UTC time, request id, status and duration, and nothing else', async () => {
    const record = await send(new RequestHistory(), 'demo');
    const lines = supportText(record).split('\n');
    assert.deepEqual(
      lines.map((line) => line.split(': ')[0]),
      ['Cluster', 'Time (UTC)', 'Request id', 'Status', 'Duration'],
    );
    assert.equal(lines[0], 'Cluster: demo');
    assert.match(lines[1] ?? '', /^Time \(UTC\): \d{4}-\d\d-\d\d \d\d:\d\d:\d\d\.\d{3} UTC$/);
    assert.equal(lines[2], `Request id: ${record.requestId ?? ''}`);
    assert.equal(lines[3], 'Status: 200');
    assert.match(lines[4] ?? '', /^Duration: \d+ ms$/);
  });

  it('keeps only the last 50 requests, and none that never went on the wire', () => {
    const history = new RequestHistory();
    const wire = { url: 'http://127.0.0.1:1/v1/clusters?id=x', headers: { authorization: 'Bearer abcdefgh' }, body: Buffer.from('{}') };
    for (let index = 0; index < HISTORY_SIZE + 5; index++) {
      const recording = history.begin('chat', `c${index}`);
      recording.trace.sent(wire);
      recording.finish('ok');
    }
    const notSent = history.begin('chat', 'never');
    notSent.finish('config');
    assert.equal(notSent.id(), undefined);
    assert.equal(history.list().length, HISTORY_SIZE);
    assert.equal(history.list()[0]?.clusterId, `c${HISTORY_SIZE + 4}`);
    assert.equal(history.get(1), undefined);
    assert.equal(history.latest()?.headers[0]?.[1], 'Bearer ••••efgh');
  });
});

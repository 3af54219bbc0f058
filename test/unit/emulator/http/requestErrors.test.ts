import assert from 'node:assert/strict';
import { request as httpRequest } from 'node:http';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { authHeaders, conversation, parseError, postCluster, request, SYSTEM_AND_USER, type HttpResult } from '../emulatorRequests';

const MAX_BODY = 64 * 1024;

function assertError(result: HttpResult, status: number, code: string, message?: RegExp): void {
  assert.equal(result.status, status, result.body);
  assert.match(String(result.headers['content-type']), /^application\/json/);
  const error = parseError(result);
  assert.equal(error.code, code);
  assert.equal(error.request_id, result.headers['x-request-id']);
  assert.match(error.request_id, /^req_\d{6}$/);
  if (message !== undefined) {
    assert.match(error.message, message);
  }
}

describe('emulator: request errors', () => {
  let emulator: RunningEmulator;
  const body = JSON.stringify(SYSTEM_AND_USER);

  before(async () => {
    emulator = await startEmulator({ port: 0, maxBodyBytes: MAX_BODY });
  });
  after(() => emulator.close());

  const post = (query: string, headers: Record<string, string>, payload: string | Buffer = body): Promise<HttpResult> =>
    request(`${emulator.baseUrl}/clusters${query}`, { method: 'POST', headers, body: payload });

  it('401 without an Authorization header', async () => {
    const result = await post('?id=demo', { 'Content-Type': 'application/json' });
    assertError(result, 401, 'unauthorized');
    assert.equal(result.headers['www-authenticate'], 'Bearer');
  });

  it('401 with a wrong key, another scheme, or the key with a suffix', async () => {
    for (const authorization of ['Bearer wrong-key', `Basic ${emulator.apiKey}`, `Bearer ${emulator.apiKey}x`, 'Bearer']) {
      const result = await post('?id=demo', { Authorization: authorization, 'Content-Type': 'application/json' });
      assertError(result, 401, 'unauthorized');
      assert.equal(result.headers['www-authenticate'], 'Bearer');
    }
  });

  it('checks the key before revealing whether a cluster exists', async () => {
    const result = await post('?id=no-such-cluster', { Authorization: 'Bearer wrong', 'Content-Type': 'application/json' });
    assertError(result, 401, 'unauthorized');
    assert.doesNotMatch(result.body, /no-such-cluster/);
  });

  it('404 for an unknown cluster id', async () => {
    assertError(await postCluster(emulator, 'x'), 404, 'cluster_not_found', /^Cluster 'x' not found/);
  });

  it('400 when the id query parameter is missing, empty or repeated', async () => {
    assertError(await post('', authHeaders(emulator)), 400, 'missing_cluster_id', /id query parameter/);
    assertError(await post('?id=', authHeaders(emulator)), 400, 'missing_cluster_id');
    assertError(await post('?id=demo&id=demo', authHeaders(emulator)), 400, 'invalid_request', /only once/);
  });

  it('400 for a body that is not JSON', async () => {
    assertError(await post('?id=demo', authHeaders(emulator), '{"content":'), 400, 'invalid_json', /not valid JSON/);
  });

  it('400 naming the field when the JSON does not have the spec shape', async () => {
    const cases: Array<[unknown, RegExp]> = [
      [[], /the request body must be a JSON object/],
      [{}, /content must be an object/],
      [{ content: {} }, /content\.messages must be an array/],
      [{ content: { messages: [] } }, /content\.messages must not be empty/],
      [{ content: { messages: ['hi'] } }, /content\.messages\[0\] must be an object/],
      [
        conversation({ role: 'system', content: 'a' }, { role: 'user', content: 'b' }, { role: 'robot', content: 'c' }),
        /content\.messages\[2\]\.role must be one of system, user, assistant/,
      ],
      [{ content: { messages: [{ role: 'user', content: 42 }] } }, /content\.messages\[0\]\.content must be a string/],
    ];
    for (const [payload, message] of cases) {
      assertError(await postCluster(emulator, 'demo', payload), 400, 'invalid_request', message);
    }
  });

  it('415 for a content type other than JSON', async () => {
    const headers = { Authorization: `Bearer ${emulator.apiKey}` };
    assertError(await post('?id=demo', { ...headers, 'Content-Type': 'text/plain' }), 415, 'unsupported_media_type');
    assertError(await post('?id=demo', headers), 415, 'unsupported_media_type');
  });

  it('413 from Content-Length alone, before any body is sent', async () => {
    const result = await new Promise<HttpResult>((resolve, reject) => {
      const req = httpRequest(`${emulator.baseUrl}/clusters?id=demo`, {
        method: 'POST',
        agent: false,
        headers: { ...authHeaders(emulator), 'Content-Length': String(MAX_BODY + 1) },
      });
      req.on('response', (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', reject);
      req.flushHeaders();
    });
    assertError(result, 413, 'payload_too_large', new RegExp(`${MAX_BODY} bytes`));
  });

  it('413 for a chunked body without Content-Length once it passes the limit', async () => {
    let written = 0;
    const result = await new Promise<HttpResult>((resolve, reject) => {
      let answered = false;
      const req = httpRequest(`${emulator.baseUrl}/clusters?id=demo`, {
        method: 'POST',
        agent: false,
        headers: authHeaders(emulator),
      });
      req.on('response', (res) => {
        answered = true;
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          resolve({ status: res.statusCode ?? 0, headers: res.headers, body: Buffer.concat(chunks).toString('utf8') });
          req.destroy();
        });
      });
      req.on('error', (error) => {
        if (!answered) {
          reject(error);
        }
      });
      const chunk = Buffer.alloc(8 * 1024, 'a');
      const pump = (): void => {
        if (answered || written >= 16 * MAX_BODY) {
          return;
        }
        written += chunk.length;
        req.write(chunk, () => setTimeout(pump, 2));
      };
      pump();
    });
    assertError(result, 413, 'payload_too_large');
    assert.ok(written < 16 * MAX_BODY, `the emulator should answer before the whole body is sent (sent ${written})`);
  });

  it('accepts a body just under the limit', async () => {
    const filler = 'x'.repeat(MAX_BODY - 200);
    const result = await postCluster(emulator, 'demo', conversation({ role: 'user', content: filler }));
    assert.equal(result.status, 200);
  });

  it('405 with Allow: POST for other methods on /v1/clusters', async () => {
    for (const method of ['GET', 'PUT', 'DELETE']) {
      const result = await request(`${emulator.baseUrl}/clusters?id=demo`, { method, headers: authHeaders(emulator) });
      assertError(result, 405, 'method_not_allowed');
      assert.equal(result.headers['allow'], 'POST');
    }
  });

  it('404 JSON for unknown paths', async () => {
    for (const path of ['/v1/cluster', '/clusters', '/v2/clusters', '/v1/clusters/demo', '/']) {
      const result = await request(`${emulator.origin}${path}?id=demo`, {
        method: 'POST',
        headers: authHeaders(emulator),
        body,
      });
      assertError(result, 404, 'not_found');
    }
  });

  it('request ids are a counter shared by successes and errors', async () => {
    const first = await postCluster(emulator, 'demo');
    const second = await postCluster(emulator, 'x');
    const seq = (result: HttpResult): number => Number(String(result.headers['x-request-id']).slice(4));
    assert.equal(seq(second), seq(first) + 1);
  });
});

import * as assert from 'node:assert/strict';
import { clusterRequestPath, isLoopbackHost, parseServiceEndpoint } from '../../../../src/client/common/endpoint';
import { ConfigurationError, UnknownClusterError } from '../../../../src/client/common/errors/statusErrors';
import { formatMessage, setTranslator } from '../../../../src/base/common/l10n';
import { classifyTransportFailure } from '../../../../src/client/node/http/transportFailure';
import { redactSecrets } from '../../../../src/client/common/redact';
import {
  ClusterReplySchema,
  ClusterRequestSchema,
  isClusterReplyBody,
  isSendableConversation,
} from '../../../../src/client/common/messages';
import { parseRetryAfterSeconds } from '../../../../src/client/common/retryAfter';
import { DEFAULT_RETRY_POLICY, retryDelayMs } from '../../../../src/client/common/retryPolicy';

describe('retry policy', () => {
  const policy = DEFAULT_RETRY_POLICY;
  it('retries a refused connection with backoff, up to the attempt limit', () => {
    assert.equal(retryDelayMs({ kind: 'refused' }, 1, policy, 60_000), 250);
    assert.equal(retryDelayMs({ kind: 'refused' }, 2, policy, 60_000), 1000);
    assert.equal(retryDelayMs({ kind: 'refused' }, 3, policy, 60_000), undefined);
  });
  it('retries 429 and 503 only with a Retry-After within the bound', () => {
    assert.equal(retryDelayMs({ kind: 'status', status: 429, retryAfterSeconds: 2 }, 1, policy, 60_000), 2000);
    assert.equal(retryDelayMs({ kind: 'status', status: 503, retryAfterSeconds: 0 }, 1, policy, 60_000), 0);
    assert.equal(retryDelayMs({ kind: 'status', status: 429, retryAfterSeconds: 6 }, 1, policy, 60_000), undefined);
    assert.equal(retryDelayMs({ kind: 'status', status: 429, retryAfterSeconds: undefined }, 1, policy, 60_000), undefined);
  });
  it('never retries other statuses, whatever they say', () => {
    for (const status of [500, 502, 504, 400, 401, 404, 408]) {
      assert.equal(retryDelayMs({ kind: 'status', status, retryAfterSeconds: 1 }, 1, policy, 60_000), undefined, String(status));
    }
  });
  it('does not wait past the total timeout', () => {
    assert.equal(retryDelayMs({ kind: 'status', status: 429, retryAfterSeconds: 2 }, 1, policy, 1500), undefined);
  });
});

describe('parseRetryAfterSeconds', () => {
  it('reads delta seconds and HTTP dates', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    assert.equal(parseRetryAfterSeconds('7', now), 7);
    assert.equal(parseRetryAfterSeconds('Thu, 01 Jan 2026 00:00:30 GMT', now), 30);
    assert.equal(parseRetryAfterSeconds('Wed, 31 Dec 2025 00:00:00 GMT', now), 0);
    assert.equal(parseRetryAfterSeconds('soon', now), undefined);
    assert.equal(parseRetryAfterSeconds(undefined, now), undefined);
  });
});

describe('service endpoint', () => {
  it('keeps origin and base path, dropping trailing slashes', () => {
    assert.deepEqual(parseServiceEndpoint('https://api.wizlay.com/v1/'), { origin: 'https://api.wizlay.com', basePath: '/v1' });
    assert.equal(clusterRequestPath(parseServiceEndpoint('http://127.0.0.1:8787/v1'), 'x&y=z'), '/v1/clusters?id=x%26y%3Dz');
  });
  const refused: Array<[string, RegExp]> = [
    ['not a url', /not a valid address/],
    ['ftp://example.com/v1', /must start with https/],
    ['http://10.0.0.5/v1', /plain http/],
    ['https://user:pass@api.wizlay.com/v1', /user name or password/],
    ['https://api.wizlay.com/v1?id=1', /query/],
  ];
  for (const [url, message] of refused) {
    it(`refuses ${url}`, () => {
      assert.throws(
        () => parseServiceEndpoint(url),
        (error: unknown) => error instanceof ConfigurationError && message.test(error.message),
      );
    });
  }
  it('knows loopback hosts', () => {
    for (const host of ['localhost', '127.0.0.1', '127.1.2.3', '[::1]', 'app.localhost']) {
      assert.ok(isLoopbackHost(host), host);
    }
    for (const host of ['10.0.0.1', 'localhost.example.com', '128.0.0.1', '::2']) {
      assert.ok(!isLoopbackHost(host), host);
    }
  });
});

describe('redactSecrets', () => {
  it('removes the key and any bearer credential', () => {
    assert.equal(redactSecrets('key=abc123 and abc123', ['abc123']), 'key=[redacted] and [redacted]');
    assert.equal(redactSecrets('Authorization: Bearer zzz.yyy', []), 'Authorization: Bearer [redacted]');
    assert.equal(redactSecrets('via http://me:p%40ss@proxy.corp:3128/ failed', []), 'via http://[redacted]@proxy.corp:3128/ failed');
  });
});

describe('classifyTransportFailure', () => {
  const withCode = (code: string, cause?: unknown): Error => Object.assign(new Error(code), { code, cause });
  it('reads codes from the error, its cause, and AggregateError members', () => {
    assert.equal(classifyTransportFailure(withCode('UND_ERR_CONNECT_TIMEOUT')).kind, 'connectTimeout');
    assert.equal(classifyTransportFailure(new AggregateError([withCode('ECONNREFUSED'), withCode('ECONNREFUSED')])).kind, 'refused');
    assert.equal(classifyTransportFailure(withCode('UND_ERR_SOCKET', withCode('ECONNRESET'))).kind, 'reset');
    assert.equal(classifyTransportFailure(withCode('ENOTFOUND')).kind, 'dns');
    assert.equal(classifyTransportFailure(withCode('EHOSTUNREACH')).kind, 'unreachable');
    assert.deepEqual(classifyTransportFailure(withCode('CERT_HAS_EXPIRED')), { kind: 'tls', code: 'CERT_HAS_EXPIRED' });
    assert.equal(classifyTransportFailure(new Error('weird')).kind, 'other');
  });
});

describe('l10n outside the extension host', () => {
  it('formats {n} placeholders', () => {
    assert.equal(formatMessage('{0} of {1} {2}', 1, 'two'), '1 of two {2}');
  });

  it('passes every part of an error message through the translator the host installs', () => {
    const seen: string[] = [];
    setTranslator((message, ...args) => {
      seen.push(message);
      return formatMessage(message.toUpperCase(), ...args);
    });
    try {
      const error = new UnknownClusterError({ clusterId: 'x', status: 404 });
      assert.ok(seen.includes('{0} was not found{1}. Check the cluster id, or pick another one with “Cluster Chat: Select Cluster…”.'));
      assert.ok(seen.includes('cluster “{0}”'));
      assert.equal(
        error.message,
        'CLUSTER “x” WAS NOT FOUND (HTTP 404). CHECK THE CLUSTER ID, OR PICK ANOTHER ONE WITH “CLUSTER CHAT: SELECT CLUSTER…”.',
      );
    } finally {
      setTranslator(undefined);
    }
    assert.equal(
      new UnknownClusterError({ clusterId: 'x' }).message,
      'Cluster “x” was not found. Check the cluster id, or pick another one with “Cluster Chat: Select Cluster…”.',
    );
  });
});

describe('request and reply checks', () => {
  // Messages that are fine and every way one can be off, then every way a body around them can be.
  const goodMessages: unknown[] = [
    { role: 'user', content: 'Hi' },
    { role: 'system', content: '' },
    { role: 'assistant', content: 'Hello', extra: 1 },
  ];
  const badMessages: unknown[] = [
    { role: 'tool', content: 'x' },
    { role: 'User', content: 'x' },
    { role: 'user' },
    { content: 'x' },
    { role: 'user', content: 42 },
    { role: 'user', content: null },
    { role: 1, content: 'x' },
    { role: ['user'], content: 'x' },
    { role: 'user', content: new String('x') },
    null,
    'user: x',
    ['user', 'x'],
    undefined,
  ];
  const messageLists: unknown[] = [
    [],
    ...goodMessages.map((message) => [message]),
    goodMessages,
    ...badMessages.map((message) => [...goodMessages, message]),
    ...badMessages.map((message) => [message]),
    // A hole reads as undefined.
    [goodMessages[0], , goodMessages[1]],
    { 0: goodMessages[0], length: 1 },
    'messages',
    null,
    undefined,
  ];
  const bodies: unknown[] = [
    ...messageLists.map((messages) => ({ content: { messages } })),
    ...messageLists.map((messages) => ({ content: { messages, model: 'x' }, id: 7 })),
    { content: {} },
    { content: null },
    { content: [] },
    { content: 'text' },
    { messages: goodMessages },
    {},
    [],
    [{ content: { messages: goodMessages } }],
    null,
    'text',
    3,
    true,
    JSON.parse('{"__proto__": {"messages": []}, "content": {"messages": [{"role": "user", "content": "x", "__proto__": {}}]}}'),
  ];

  it('the reply check accepts exactly what ClusterReplySchema accepts', () => {
    let accepted = 0;
    for (const body of bodies) {
      const expected = ClusterReplySchema.safeParse(body).success;
      assert.equal(isClusterReplyBody(body), expected, JSON.stringify(body));
      accepted += expected ? 1 : 0;
    }
    assert.ok(accepted > 5 && accepted < bodies.length - 5, `both sides are exercised (${accepted} of ${bodies.length} accepted)`);
  });

  it('the conversation check accepts exactly what ClusterRequestSchema accepts as its messages', () => {
    let accepted = 0;
    for (const messages of messageLists) {
      const expected = ClusterRequestSchema.safeParse({ content: { messages } }).success;
      assert.equal(isSendableConversation(messages), expected, JSON.stringify(messages));
      accepted += expected ? 1 : 0;
    }
    assert.ok(
      accepted > 3 && accepted < messageLists.length - 5,
      `both sides are exercised (${accepted} of ${messageLists.length} accepted)`,
    );
  });
});

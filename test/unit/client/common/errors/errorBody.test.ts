import * as assert from 'node:assert/strict';
import { parseErrorBody } from '../../../../../src/client/common/errors/errorBody';

describe('parseErrorBody', () => {
  const cases: Array<[string, string, string | undefined, string | undefined]> = [
    ['error.message', '{"error":{"message":"Invalid key","request_id":"req_1"}}', 'Invalid key', 'req_1'],
    ['message', '{"message":"Cluster is paused","requestId":"r2"}', 'Cluster is paused', 'r2'],
    ['error as a string', '{"error":"Too many requests"}', 'Too many requests', undefined],
    ['detail as a string', '{"detail":"Not authenticated"}', 'Not authenticated', undefined],
    [
      'detail as a list',
      '{"detail":[{"loc":["body","id"],"msg":"field required"},{"msg":"bad role"}]}',
      'body.id: field required; bad role',
      undefined,
    ],
    ['error_description', '{"error_description":"expired"}', 'expired', undefined],
    ['a JSON string', '"plain json string"', 'plain json string', undefined],
    ['an object with nothing readable', '{"code":42}', undefined, undefined],
    ['plain text', 'upstream connect error', 'upstream connect error', undefined],
    ['empty', '   ', undefined, undefined],
  ];
  for (const [name, body, message, requestId] of cases) {
    it(`reads ${name}`, () => {
      assert.deepEqual(parseErrorBody(body, 'application/json'), { message, requestId });
    });
  }

  it('reads the title of an HTML error page and decodes entities', () => {
    const html = '<!DOCTYPE html><html><head><title>502 Bad Gateway &amp; more</title></head><body><h1>x</h1></body></html>';
    assert.equal(parseErrorBody(html, 'text/html').message, '502 Bad Gateway & more');
  });

  it('falls back to the text of an HTML page without a title, without scripts', () => {
    const html = '<html><body><script>alert(1)</script><p>Service   down</p></body></html>';
    assert.equal(parseErrorBody(html, 'text/html').message, 'Service down');
  });

  it('folds control characters and whitespace into one line and bounds the length', () => {
    const message = parseErrorBody(`line1\n\u001b[31mline2\t${'y'.repeat(1000)}`, 'text/plain').message ?? '';
    assert.ok(message.startsWith('line1 [31mline2 y'));
    assert.equal(message.length, 300);
    assert.ok(message.endsWith('…'));
  });

  it('does not throw on malformed JSON and quotes it as text', () => {
    assert.equal(parseErrorBody('{"error": ', 'application/json').message, '{"error":');
  });
});

import * as assert from 'node:assert/strict';
import type * as http from 'node:http';
import { redactSecrets, rememberSecret, scrubError } from '../../../../src/client/common/redact';
import { formatRequestLogEntry } from '../../../../src/client/node/requestLog';
import { ProtocolError, RedirectError } from '../../../../src/client/common/errors/transportErrors';
import { assertKeyAbsent, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';
import type { RecordedRequest } from '../../helpers/loopbackServers';
import { describeFaultMatrix, replyJson } from './faultServers';

describeFaultMatrix(({ fixture, serve, send }) => {
  describe('6. the key in no message, whatever the server echoes', () => {
    const echo = (status: number, statusText: string, body: string, extra: http.OutgoingHttpHeaders = {}) => {
      return (request: RecordedRequest, response: http.ServerResponse): void => {
        const key = (request.headers.authorization ?? '').replace(/^Bearer /, '');
        response.writeHead(status, statusText.replace('KEY', key), {
          'x-request-id': `req-${key}`,
          'request-id': `id-${key}`,
          'x-echo': key,
          'content-type': `application/json; note=${key}`,
          ...Object.fromEntries(Object.entries(extra).map(([name, value]) => [name, String(value).replace('KEY', key)])),
        });
        response.end(body.replaceAll('KEY', key));
      };
    };
    const cases: Array<[string, ReturnType<typeof echo>, abstract new (...args: never[]) => Error]> = [
      [
        'in the last message’s role',
        echo(200, 'OK KEY', replyJson([...CONVERSATION, { role: 'xxxxxxxxxxxxxxxxxxxxKEY', content: 'KEY' }])),
        ProtocolError,
      ],
      ['in a non-JSON content type', echo(200, 'OK', 'not json KEY', { 'content-type': 'text/x-KEY' }), ProtocolError],
      [
        'in an error body, status text and request ids',
        echo(500, 'Broken KEY', '{"error":{"message":"bad key KEY","request_id":"KEY"}}'),
        Error,
      ],
      ['in a redirect target', echo(302, 'Found KEY', '', { location: 'https://KEY.example.com/KEY?k=KEY' }), RedirectError],
      ['in a redirect target’s credentials', echo(303, 'See KEY', '', { location: 'https://u:KEY@example.com/' }), RedirectError],
      ['in a shape error', echo(200, 'OK', '{"content":{"messages":"KEY"}}'), ProtocolError],
    ];
    for (const [label, respond, errorClass] of cases) {
      it(`${label}: not in the error, its properties, its stack or the log`, async () => {
        const server = await serve(respond);
        const traced: unknown[] = [];
        const client = fixture.create(`${server.origin}/v1`);
        const error = await expectClusterError(
          client.send({
            clusterId: 'demo',
            messages: CONVERSATION,
            apiKey: SECRET_KEY,
            trace: { sent: () => undefined, attempted: (entry) => traced.push(entry), replied: () => undefined },
          }),
          errorClass as never,
        );
        for (const name of Object.getOwnPropertyNames(error)) {
          assertKeyAbsent(String(Reflect.get(error, name)));
        }
        assert.ok(fixture.logEntries.length > 0);
        assertKeyAbsent(fixture.logEntries);
        assertKeyAbsent(fixture.logEntries.map(formatRequestLogEntry).join('\n'));
        assertKeyAbsent(traced);
      });
    }
    it('a successful reply’s echoed request id is redacted too', async () => {
      const server = await serve(echo(200, 'OK KEY', replyJson()));
      const reply = await send(fixture.create(`${server.origin}/v1`));
      assertKeyAbsent(reply.requestId);
      assertKeyAbsent(fixture.logEntries);
    });
    it('the final scrub reaches every property, the stack and the cause', () => {
      const cause = new Error(`cause ${SECRET_KEY}`);
      const error = Object.assign(new Error(`top ${SECRET_KEY}`, { cause }), { detail: `d ${SECRET_KEY}`, count: 3 });
      scrubError(error, [SECRET_KEY]);
      assertKeyAbsent(error);
      assertKeyAbsent(cause.stack);
      assert.equal(error.count, 3);
    });
    it('a remembered key is removed by every later redaction, even one that does not know it', () => {
      const key = 'sk-remembered-0b9e1c';
      rememberSecret(key);
      assert.equal(redactSecrets(`x ${key} y`, []), 'x [redacted] y');
    });
  });
});

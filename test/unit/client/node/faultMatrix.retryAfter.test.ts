import * as assert from 'node:assert/strict';
import { parseRetryAfterSeconds } from '../../../../src/client/common/retryAfter';
import { DEFAULT_RETRY_POLICY } from '../../../../src/client/common/retryPolicy';
import { RateLimitedError } from '../../../../src/client/common/errors/statusErrors';
import { expectClusterError } from '../../helpers/clientFixture';
import { describeFaultMatrix } from './faultServers';

describeFaultMatrix(({ fixture, serve, send }) => {
  describe('4. Retry-After as RFC 9110 defines it', () => {
    const now = Date.parse('2026-01-01T00:00:00Z');
    it('reads delay-seconds and the three HTTP-date forms', () => {
      assert.equal(parseRetryAfterSeconds('3', now), 3);
      assert.equal(parseRetryAfterSeconds(' 0 ', now), 0);
      assert.equal(parseRetryAfterSeconds('Thu, 01 Jan 2026 00:00:07 GMT', now), 7);
      assert.equal(parseRetryAfterSeconds('Thursday, 01-Jan-26 00:00:07 GMT', now), 7);
      assert.equal(parseRetryAfterSeconds('Thu Jan  1 00:00:07 2026', now), 7);
    });
    for (const value of ['1.5', '-1', '+2', '1e3', '', 'soon', '2001-01-01', 'Jan 1 2026', '2026-01-01T00:00:07Z', '0x10']) {
      it(`“${value}” is no Retry-After`, () => assert.equal(parseRetryAfterSeconds(value, now), undefined));
    }
    it('a 429 with Retry-After 1.5 is not retried', async () => {
      const server = await serve((_request, response) => {
        response.writeHead(429, { 'retry-after': '1.5', 'content-type': 'application/json' });
        response.end('{"error":{"message":"slow down"}}');
      });
      const error = await expectClusterError(
        send(fixture.create(`${server.origin}/v1`, { retryPolicy: DEFAULT_RETRY_POLICY })),
        RateLimitedError,
      );
      assert.equal(error.retryAfterSeconds, undefined);
      assert.equal(server.requests.length, 1);
    });
  });
});

import * as assert from 'node:assert/strict';
import { RedirectError } from '../../../../src/client/common/errors/transportErrors';
import { expectClusterError } from '../../helpers/clientFixture';
import { describeFaultMatrix } from './faultServers';

describeFaultMatrix(({ fixture, serve, send }) => {
  describe('7. redirects after the POST', () => {
    for (const [status, processed] of [
      [301, false],
      [302, true],
      [303, true],
      [307, false],
      [308, false],
    ] as const) {
      it(`${status}: mayHaveBeenProcessed ${processed}`, async () => {
        const server = await serve((_request, response) => {
          response.writeHead(status, { location: 'https://elsewhere.example.com/result' });
          response.end();
        });
        const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`)), RedirectError);
        assert.equal(error.mayHaveBeenProcessed, processed);
        assert.equal(error.targetOrigin, 'https://elsewhere.example.com');
      });
    }
  });
});

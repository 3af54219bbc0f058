import * as assert from 'node:assert/strict';
import { checkClusterId, InvalidClusterIdError, MAX_CLUSTER_ID_LENGTH } from '../../../../src/client/common/clusterId';
import { expectClusterError } from '../../helpers/clientFixture';
import { answerBytes, describeFaultMatrix, replyJson } from './faultServers';

describeFaultMatrix(({ fixture, serve, send }) => {
  describe('3. cluster ids checked before anything is sent', () => {
    const invalid: Array<[string, string]> = [
      ['an unpaired high surrogate', 'a\ud800b'],
      ['an unpaired low surrogate', '\udc00x'],
      ['a control character', 'team\nb'],
      ['a NUL', 'team\u0000'],
      ['a line separator', 'a\u2028b'],
      ['too long', 'x'.repeat(MAX_CLUSTER_ID_LENGTH + 1)],
      ['empty', ''],
    ];
    for (const [label, id] of invalid) {
      it(`${label}: a configuration error, 0 requests`, async () => {
        const server = await serve((_request, response) => answerBytes(response, Buffer.from(replyJson()), 'length'));
        const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`), id), InvalidClusterIdError);
        assert.equal(error.kind, 'config');
        assert.equal(error.mayHaveBeenProcessed, false);
        assert.doesNotMatch(error.message, /[\ud800-\udfff\u0000-\u001f\u2028]/);
        assert.equal(server.requests.length, 0);
        assert.equal(fixture.logEntries.length, 0);
      });
    }
    it('any well-formed id within the cap goes out percent-encoded', async () => {
      const server = await serve((_request, response) => answerBytes(response, Buffer.from(replyJson()), 'length'));
      const id = `équipe 😀/?&=${'x'.repeat(MAX_CLUSTER_ID_LENGTH - 20)}`;
      checkClusterId(id);
      await send(fixture.create(`${server.origin}/v1`), id);
      assert.equal(new URL(server.requests[0]?.url ?? '', server.origin).searchParams.get('id'), id);
    });
  });
});

import * as assert from 'node:assert/strict';
import * as zlib from 'node:zlib';
import { ProtocolError } from '../../../../src/client/common/errors/transportErrors';
import { CONVERSATION, expectClusterError } from '../../helpers/clientFixture';
import { answerBytes, describeFaultMatrix, replyJson } from './faultServers';

describeFaultMatrix(({ fixture, serve, send }) => {
  describe('2. one decoder for every framing', () => {
    const bom = Buffer.concat([Buffer.from([0xef, 0xbb, 0xbf]), Buffer.from(replyJson(), 'utf8')]);
    const invalid = Buffer.from(replyJson([...CONVERSATION, { role: 'assistant', content: 'ÿÿ' }]), 'latin1');
    const big = Buffer.from(replyJson([...CONVERSATION, { role: 'assistant', content: 'x'.repeat(5000) }]));
    for (const framing of ['length', 'chunked'] as const) {
      it(`a BOM is dropped (${framing})`, async () => {
        const server = await serve((_request, response) => answerBytes(response, bom, framing));
        const reply = await send(fixture.create(`${server.origin}/v1`));
        assert.equal(reply.assistant.content, 'Hello.');
      });
      it(`invalid UTF-8 is refused as undecodable (${framing})`, async () => {
        const server = await serve((_request, response) => answerBytes(response, invalid, framing));
        const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`)), ProtocolError);
        assert.equal(error.failure, 'encoding');
        assert.match(error.message, /not valid UTF-8/);
      });
      it(`a reply over the cap is too large (${framing})`, async () => {
        const server = await serve((_request, response) => answerBytes(response, big, framing));
        const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`, { maxResponseBytes: 4096 })), ProtocolError);
        assert.equal(error.failure, 'tooLarge');
      });
    }
  });

  describe('5. compressed replies', () => {
    const json = Buffer.from(replyJson());
    const encoders: Array<[string, Buffer]> = [
      ['gzip', zlib.gzipSync(json)],
      ['x-gzip', zlib.gzipSync(json)],
      ['deflate', zlib.deflateSync(json)],
      ['deflate', zlib.deflateRawSync(json)],
      ['br', zlib.brotliCompressSync(json)],
      ['gzip, br', zlib.brotliCompressSync(zlib.gzipSync(json))],
    ];
    for (const [encoding, body] of encoders) {
      for (const framing of ['length', 'chunked'] as const) {
        it(`${encoding} (${body[0] === 0x78 || encoding !== 'deflate' ? '' : 'raw, '}${framing}) is decoded`, async () => {
          const server = await serve((_request, response) => answerBytes(response, body, framing, { 'content-encoding': encoding }));
          const reply = await send(fixture.create(`${server.origin}/v1`));
          assert.equal(reply.assistant.content, 'Hello.');
          assert.equal(server.requests[0]?.headers['accept-encoding'], 'gzip, deflate, br');
        });
      }
    }
    for (const encoding of ['gzip', 'br'] as const) {
      it(`a ${encoding} bomb stops at the 16 MB cap with the “too large” error`, async () => {
        const zeros = Buffer.alloc(24 * 1024 * 1024);
        const bomb = encoding === 'gzip' ? zlib.gzipSync(zeros, { level: 9 }) : zlib.brotliCompressSync(zeros);
        assert.ok(bomb.length < 1024 * 1024);
        const server = await serve((_request, response) => answerBytes(response, bomb, 'chunked', { 'content-encoding': encoding }));
        const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`)), ProtocolError);
        assert.equal(error.failure, 'tooLarge');
        assert.match(error.message, /16 MB/);
      });
    }
    it('an unknown encoding gets an error naming it', async () => {
      const server = await serve((_request, response) => answerBytes(response, json, 'length', { 'content-encoding': 'zstd' }));
      const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`)), ProtocolError);
      assert.equal(error.failure, 'encoding');
      assert.match(error.message, /“zstd”/);
    });
    it('corrupt gzip is named as such', async () => {
      const server = await serve((_request, response) => answerBytes(response, json, 'length', { 'content-encoding': 'gzip' }));
      const error = await expectClusterError(send(fixture.create(`${server.origin}/v1`)), ProtocolError);
      assert.match(error.message, /“gzip” compression is corrupt/);
    });
  });
});

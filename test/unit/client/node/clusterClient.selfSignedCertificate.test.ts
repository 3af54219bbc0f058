import * as assert from 'node:assert/strict';
import { execFileSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as https from 'node:https';
import type { AddressInfo } from 'node:net';
import * as os from 'node:os';
import * as path from 'node:path';
import { TlsError } from '../../../../src/client/common/errors/transportErrors';
import { ClientFixture, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';

describe('ClusterClient: timeouts, cancellation and the network', () => {
  const fixture = new ClientFixture();

  after(() => fixture.closeAll());

  describe('with a self-signed certificate', () => {
    let server: https.Server | undefined;
    let origin = '';

    before(function () {
      const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-tls-'));
      try {
        execFileSync(
          'openssl',
          [
            'req',
            '-x509',
            '-newkey',
            'rsa:2048',
            '-nodes',
            '-days',
            '1',
            '-subj',
            '/CN=127.0.0.1',
            '-addext',
            'subjectAltName=IP:127.0.0.1',
            '-keyout',
            path.join(dir, 'key.pem'),
            '-out',
            path.join(dir, 'cert.pem'),
          ],
          { stdio: 'ignore' },
        );
      } catch {
        this.skip();
      }
      server = https.createServer(
        { key: fs.readFileSync(path.join(dir, 'key.pem')), cert: fs.readFileSync(path.join(dir, 'cert.pem')) },
        (_req, res) => {
          res.writeHead(200, { 'content-type': 'application/json' });
          res.end(JSON.stringify({ content: { messages: [...CONVERSATION, { role: 'assistant', content: 'secure hello' }] } }));
        },
      );
      return new Promise<void>((resolve) =>
        server?.listen(0, '127.0.0.1', () => {
          origin = `https://127.0.0.1:${(server?.address() as AddressInfo).port}`;
          resolve();
        }),
      );
    });
    after(() => new Promise<void>((resolve) => (server ? server.close(() => resolve()) : resolve())));

    it('an untrusted certificate is a TlsError naming the certificate problem', async () => {
      const client = fixture.create(`${origin}/v1`);
      const error = await expectClusterError(client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY }), TlsError);
      assert.equal(error.code, 'DEPTH_ZERO_SELF_SIGNED_CERT');
      assert.match(error.message, /http\.proxyStrictSSL/);
    });

    it('http.proxyStrictSSL=false (passed by the host) accepts it', async () => {
      const client = fixture.create(`${origin}/v1`, { proxy: { strictSSL: false } });
      const reply = await client.send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });
      assert.equal(reply.assistant.content, 'secure hello');
    });
  });
});

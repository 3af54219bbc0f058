import * as assert from 'node:assert/strict';
import { spawn } from 'node:child_process';
import * as path from 'node:path';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { recoveryActionsFor, settingsQueryFor } from '../../../../src/client/common/errors/recovery';
import { loadTrustedCertificates, type TrustedCertificates } from '../../../../src/client/node/http/trust';
import { ProxyAuthError, TlsError } from '../../../../src/client/common/errors/transportErrors';
import { ClientFixture, CONVERSATION, expectClusterError, SECRET_KEY } from '../../helpers/clientFixture';
import { basicAuthorization, CorporateNetwork, PROXY_AUTH } from '../../helpers/corporateNetwork';

/** Trust with a system store the test controls: its bundle holds exactly `pems`. */
function trustWithSystemStore(pems: readonly string[], systemCertificates = true): Promise<TrustedCertificates> {
  return loadTrustedCertificates({
    systemCertificates,
    env: {},
    systemSource: () => Promise.resolve({ certificates: pems, origin: 'linuxBundle', file: '/test/ca-bundle.crt' }),
  });
}

describe('ClusterClient on a corporate network: real nginx with a private CA, real tinyproxy', function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const network = new CorporateNetwork();
  const fixture = new ClientFixture();
  const send = (options: Parameters<ClientFixture['create']>[1]) =>
    fixture.create(network.baseUrl(), options).send({ clusterId: 'demo', messages: CONVERSATION, apiKey: SECRET_KEY });

  before(async () => {
    emulator = await startEmulator({ apiKey: SECRET_KEY });
    await network.start(emulator.origin);
  });
  after(async () => {
    await fixture.closeAll();
    await network.stop();
    await emulator?.close();
  });
  afterEach(() => network.assertLogsClean([SECRET_KEY]));

  describe('trust', () => {
    it('trusts a CA in the operating system store when http.systemCertificates is on', async () => {
      const reply = await send({ trust: await trustWithSystemStore([network.ca.caPem]) });
      assert.equal(reply.status, 200);
    });

    it('with http.systemCertificates off, the same store is not used: Node’s roots only', async () => {
      const error = await expectClusterError(send({ trust: await trustWithSystemStore([network.ca.caPem], false) }), TlsError);
      assert.match(
        error.message,
        /A secure connection to https:\/\/localhost:\d+ could not be established \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/,
      );
    });

    it('a CA in no trust source is refused, with the reason', async () => {
      const error = await expectClusterError(send({ trust: await trustWithSystemStore([]) }), TlsError);
      assert.equal(error.code, 'UNABLE_TO_VERIFY_LEAF_SIGNATURE');
      assert.deepEqual(recoveryActionsFor(error), ['openSettings', 'showLog']);
    });

    for (const extra of [true, false]) {
      it(`NODE_EXTRA_CA_CERTS ${extra ? 'is trusted' : 'absent: refused'}, with the system store on (a child process)`, async () => {
        const outcome = await sendFromChild(network.baseUrl(), extra ? network.ca.caFile : undefined);
        assert.equal(outcome, extra ? 'status 200' : 'tls UNABLE_TO_VERIFY_LEAF_SIGNATURE');
      });
    }
  });

  describe('proxies', () => {
    let trust: TrustedCertificates;
    before(async () => {
      trust = await trustWithSystemStore([network.ca.caPem]);
    });

    it('tunnels through a proxy without authentication (http.proxy)', async () => {
      const before = network.tunnels(network.openProxy);
      assert.equal((await send({ trust, proxy: { proxyUrl: network.proxyUrl(network.openProxy) } })).status, 200);
      assert.equal(network.tunnels(network.openProxy), before + 1);
    });

    it('tunnels through a proxy from HTTPS_PROXY', async () => {
      const before = network.tunnels(network.openProxy);
      assert.equal((await send({ trust, env: { HTTPS_PROXY: network.proxyUrl(network.openProxy) } })).status, 200);
      assert.equal(network.tunnels(network.openProxy), before + 1);
    });

    it('authenticates with the credentials in the proxy URL', async () => {
      const reply = await send({ trust, proxy: { proxyUrl: network.proxyUrl(network.authProxy, PROXY_AUTH) } });
      assert.equal(reply.status, 200);
    });

    it('authenticates with http.proxyAuthorization', async () => {
      const proxy = { proxyUrl: network.proxyUrl(network.authProxy), proxyAuthorization: basicAuthorization(PROXY_AUTH) };
      assert.equal((await send({ trust, proxy })).status, 200);
    });

    it('a 407 is its own error: which proxy, what to set, and the proxy settings to open', async () => {
      const error = await expectClusterError(send({ trust, proxy: { proxyUrl: network.proxyUrl(network.authProxy) } }), ProxyAuthError);
      assert.equal(error.kind, 'proxyAuth');
      assert.equal(error.mayHaveBeenProcessed, false);
      assert.match(error.message, new RegExp(`^The proxy at 127\\.0\\.0\\.1:${network.authProxy.port} requires authentication\\.`));
      assert.match(error.message, /“http\.proxyAuthorization”/);
      assert.deepEqual(recoveryActionsFor(error), ['openSettings', 'showLog']);
      assert.equal(settingsQueryFor(error), 'http.proxy');
    });

    it('wrong credentials in the URL: the 407 error never shows them', async () => {
      const wrong = { user: 'cc-proxy-user', password: 'wrong-secret-93e1' };
      const proxyUrl = network.proxyUrl(network.authProxy, wrong);
      const error = await expectClusterError(send({ trust, proxy: { proxyUrl } }), ProxyAuthError, wrong.password);
      assert.ok(!error.message.includes(wrong.user));
      assert.ok(!network.authProxy.logs().includes(wrong.password));
    });

    it('http.proxySupport off: neither the setting nor the environment proxy is used', async () => {
      const before = network.tunnels(network.authProxy);
      const reply = await send({
        trust,
        proxy: { proxyUrl: network.proxyUrl(network.authProxy), proxySupport: 'off' },
        env: { HTTPS_PROXY: network.proxyUrl(network.authProxy) },
      });
      assert.equal(reply.status, 200);
      assert.equal(network.tunnels(network.authProxy), before);
    });

    for (const [label, options] of [
      ['http.noProxy', { proxy: { noProxy: ['localhost'] } }],
      ['NO_PROXY', { env: { NO_PROXY: '.localhost,localhost' } }],
    ] as const) {
      it(`${label}: the base URL's host goes direct`, async () => {
        const before = network.tunnels(network.authProxy);
        const proxyUrl = network.proxyUrl(network.authProxy);
        const reply = await send({
          trust,
          proxy: { proxyUrl, ...('proxy' in options ? options.proxy : {}) },
          env: 'env' in options ? options.env : {},
        });
        assert.equal(reply.status, 200);
        assert.equal(network.tunnels(network.authProxy), before);
      });
    }
  });
});

/** Sends one request from a fresh Node process whose NODE_EXTRA_CA_CERTS is `caFile`; resolves with what happened. */
function sendFromChild(baseUrl: string, caFile: string | undefined): Promise<string> {
  const script = `
    const { ClusterClient } = require(${JSON.stringify(path.join(__dirname, '../../../../src/client/node/clusterClient.js'))});
    const { loadTrustedCertificates } = require(${JSON.stringify(path.join(__dirname, '../../../../src/client/node/http/trust.js'))});
    (async () => {
      const trust = await loadTrustedCertificates({ systemCertificates: true, env: process.env,
        systemSource: async () => ({ certificates: [], origin: 'linuxBundle' }) });
      const client = new ClusterClient({ baseUrl: ${JSON.stringify(baseUrl)}, userAgent: 't', env: {}, trust });
      try {
        const reply = await client.send({ clusterId: 'demo', apiKey: ${JSON.stringify(SECRET_KEY)}, messages: [{ role: 'user', content: 'hi' }] });
        console.log('status ' + reply.status);
      } catch (error) {
        console.log(error.kind + ' ' + error.code);
      } finally {
        await client.close();
      }
    })();`;
  const env = { ...process.env };
  delete env['NODE_EXTRA_CA_CERTS'];
  if (caFile) {
    env['NODE_EXTRA_CA_CERTS'] = caFile;
  }
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['-e', script], { env, stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.once('error', reject);
    child.once('exit', () => resolve(output.trim()));
  });
}

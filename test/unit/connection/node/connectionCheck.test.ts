import * as assert from 'node:assert/strict';
import * as tls from 'node:tls';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { checkConnection, type CheckStepName, type ConnectionReport } from '../../../../src/connection/node/connectionCheck';
import { formatReport } from '../../../../src/connection/node/reportText';
import type { ProxySettings } from '../../../../src/client/node/http/proxyChoice';
import { loadTrustedCertificates, type TrustedCertificates } from '../../../../src/client/node/http/trust';
import { SECRET_KEY } from '../../helpers/clientFixture';
import { freePort } from '../../helpers/realServers';
import { basicAuthorization, CorporateNetwork, PROXY_AUTH } from '../../helpers/corporateNetwork';

function systemStoreWith(pems: readonly string[], systemCertificates = true): Promise<TrustedCertificates> {
  return loadTrustedCertificates({
    systemCertificates,
    env: {},
    systemSource: () => Promise.resolve({ certificates: pems, origin: 'linuxBundle', file: '/test/ca-bundle.crt' }),
  });
}

function line(report: ConnectionReport, step: CheckStepName): string {
  const found = report.steps.find((entry) => entry.step === step);
  assert.ok(found, `no ${step} step in:\n${formatReport(report)}`);
  return `${found.status} ${found.detail}`;
}

describe('Check Connection against real nginx (private CA) and tinyproxy', function () {
  this.timeout(30_000);
  let emulator: RunningEmulator;
  const network = new CorporateNetwork();
  let trusted: TrustedCertificates;
  const check = async (proxy: ProxySettings | undefined, trust = trusted, env: Record<string, string> = {}) => {
    const report = await checkConnection({
      baseUrl: network.baseUrl(),
      userAgent: 'cluster-chat/test',
      proxy,
      env,
      trust,
      timeoutMs: 5000,
    });
    const text = formatReport(report);
    for (const secret of [SECRET_KEY, PROXY_AUTH.password, basicAuthorization(PROXY_AUTH)]) {
      assert.ok(!text.includes(secret), `a secret is in the report:\n${text}`);
    }
    return report;
  };

  before(async () => {
    emulator = await startEmulator({ apiKey: SECRET_KEY });
    await network.start(emulator.origin);
    trusted = await systemStoreWith([network.ca.caPem]);
  });
  after(async () => {
    await network.stop();
    await emulator?.close();
  });
  afterEach(() => network.assertLogsClean([SECRET_KEY]));

  it('direct, CA in the system store: every step passes and names the trust source and the certificate', async () => {
    const report = await check(undefined);
    assert.equal(report.ok, true, formatReport(report));
    assert.match(line(report, 'proxy'), /none: neither “http\.proxy” nor HTTPS_PROXY/);
    assert.match(line(report, 'dns'), /^ok localhost → /);
    assert.match(line(report, 'tcp'), /^ok connected to 127\.0\.0\.1:\d+/);
    assert.match(
      line(report, 'tls'),
      /^ok TLSv1\.[23]; certificate “CN=localhost”, issued by “CN=Cluster Chat Test Root network \d+”; trusted through the operating system’s store/,
    );
    assert.match(line(report, 'service'), /^ok answered HTTP \d{3} in \d+ ms to a request without the API key/);
    assert.match(line(report, 'trust'), /operating system’s store: 1 \(\/test\/ca-bundle\.crt\)/);
    assert.deepEqual(emulator.stats().clusters, {}, 'the service saw no request to a cluster');
  });

  it('CA through NODE_EXTRA_CA_CERTS: trusted, and that source is named', async () => {
    const trust: TrustedCertificates = {
      ...(await systemStoreWith([])),
      extra: [network.ca.caPem],
      secureContext: tls.createSecureContext({ ca: [...tls.rootCertificates, network.ca.caPem] }),
    };
    assert.match(line(await check(undefined, trust), 'tls'), /^ok .*; trusted through NODE_EXTRA_CA_CERTS$/);
  });

  it('untrusted CA: TLS fails with the reason, the certificate is still described', async () => {
    const report = await check(undefined, await systemStoreWith([]));
    assert.equal(report.ok, false);
    assert.match(
      line(report, 'tls'),
      /^failed .*certificate “CN=localhost”, issued by “CN=Cluster Chat Test Root network \d+”; not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\): its CA is in none of/,
    );
    assert.match(line(report, 'service'), /^failed A secure connection to https:\/\/localhost:\d+ could not be established/);
  });

  it('http.systemCertificates off: says so in the refusal', async () => {
    const report = await check(undefined, await systemStoreWith([network.ca.caPem], false));
    assert.match(line(report, 'tls'), /“http\.systemCertificates” is off/);
    assert.match(line(report, 'trust'), /not used \(“http\.systemCertificates” is off\)/);
  });

  it('proxy without authentication: the tunnel opens', async () => {
    const report = await check({ proxyUrl: network.proxyUrl(network.openProxy) });
    assert.equal(report.ok, true, formatReport(report));
    assert.match(line(report, 'proxy'), /^info http:\/\/127\.0\.0\.1:\d+, from the “http\.proxy” setting; no credentials$/);
    assert.match(line(report, 'dns'), /\(the proxy resolves localhost\)/);
    assert.match(line(report, 'tunnel'), /^ok the proxy opened a tunnel to localhost:\d+$/);
  });

  it('proxy from HTTPS_PROXY, credentials in the URL: named, never shown', async () => {
    const report = await check(undefined, trusted, { HTTPS_PROXY: network.proxyUrl(network.authProxy, PROXY_AUTH) });
    assert.equal(report.ok, true, formatReport(report));
    assert.match(line(report, 'proxy'), /from the environment variable HTTPS_PROXY; credentials: in the proxy URL \(not shown\)$/);
    assert.ok(!formatReport(report).includes(PROXY_AUTH.user));
  });

  it('proxy with http.proxyAuthorization', async () => {
    const report = await check({ proxyUrl: network.proxyUrl(network.authProxy), proxyAuthorization: basicAuthorization(PROXY_AUTH) });
    assert.equal(report.ok, true, formatReport(report));
    assert.match(line(report, 'proxy'), /credentials: “http\.proxyAuthorization” \(not shown\)$/);
  });

  it('proxy missing credentials: the tunnel step says which proxy wants authentication and what to set', async () => {
    const report = await check({ proxyUrl: network.proxyUrl(network.authProxy) });
    assert.equal(report.ok, false);
    assert.match(line(report, 'tunnel'), /^failed the proxy at 127\.0\.0\.1:\d+ requires authentication \(HTTP 407\)/);
    assert.match(line(report, 'service'), /^failed The proxy at 127\.0\.0\.1:\d+ requires authentication/);
    assert.equal(
      report.steps.some((step) => step.step === 'tls'),
      false,
      'no TLS without a tunnel',
    );
  });

  it('http.proxySupport off and http.noProxy: direct, and why', async () => {
    const off = await check({ proxyUrl: network.proxyUrl(network.authProxy), proxySupport: 'off' });
    assert.equal(off.ok, true, formatReport(off));
    assert.match(line(off, 'proxy'), /none: “http\.proxySupport” is off/);
    const bypassed = await check({ proxyUrl: network.proxyUrl(network.authProxy), noProxy: ['localhost'] });
    assert.equal(bypassed.ok, true, formatReport(bypassed));
    assert.match(line(bypassed, 'proxy'), /none: localhost matches “localhost” in “http\.noProxy” or NO_PROXY/);
  });
});

describe('Check Connection when the way is blocked before TLS', () => {
  const check = async (baseUrl: string) =>
    checkConnection({ baseUrl, userAgent: 'cluster-chat/test', env: {}, trust: await systemStoreWith([]), timeoutMs: 3000 });

  it('nothing listens: TCP fails with the address tried, no TLS step, the service line says refused', async () => {
    const port = await freePort();
    const report = await check(`https://127.0.0.1:${port}/v1`);
    assert.equal(report.ok, false);
    assert.equal(line(report, 'tcp'), `failed could not connect to 127.0.0.1:${port} (ECONNREFUSED)`);
    assert.equal(
      report.steps.some((step) => step.step === 'tls'),
      false,
    );
    assert.match(line(report, 'service'), /^failed Could not connect to https:\/\/127\.0\.0\.1:\d+: the connection was refused/);
  });

  it('an unknown host: DNS fails with its code', async () => {
    const report = await check('https://cluster-chat-no-such-host.invalid/v1');
    assert.match(line(report, 'dns'), /^failed cluster-chat-no-such-host\.invalid could not be resolved \((ENOTFOUND|EAI_AGAIN)\)$/);
    assert.equal(
      report.steps.some((step) => step.step === 'tcp'),
      false,
    );
  });
});

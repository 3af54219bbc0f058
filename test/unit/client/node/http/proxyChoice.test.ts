import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as tls from 'node:tls';
import { chooseProxy } from '../../../../../src/client/node/http/proxyChoice';
import { readSystemCertificates, splitPem } from '../../../../../src/client/node/http/systemCertificates';
import { loadTrustedCertificates } from '../../../../../src/client/node/http/trust';

describe('chooseProxy: VS Code’s proxy settings as VS Code means them', () => {
  const target = new URL('https://api.example.test/v1');

  it('http.proxy wins over the environment, and its credentials never reach the display', () => {
    const choice = chooseProxy(target, { proxyUrl: 'http://me:s3cret@proxy.corp:3128' }, { HTTPS_PROXY: 'http://other:8080' });
    assert.equal(choice.kind, 'proxy');
    assert.ok(choice.kind === 'proxy');
    assert.equal(choice.source, 'setting');
    assert.equal(choice.display, 'http://proxy.corp:3128');
    assert.equal(choice.hostPort, 'proxy.corp:3128');
    assert.equal(choice.credentials, 'url');
  });

  it('without the setting, the environment (https_proxy before HTTPS_PROXY before http_proxy)', () => {
    const choice = chooseProxy(target, {}, { HTTP_PROXY: 'http://plain:80', https_proxy: 'proxy.corp:8080' });
    assert.ok(choice.kind === 'proxy');
    assert.equal(choice.source, 'environment');
    assert.equal(choice.variable, 'https_proxy');
    assert.equal(choice.display, 'http://proxy.corp:8080');
  });

  it('http.proxyAuthorization counts as the credentials', () => {
    const choice = chooseProxy(target, { proxyUrl: 'http://proxy.corp:3128', proxyAuthorization: 'Basic eA==' }, {});
    assert.ok(choice.kind === 'proxy');
    assert.equal(choice.credentials, 'setting');
  });

  it('http.proxySupport off: direct, whatever the setting and the environment say', () => {
    assert.deepEqual(chooseProxy(target, { proxyUrl: 'http://proxy.corp:3128', proxySupport: 'off' }, { HTTPS_PROXY: 'http://p:1' }), {
      kind: 'direct',
      reason: 'proxySupportOff',
    });
  });

  it('http.noProxy and NO_PROXY: exact hosts, domains, ports and *', () => {
    const direct = (noProxy: string[], env: Record<string, string> = {}) =>
      chooseProxy(target, { proxyUrl: 'http://proxy.corp:3128', noProxy }, env);
    assert.deepEqual(direct(['api.example.test']), { kind: 'direct', reason: 'noProxy', rule: 'api.example.test' });
    assert.deepEqual(direct(['.example.test']), { kind: 'direct', reason: 'noProxy', rule: '.example.test' });
    assert.deepEqual(direct(['*.example.test']), { kind: 'direct', reason: 'noProxy', rule: '*.example.test' });
    assert.deepEqual(direct(['example.test:443']), { kind: 'direct', reason: 'noProxy', rule: 'example.test:443' });
    assert.equal(direct(['example.test:8443']).kind, 'proxy');
    assert.equal(direct(['ample.test']).kind, 'proxy');
    assert.deepEqual(direct([], { NO_PROXY: 'localhost, *' }), { kind: 'direct', reason: 'noProxy', rule: '*' });
  });

  it('nothing configured: direct', () => {
    assert.deepEqual(chooseProxy(target, undefined, {}), { kind: 'direct', reason: 'noneConfigured' });
  });
});

describe('system certificates', () => {
  it('reads the store the way this Node can: its own API, else the Linux bundle VS Code reads', async () => {
    const read = await readSystemCertificates();
    const hasApi = typeof (tls as { getCACertificates?: unknown }).getCACertificates === 'function';
    if (hasApi) {
      assert.equal(read.origin, 'node');
    } else if (process.platform === 'linux' && fs.existsSync('/etc/ssl/certs/ca-certificates.crt')) {
      assert.equal(read.origin, 'linuxBundle');
      assert.equal(read.file, '/etc/ssl/certs/ca-certificates.crt');
      assert.ok(read.certificates.length > 10);
    }
  });

  it('splits a PEM bundle into its certificates', () => {
    const pem = tls.rootCertificates.slice(0, 3).join('\n# comment\n');
    assert.deepEqual(splitPem(pem), tls.rootCertificates.slice(0, 3));
  });

  it('the store is read once per source, and not at all when http.systemCertificates is off', async () => {
    let reads = 0;
    const systemSource = () => {
      reads++;
      return Promise.resolve({ certificates: [], origin: 'linuxBundle' as const });
    };
    const off = await loadTrustedCertificates({ systemCertificates: false, env: {}, systemSource });
    assert.equal(off.systemOrigin, 'off');
    assert.equal(reads, 0);
    await loadTrustedCertificates({ systemCertificates: true, env: {}, systemSource });
    const second = await loadTrustedCertificates({ systemCertificates: true, env: {}, systemSource });
    assert.equal(reads, 1);
    assert.equal(second.systemOrigin, 'linuxBundle');
    assert.ok(second.bundled.length > 50, 'Node’s own roots stay trusted');
  });
});

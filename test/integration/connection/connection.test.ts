import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import { basicAuthorization, CorporateNetwork, PROXY_AUTH } from '../../unit/helpers/corporateNetwork';
import { chatRequest, RenderedResponse } from '../chatObjects';
import { activateExtension, emulatorFromEnvironment } from '../testEnvironment';

const HTTP_SETTINGS = ['proxy', 'proxyAuthorization', 'proxySupport', 'noProxy'] as const;

/** Sets VS Code's http.* settings for the test (user settings), leaving the rest at their defaults. */
async function useHttpSettings(values: Partial<Record<(typeof HTTP_SETTINGS)[number], unknown>>): Promise<void> {
  const http = vscode.workspace.getConfiguration('http');
  for (const name of HTTP_SETTINGS) {
    await http.update(name, values[name], vscode.ConfigurationTarget.Global);
  }
}

async function checkConnection(): Promise<string> {
  const text = await vscode.commands.executeCommand<string>('clusterChat.checkConnection', { show: false });
  assert.equal(typeof text, 'string');
  return text;
}

describe('Corporate networks from inside the host: http.* settings and Check Connection (real nginx and tinyproxy)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  const network = new CorporateNetwork();

  before(async () => {
    await network.start(emulator.origin);
  });
  after(async () => {
    await useHttpSettings({});
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', undefined, vscode.ConfigurationTarget.Global);
    const { testing } = await activateExtension();
    await testing.apiKeys.delete(emulator.origin);
    await network.stop();
  });
  afterEach(() => network.assertLogsClean([emulator.apiKey]));

  it('Check Connection shows its report on one read-only page that a second check updates and that closes without a question', async () => {
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
    const first = await vscode.commands.executeCommand<string>('clusterChat.checkConnection');
    const page = vscode.window.activeTextEditor?.document;
    assert.equal(page?.uri.scheme, 'cluster-chat-connection', 'a page of its own, not an untitled document');
    assert.equal(page.isUntitled, false);
    assert.equal(page.getText(), first);
    const second = await vscode.commands.executeCommand<string>('clusterChat.checkConnection');
    assert.equal(vscode.window.activeTextEditor?.document.uri.toString(), page.uri.toString(), 'the same page');
    assert.equal(vscode.window.activeTextEditor.document.getText(), second);
    assert.equal(page.isDirty, false, 'nothing to save');
    await vscode.commands.executeCommand('workbench.action.closeActiveEditor');
    assert.ok(!vscode.window.tabGroups.all.some((group) => group.tabs.some((tab) => tab.label.includes('connection check'))));
  });

  it('Check Connection: a certificate from a CA no trust source holds is refused, and the report says whose it is', async () => {
    await useHttpSettings({});
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', network.baseUrl(), vscode.ConfigurationTarget.Global);
    const text = await checkConnection();
    assert.match(text, new RegExp(`^Cluster Chat connection check for ${network.baseUrl().replace(/[.]/g, '\\.')}\n`));
    assert.match(
      text,
      /✘ TLS: TLSv1\.[23]; certificate “CN=localhost”, issued by “CN=Cluster Chat Test Root network \d+”; not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/,
    );
    assert.match(text, /• Proxy: none: neither “http\.proxy” nor HTTPS_PROXY/);
    assert.match(text, /No API key and no conversation were sent\./);
  });

  it('http.proxy without the credentials the proxy wants: Check Connection and requests both name the proxy', async () => {
    await useHttpSettings({ proxy: network.proxyUrl(network.authProxy) });
    const text = await checkConnection();
    assert.match(text, /✘ Proxy tunnel: the proxy at 127\.0\.0\.1:\d+ requires authentication \(HTTP 407\)/);

    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
    const { testing } = await activateExtension();
    await testing.apiKeys.set(emulator.origin, emulator.apiKey);
    const client = await testing.clients.get();
    let caught: unknown;
    try {
      await client.send({ clusterId: 'demo', apiKey: emulator.apiKey, messages: [{ role: 'user', content: 'through the proxy' }] });
    } catch (error) {
      caught = error;
    }
    // The extension's bundle has its own copy of the error classes, so the kind is read, not the class.
    const kind = (caught as { kind?: unknown } | undefined)?.kind;
    assert.equal(kind, 'proxyAuth', `expected a proxyAuth error, got ${String(caught)}`);
    assert.match(
      String((caught as Error).message),
      new RegExp(`^The proxy at 127\\.0\\.0\\.1:${network.authProxy.port} requires authentication`),
    );

    // @cluster offers the same fixes, and its Open Settings shows the proxy settings.
    assert.ok(testing.participant, 'VS Code has the chat API, so @cluster is registered');
    await testing.clusters.upsert({ id: 'demo', label: 'Demo' });
    await testing.clusters.setActive('demo');
    const rendered = new RenderedResponse();
    const source = new vscode.CancellationTokenSource();
    const result =
      (await testing.participant.handle(chatRequest('through the proxy', undefined, []), { history: [] }, rendered, source.token)) ?? {};
    source.dispose();
    assert.match(result.errorDetails?.message ?? '', /requires authentication/);
    assert.deepEqual(
      rendered.buttons.map((button) => [button.command, ...((button.arguments ?? []) as unknown[])]),
      [['workbench.action.openSettings', 'http.proxy'], ['clusterChat.showLog']],
    );
  });

  it('http.proxyAuthorization: a request reaches the emulator through the proxy, and Check Connection passes', async () => {
    await useHttpSettings({ proxy: network.proxyUrl(network.authProxy), proxyAuthorization: basicAuthorization(PROXY_AUTH) });
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
    const { testing } = await activateExtension();
    const before = network.authProxy.logs().split(`CONNECT 127.0.0.1:${new URL(emulator.origin).port}`).length;
    const reply = await (
      await testing.clients.get()
    ).send({
      clusterId: 'demo',
      apiKey: emulator.apiKey,
      messages: [{ role: 'user', content: 'through the proxy' }],
    });
    assert.equal(reply.status, 200);
    assert.ok(
      network.authProxy.logs().split(`CONNECT 127.0.0.1:${new URL(emulator.origin).port}`).length > before,
      'the request went through the proxy',
    );
    const text = await checkConnection();
    assert.match(
      text,
      /• Proxy: http:\/\/127\.0\.0\.1:\d+, from the “http\.proxy” setting; credentials: “http\.proxyAuthorization” \(not shown\)/,
    );
    assert.match(text, /✔ Proxy tunnel: the proxy opened a tunnel to 127\.0\.0\.1:\d+/);
    assert.match(text, /– TLS: not used: plain http to this computer/);
    assert.match(text, /✔ Service: answered HTTP \d{3}/);
    assert.ok(!text.includes(PROXY_AUTH.password) && !text.includes(basicAuthorization(PROXY_AUTH)));
  });

  it('http.proxySupport off and http.noProxy: direct, and Check Connection says why', async () => {
    await vscode.workspace.getConfiguration('clusterChat').update('baseUrl', emulator.baseUrl, vscode.ConfigurationTarget.Global);
    await useHttpSettings({ proxy: network.proxyUrl(network.authProxy), proxySupport: 'off' });
    assert.match(await checkConnection(), /• Proxy: none: “http\.proxySupport” is off[^\n]*\n[\s\S]*✔ Service: answered/);
    await useHttpSettings({ proxy: network.proxyUrl(network.authProxy), noProxy: ['127.0.0.1'] });
    assert.match(await checkConnection(), /• Proxy: none: 127\.0\.0\.1 matches “127\.0\.0\.1” in “http\.noProxy” or NO_PROXY/);
    const { testing } = await activateExtension();
    const reply = await (
      await testing.clients.get()
    ).send({ clusterId: 'demo', apiKey: emulator.apiKey, messages: [{ role: 'user', content: 'direct' }] });
    assert.equal(reply.status, 200);
  });
});

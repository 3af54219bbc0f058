import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../scripts/emulator/server';
import { waitFor } from '../../scripts/workbench/wait';
import { CorporateNetwork } from '../unit/helpers/corporateNetwork';
import { Workbench } from '../../scripts/workbench/workbench';

const KEY = 'ui-check-connection-key-4c19';

describe('Cluster Chat: Check Connection in the real workbench (nginx with a private CA, tinyproxy)', function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  const network = new CorporateNetwork();
  let workbench: Workbench;

  before(async () => {
    emulator = await startEmulator({ apiKey: KEY });
    await network.start(emulator.origin);
    workbench = await Workbench.open({
      settings: { 'clusterChat.baseUrl': network.baseUrl(), 'http.proxy': network.proxyUrl(network.openProxy) },
    });
  });
  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'check-connection');
  });
  after(async () => {
    await workbench?.close();
    await network.stop();
    await emulator?.close();
  });

  it('from the palette, opens the report in an editor: the proxy and its tunnel, then the refused certificate and why', async () => {
    await workbench.runCommand('Cluster Chat: Check Connection');
    const text = await waitFor(
      'the report to open in an editor',
      () => workbench.editorText('Cluster Chat connection check').catch(() => ''),
      (shown) => shown.includes('No API key and no conversation were sent.'),
      { timeoutMs: 30_000 },
    );
    assert.match(
      text,
      new RegExp(`• Proxy: http://127\\.0\\.0\\.1:${network.openProxy.port}, from the “http\\.proxy” setting; no credentials`),
    );
    assert.match(text, new RegExp(`✔ Proxy tunnel: the proxy opened a tunnel to localhost:${network.nginx.port}`));
    assert.match(
      text,
      /✘ TLS: TLSv1\.[23]; certificate “CN=localhost”, issued by “CN=Cluster Chat Test Root network \d+”; not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/,
    );
    assert.match(text, /Result: the connection fails at the step marked ✘\./);
    const progress = workbench.page.locator('.notifications-toasts .notification-toast', { hasText: 'checking the connection' });
    await waitFor(
      'the progress notification to close',
      () => progress.count(),
      (count) => count === 0,
    );
    await workbench.screenshot('check-connection-report');
    network.assertLogsClean([KEY]);
  });
});

describe('A proxy that wants credentials, in the real workbench (tinyproxy with basic auth)', function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  const network = new CorporateNetwork();
  let workbench: Workbench;

  before(async () => {
    emulator = await startEmulator({ apiKey: KEY });
    await network.start(emulator.origin);
    workbench = await Workbench.open({
      files: { 'src/math.ts': 'export const two = 1 + 1;\n' },
      settings: {
        'clusterChat.baseUrl': emulator.baseUrl,
        'clusterChat.clusters': [{ id: 'demo', label: 'Demo' }],
        'http.proxy': network.proxyUrl(network.authProxy),
      },
    });
  });
  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'proxy-auth');
  });
  after(async () => {
    await workbench?.close();
    await network.stop();
    await emulator?.close();
  });

  it('Explain fails with the proxy named and what to set; Open Settings shows VS Code’s proxy settings', async () => {
    await workbench.openFile('src/math.ts');
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for http:\/\/127\.0\.0\.1/, KEY);
    await workbench.notification(/API key saved/);
    await workbench.selectCluster('Demo');
    await workbench.selectLines('math.ts', 1, 1);
    await workbench.runCommand('Cluster Chat: Explain');
    const toast = await workbench.notification(
      new RegExp(`The proxy at 127\\.0\\.0\\.1:${network.authProxy.port} requires authentication`),
    );
    const buttons = await toast.locator('.monaco-button').allInnerTexts();
    assert.deepEqual(buttons, ['Open Settings', 'Show Log']);
    await workbench.screenshot('proxy-auth-notification');
    await workbench.clickNotificationButton(toast, 'Open Settings');
    const settingsEditor = workbench.page.locator('.settings-editor');
    await waitFor(
      'the Settings editor to list the proxy settings',
      () => settingsEditor.innerText().catch(() => ''),
      (shown) => shown.includes('Http: Proxy\n') && shown.includes('Http: Proxy Authorization'),
      { timeoutMs: 20_000 },
    );
    await workbench.screenshot('proxy-auth-open-settings');
    assert.equal(emulator.stats().clusters['demo']?.received ?? 0, 0, 'nothing reached the cluster');
    network.assertLogsClean([KEY]);
  });
});

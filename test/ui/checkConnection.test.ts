import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../scripts/emulator/server';
import { waitFor } from '../shared/wait';
import { CorporateNetwork } from '../unit/helpers/corporateNetwork';
import { Workbench } from './helpers/workbench';

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

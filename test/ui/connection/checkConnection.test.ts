import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../scripts/emulator/server';
import { waitFor } from '../../../scripts/workbench/wait';
import { CorporateNetwork } from '../../unit/helpers/corporateNetwork';
import { useWorkbench } from '../helpers/useWorkbench';

const KEY = 'ui-check-connection-key-4c19';

/**
 * The emulator with a corporate network in front of it, started in `before` (registered ahead of
 * the fixture's, so the workbench's options can name their addresses). `stop` belongs in an `after`
 * registered after the fixture's, so both stop once the workbench has closed.
 */
function useCorporateNetwork(): { readonly network: CorporateNetwork; readonly emulator: RunningEmulator; stop(): Promise<void> } {
  const network = new CorporateNetwork();
  let emulator: RunningEmulator | undefined;
  before(async () => {
    emulator = await startEmulator({ apiKey: KEY });
    await network.start(emulator.origin);
  });
  return {
    network,
    get emulator() {
      if (!emulator) {
        throw new Error('the emulator runs only once its before hook has started it');
      }
      return emulator;
    },
    async stop() {
      await network.stop();
      await emulator?.close();
    },
  };
}

describe('Cluster Chat: Check Connection in the real workbench (nginx with a private CA, tinyproxy)', function () {
  this.timeout(180_000);
  const corporate = useCorporateNetwork();
  const ui = useWorkbench(() => ({
    screenshots: 'check-connection',
    settings: { 'clusterChat.baseUrl': corporate.network.baseUrl(), 'http.proxy': corporate.network.proxyUrl(corporate.network.openProxy) },
  }));
  after(() => corporate.stop());

  it('from the palette, opens the report in an editor: the proxy and its tunnel, then the refused certificate and why', async () => {
    await ui.workbench.runCommand('Cluster Chat: Check Connection');
    const text = await waitFor(
      'the report to open in an editor',
      () => ui.workbench.editorText('Cluster Chat connection check').catch(() => ''),
      (shown) => shown.includes('No API key and no conversation were sent.'),
      { timeoutMs: 30_000 },
    );
    assert.match(
      text,
      new RegExp(`• Proxy: http://127\\.0\\.0\\.1:${corporate.network.openProxy.port}, from the “http\\.proxy” setting; no credentials`),
    );
    assert.match(text, new RegExp(`✔ Proxy tunnel: the proxy opened a tunnel to localhost:${corporate.network.nginx.port}`));
    assert.match(
      text,
      /✘ TLS: TLSv1\.[23]; certificate “CN=localhost”, issued by “CN=Cluster Chat Test Root network \d+”; not trusted \(UNABLE_TO_VERIFY_LEAF_SIGNATURE\)/,
    );
    assert.match(text, /Result: the connection fails at the step marked ✘\./);
    const progress = ui.workbench.page.locator('.notifications-toasts .notification-toast', { hasText: 'checking the connection' });
    await waitFor(
      'the progress notification to close',
      () => progress.count(),
      (count) => count === 0,
    );
    await ui.workbench.screenshot('check-connection-report');
    corporate.network.assertLogsClean([KEY]);
  });
});

describe('A proxy that wants credentials, in the real workbench (tinyproxy with basic auth)', function () {
  this.timeout(180_000);
  const corporate = useCorporateNetwork();
  const ui = useWorkbench(() => ({
    screenshots: 'proxy-auth',
    files: { 'src/math.ts': 'export const two = 1 + 1;\n' },
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: { 'clusterChat.baseUrl': corporate.emulator.baseUrl, 'http.proxy': corporate.network.proxyUrl(corporate.network.authProxy) },
  }));
  after(() => corporate.stop());

  it('Explain fails with the proxy named and what to set; Open Settings shows VS Code’s proxy settings', async () => {
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.runCommand('Cluster Chat: Set API Key');
    await ui.workbench.answerInputBox(/API Key for http:\/\/127\.0\.0\.1/, KEY);
    await ui.workbench.notification(/API key saved/);
    await ui.workbench.selectCluster('Demo');
    await ui.workbench.selectLines('math.ts', 1, 1);
    await ui.workbench.runCommand('Cluster Chat: Explain');
    const toast = await ui.workbench.notification(
      new RegExp(`The proxy at 127\\.0\\.0\\.1:${corporate.network.authProxy.port} requires authentication`),
    );
    const buttons = await toast.locator('.monaco-button').allInnerTexts();
    assert.deepEqual(buttons, ['Open Settings', 'Show Log']);
    await ui.workbench.screenshot('proxy-auth-notification');
    await ui.workbench.clickNotificationButton(toast, 'Open Settings');
    const settingsEditor = ui.workbench.page.locator('.settings-editor');
    await waitFor(
      'the Settings editor to list the proxy settings',
      () => settingsEditor.innerText().catch(() => ''),
      (shown) => shown.includes('Http: Proxy\n') && shown.includes('Http: Proxy Authorization'),
      { timeoutMs: 20_000 },
    );
    await ui.workbench.screenshot('proxy-auth-open-settings');
    assert.equal(corporate.emulator.stats().clusters['demo']?.received ?? 0, 0, 'nothing reached the cluster');
    corporate.network.assertLogsClean([KEY]);
  });
});

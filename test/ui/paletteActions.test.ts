import * as assert from 'node:assert/strict';
import * as http from 'node:http';
import type { AddressInfo } from 'node:net';
import { waitFor, waitUntil } from '../../scripts/workbench/wait';
import { EXTENSION_ID } from '../../scripts/workbench/workbench';
import { chooseFromActionMenu } from './helpers/actionMenu';
import { useWorkbench } from './helpers/useWorkbench';

const MATH = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n\nexport const two = add(1, 1);\n';

describe('Palette actions in the real workbench (a user’s first session)', function () {
  this.timeout(180_000);
  const ui = useWorkbench({
    emulator: { apiKey: 'ui-test-key-9d41', slowMs: 8000 },
    files: { 'src/math.ts': MATH, 'src/big.ts': Array.from({ length: 1200 }, (_, i) => `export const v${i} = ${i};`).join('\n') + '\n' },
    settings: { 'clusterChat.requestTimeoutSeconds': 3 },
  });
  let listener: http.Server;
  let listenerHits = 0;
  let listenerOrigin = '';

  before(async () => {
    listener = http.createServer((_req, res) => {
      listenerHits++;
      res.end('no');
    });
    await new Promise<void>((resolve) => listener.listen(0, '127.0.0.1', () => resolve()));
    listenerOrigin = `http://127.0.0.1:${(listener.address() as AddressInfo).port}`;
  });
  afterEach(async function () {
    if (this.currentTest?.state === 'failed') {
      const toasts = await ui.workbench.page
        .locator('.notifications-toasts')
        .innerText()
        .catch(() => '');
      console.log(
        `    toasts: ${JSON.stringify(toasts)}\n    emulator requests: ${JSON.stringify(ui.emulator.stats().requests.slice(-5))}`,
      );
      await ui.workbench.screenshot(`failed-${(this.currentTest.title.match(/[a-z0-9]+/gi) ?? []).join('-').slice(0, 60)}`);
    }
  });
  after(async () => {
    await new Promise<void>((resolve) => (listener ? listener.close(() => resolve()) : resolve()));
  });

  async function addAndSelectCluster(id: string, label = ''): Promise<void> {
    await ui.workbench.runCommand('Cluster Chat: Select Cluster…');
    await ui.workbench.pickQuickInputItem('Select Cluster', 'Add Cluster by Id…');
    await ui.workbench.answerInputBox(/The cluster id/, id);
    await ui.workbench.answerInputBox(/A name for cluster/, label);
    await ui.workbench.statusBarShowsCluster(label || id);
  }

  async function explain(): Promise<void> {
    await ui.workbench.selectLines('math.ts', 1, 3);
    await ui.workbench.runCommand('Cluster Chat: Explain');
  }

  it('sets the key, adds and selects a cluster, and shows an Explain reply with highlighted code', async () => {
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.runCommand('Cluster Chat: Set API Key');
    const keyBox = await ui.workbench.answerInputBox(/API Key for http:\/\/127\.0\.0\.1/, ui.emulator.apiKey);
    assert.equal(keyBox.type, 'password', 'the key is typed into a password box');
    await ui.workbench.notification(/API key saved for http:\/\/127\.0\.0\.1/);
    await addAndSelectCluster('demo', 'Demo');
    await ui.workbench.screenshot('status-bar-cluster');

    await explain();
    const reply = ui.workbench.webview();
    await reply.locator('.code-block[data-block-index="0"]').waitFor({ timeout: 30_000 });
    assert.ok((await reply.locator('.code-block .hljs-keyword').count()) > 0, 'the code block is highlighted');
    assert.match(await reply.locator('.reply-title').innerText(), /Explain/);
    assert.equal(ui.emulator.stats().clusters['demo']?.received, 1);
    await ui.workbench.screenshot('explain-reply');
  });

  it('Insert at Cursor changes the document, and one undo restores it', async () => {
    await ui.workbench.webview().locator('button[data-action="insert"][data-block="0"]').click();
    await waitUntil('the reply inserted into math.ts', async () =>
      (await ui.workbench.editorText('math.ts')).includes('Reviewed by cluster demo'),
    );
    await ui.workbench.screenshot('insert-at-cursor');
    await ui.workbench.undo('math.ts');
    await waitUntil('the insertion undone', async () => !(await ui.workbench.editorText('math.ts')).includes('Reviewed by cluster demo'));
    assert.match(await ui.workbench.editorText('math.ts'), /export const two = add\(1, 1\);/);
  });

  it('Replace Selection replaces the sent lines, and one undo restores them', async () => {
    await chooseFromActionMenu(ui.workbench.webview(), '.code-block[data-block-index="0"] .code-actions', 'replace');
    await waitUntil('the selection replaced', async () =>
      (await ui.workbench.editorText('math.ts')).startsWith('// Reviewed by cluster demo'),
    );
    const replaced = await ui.workbench.editorText('math.ts');
    assert.match(replaced, /export const two = add\(1, 1\);/, 'only the sent lines were replaced');
    await ui.workbench.screenshot('replace-selection');
    await ui.workbench.undo('math.ts');
    await waitUntil('the replacement undone', async () => (await ui.workbench.editorText('math.ts')).startsWith('export function add'));
  });

  it('Apply with Diff Preview shows a diff and offers to apply it', async () => {
    await ui.workbench.webview().locator('button[data-action="diff"][data-block="0"]').click();
    await ui.workbench.page.locator('.monaco-diff-editor').first().waitFor({ timeout: 20_000 });
    await ui.workbench.notification(/Apply the proposed change to src\/math\.ts\?/);
    await ui.workbench.screenshot('diff-preview');
    await ui.workbench.clearNotifications();
    await ui.workbench.runCommand('View: Close Editor');
    // The diff opens in the active group, the editor's or the reply's, whichever VS Code made active
    // last; the tests after this one start from the editor's. Closed, the diff hands the focus to
    // what it covered: the file's editor, or the reply, whose webview takes it a moment later, when
    // shown again. That is waited for, so that it cannot take the focus back from the file's tab,
    // clicked then as a user would (a key pressed meanwhile, F1, would reach neither).
    await waitFor(
      'the diff closed, and the focus in the file’s editor or in the reply shown again',
      async () => ({
        diffs: await ui.workbench.page.locator('.monaco-diff-editor').count(),
        editorFocused: await ui.workbench
          .editorFor('math.ts')
          .evaluateAll((editors) => editors.some((editor) => editor.classList.contains('focused'))),
        ...(await ui.workbench.focusedElement()),
      }),
      (state) => state.diffs === 0 && (state.editorFocused || state.focusedFrames.some((frame) => frame.startsWith(EXTENSION_ID))),
    );
    await ui.workbench.page.locator('.tab', { hasText: 'math.ts' }).first().click();
    await ui.workbench.waitForEditorFocus('math.ts');
  });

  const failures: Array<{ name: string; cluster?: string; key?: string; message: RegExp; button?: string }> = [
    { name: '401 (wrong key)', key: 'wrong-key', message: /did not accept the API key/, button: 'Update API Key' },
    {
      name: '404 (unknown cluster)',
      cluster: 'no-such-cluster',
      message: /Cluster “no-such-cluster” was not found/,
      button: 'Select Cluster',
    },
    { name: '429 (rate limited)', cluster: 'fault-429', message: /limiting requests/, button: 'Retry' },
    { name: 'timeout', cluster: 'fault-hang', message: /did not answer within 3 seconds/, button: 'Retry' },
    { name: 'malformed reply', cluster: 'fault-malformed-json', message: /not valid JSON/, button: 'Retry' },
  ];
  for (const failure of failures) {
    it(`${failure.name}: a clear message with the right button, and nothing else breaks`, async () => {
      await ui.workbench.clearNotifications();
      if (failure.key) {
        await ui.workbench.runCommand('Cluster Chat: Set API Key');
        await ui.workbench.answerInputBox(/API Key for/, failure.key);
      }
      if (failure.cluster) {
        await addAndSelectCluster(failure.cluster);
      }
      await ui.workbench.openFile('src/math.ts');
      await explain();
      const toast = await ui.workbench.notification(failure.message);
      if (failure.button) {
        await toast.locator('.monaco-button', { hasText: failure.button }).first().waitFor();
      }
      assert.doesNotMatch(await toast.innerText(), /ui-test-key-9d41|wrong-key/, 'no key in the message');
      await ui.workbench.screenshot(`error-${failure.name.replace(/[^a-z0-9]+/gi, '-').toLowerCase()}`);
      await ui.workbench.clearNotifications();
      if (failure.key) {
        await ui.workbench.runCommand('Cluster Chat: Set API Key');
        await ui.workbench.answerInputBox(/API Key for/, ui.emulator.apiKey);
      }
    });
  }

  it('after all those failures, the next request works', async () => {
    await ui.workbench.clearNotifications();
    await addAndSelectCluster('demo', 'Demo');
    const before = ui.emulator.stats().clusters['demo']?.received ?? 0;
    await ui.workbench.openFile('src/math.ts');
    await explain();
    await waitUntil('the demo cluster to receive the request', () => (ui.emulator.stats().clusters['demo']?.received ?? 0) === before + 1, {
      timeoutMs: 30_000,
    });
    await ui.workbench.webview().locator('.code-block[data-block-index="0"]').waitFor();
  });

  it('while a request runs the status bar shows it; Cancel in the progress notification aborts it', async () => {
    await ui.workbench.clearNotifications();
    await addAndSelectCluster('slow-good');
    await ui.workbench.openFile('src/math.ts');
    await explain();
    const progress = await ui.workbench.notification(/Explain — waiting for slow-good/);
    await waitUntil('the slow cluster to receive the request', () => (ui.emulator.stats().clusters['slow-good']?.received ?? 0) === 1);
    await ui.workbench.statusBarShowsBusy('slow-good', true);
    await ui.workbench.clickNotificationButton(progress, 'Cancel');
    // A passing note (3 s): looked for first, while it shows.
    await ui.workbench.page.locator('.statusbar-item', { hasText: 'request cancelled' }).first().waitFor();
    await waitUntil('the slow request to be aborted', () => (ui.emulator.stats().clusters['slow-good']?.aborted ?? 0) === 1);
    await ui.workbench.statusBarShowsBusy('slow-good', false);
    assert.equal(ui.emulator.stats().clusters['slow-good']?.completed ?? 0, 0);
    await ui.workbench.screenshot('cancelled');
  });

  it('with nothing selected in a large file, asks before sending the whole file', async () => {
    await addAndSelectCluster('demo', 'Demo');
    await ui.workbench.openFile('src/big.ts');
    await ui.workbench.editorFor('big.ts').locator('.view-lines').click();
    const before = ui.emulator.stats().clusters['demo']?.received ?? 0;
    await ui.workbench.runCommand('Cluster Chat: Explain');
    const dialog = ui.workbench.page.locator('.monaco-dialog-box', { hasText: /whole file \(1\d{3} lines\)/ });
    await dialog.waitFor();
    await ui.workbench.screenshot('large-file-confirmation');
    await dialog.locator('.monaco-button', { hasText: 'Send Whole File' }).click();
    await waitUntil('the demo cluster to receive the request', () => (ui.emulator.stats().clusters['demo']?.received ?? 0) === before + 1, {
      timeoutMs: 30_000,
    });
    await ui.workbench.webview().locator('.reply-title', { hasText: 'big.ts' }).waitFor();
  });

  it('renames and removes clusters with the picker’s item buttons', async () => {
    await ui.workbench.clearNotifications();
    await ui.workbench.runCommand('Cluster Chat: Select Cluster…');
    const row = (name: string) => ui.workbench.page.locator('.quick-input-list .monaco-list-row', { hasText: name }).first();
    await row('fault-429').hover();
    await row('fault-429').locator('.action-label.codicon-edit').click();
    await ui.workbench.answerInputBox(/A name for cluster fault-429/, 'Always busy');
    await row('Always busy').waitFor();
    await row('Always busy').hover();
    await row('Always busy').locator('.action-label.codicon-trash').click();
    await row('Always busy').waitFor({ state: 'detached' });
    await ui.workbench.screenshot('cluster-picker');
    await ui.workbench.page.keyboard.press('Escape');
  });

  it('a reply with <img onerror> and <script> renders as text and runs nothing', async () => {
    await addAndSelectCluster('echo');
    await ui.workbench.openFile('src/math.ts');
    await ui.workbench.selectLines('math.ts', 1, 1);
    await ui.workbench.runCommand('Cluster Chat: Ask About Selection…');
    const payload = `<img src=x onerror="document.title='pwned';fetch('${listenerOrigin}/img')"> <script>document.title='pwned';fetch('${listenerOrigin}/script')</script> ![x](${listenerOrigin}/md-image.png)`;
    await ui.workbench.answerInputBox(/Your question about/, payload);
    const reply = ui.workbench.webview();
    await reply.locator('#reply', { hasText: '<img src=x onerror=' }).waitFor({ timeout: 30_000 });
    assert.match(await reply.locator('#reply').innerText(), /<script>document\.title='pwned'/);
    assert.equal(await reply.locator('#reply img').count(), 0);
    assert.equal(await reply.locator('#reply script').count(), 0);
    // With no img or script element there is nothing left that could run or load later.
    assert.notEqual(await reply.locator('html').evaluate(() => globalThis.document.title), 'pwned');
    assert.equal(listenerHits, 0, 'nothing reached the loopback listener');
    await ui.workbench.screenshot('xss-as-text');
  });
});

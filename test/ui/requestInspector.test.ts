import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../scripts/emulator/server';
import { waitFor } from '../../scripts/workbench/wait';
import { Workbench } from '../../scripts/workbench/workbench';

const KEY = 'ui-inspector-key-7d2e';

describe('Request inspector in the real workbench: Show Request on a chat reply', function () {
  this.timeout(180_000);
  let emulator: RunningEmulator;
  let workbench: Workbench;

  before(async () => {
    emulator = await startEmulator({ apiKey: KEY });
    workbench = await Workbench.open({
      settings: { 'clusterChat.baseUrl': emulator.baseUrl, 'clusterChat.clusters': [{ id: 'demo', label: 'Demo' }] },
    });
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for/, KEY);
    await workbench.selectCluster('Demo');
  });
  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'request-inspector');
  });
  after(async () => {
    await workbench?.close();
    await emulator?.close();
  });

  it('opens the exact request, the key masked to its last four characters, beside the chat', async () => {
    await workbench.openChat();
    const chat = workbench.chatView();
    await chat.locator('#chat-input').click();
    await chat.locator('#chat-input').fill('What does the inspector show?');
    await workbench.page.keyboard.press('Enter');
    const reply = chat.locator('li.chat-message[data-role="assistant"]').last();
    await reply.waitFor({ timeout: 30_000 });
    await reply.hover();
    await reply.locator('button.message-show-request').click();
    const text = await waitFor(
      'the request page to open in an editor',
      () => workbench.editorText('Request 1.md').catch(() => ''),
      (shown) => shown.includes('Request body'),
      { timeoutMs: 30_000 },
    );
    assert.ok(text.includes(`Bearer ••••${KEY.slice(-4)}`), text);
    assert.ok(!text.includes(KEY), 'the key is not shown');
    assert.match(text, /Request id:\*\* req_\d+/);
    assert.ok(text.includes('What does the inspector show?'), 'the body holds the message');
    await workbench.screenshot('request-inspector');
  });
});

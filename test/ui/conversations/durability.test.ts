import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { conversationPath, savedConversation } from '../helpers/savedConversation';
import { waitUntil } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

const CONVERSATIONS = 'User/globalStorage/clusterchat.cluster-chat/conversations';
const GOOD = savedConversation('kept-1', 'Kept conversation', [
  { role: 'user', content: 'Saved question one' },
  { role: 'assistant', content: 'Saved answer one' },
]);

describe('Durability: a crashed extension host and damaged history files lose nothing', function () {
  this.timeout(300_000);
  const ui = useWorkbench({
    screenshots: 'durability',
    emulator: { apiKey: 'durability-key-9e21', slowMs: 60_000 },
    clusters: [
      { id: 'demo', label: 'Demo' },
      { id: 'slow-good', label: 'Slow' },
    ],
    userData: {
      [conversationPath('kept-1')]: GOOD,
      // Cut off mid-write, and not JSON at all.
      [conversationPath('truncated-1')]: GOOD.slice(0, Math.floor(GOOD.length / 2)),
      [conversationPath('corrupt-1')]: '\u0000\u0001 not a conversation',
    },
    apiKey: true,
  });

  it('sets a truncated and a corrupt history file aside with a message, and keeps the good one', async () => {
    await ui.workbench.openChat();
    await ui.workbench.notification(/a saved conversation could not be read .* set aside/);
    const folder = path.join(ui.workbench.runFolder ?? '', 'user-data', CONVERSATIONS);
    await waitUntil(
      'the damaged files to be set aside',
      () => !fs.existsSync(path.join(folder, 'truncated-1.json')) && !fs.existsSync(path.join(folder, 'corrupt-1.json')),
    );
    const names = fs.readdirSync(folder);
    assert.ok(
      names.some((name) => name.startsWith('truncated-1.json.unreadable-')),
      names.join(', '),
    );
    assert.ok(
      names.some((name) => name.startsWith('corrupt-1.json.unreadable-')),
      names.join(', '),
    );
    assert.ok(names.includes('kept-1.jsonl'), `the good conversation moved to a log: ${names.join(', ')}`);
    await ui.workbench.screenshot('durability-set-aside');
  });

  it('kill the extension host during a request: after a reload every earlier message is there', async () => {
    await ui.workbench.selectCluster('Demo');
    await ui.workbench.runCommand('Cluster Chat: New Chat');
    await ui.workbench.waitForChatFocus();
    const chat = ui.workbench.chatView();
    const input = chat.locator('#chat-input');
    // The kept conversation is shown before: text typed before the new one replaces it goes with it.
    await waitUntil('the new chat to show no message', async () => (await chat.locator('li.chat-message').count()) === 0);
    for (const [index, text] of ['Before the crash: one', 'Before the crash: two'].entries()) {
      await input.fill(text);
      await ui.workbench.page.keyboard.press('Enter');
      await chat.locator(`li.chat-message[data-index="${index * 2 + 1}"][data-role="assistant"]`).waitFor({ timeout: 30_000 });
    }
    await ui.workbench.selectCluster('Slow');
    await ui.workbench.openChat();
    await input.fill('In flight when the host dies');
    await ui.workbench.page.keyboard.press('Enter');
    await waitUntil('the slow cluster to receive the message', () => (ui.emulator.stats().clusters['slow-good']?.received ?? 0) === 1);
    const killed = await ui.workbench.killExtensionHost();
    await waitUntil('the emulator to see the request aborted', () => (ui.emulator.stats().clusters['slow-good']?.aborted ?? 0) === 1, {
      timeoutMs: 20_000,
    });
    await ui.workbench.screenshot('durability-host-killed');

    await ui.workbench.reload();
    await ui.workbench.openChat();
    await chat.locator('li.chat-message[data-index="3"][data-role="assistant"]').waitFor({ timeout: 30_000 });
    const texts = await chat.locator('li.chat-message').allInnerTexts();
    assert.match(texts[0] ?? '', /Before the crash: one/);
    assert.match(texts[2] ?? '', /Before the crash: two/);
    assert.equal(await chat.locator('li.chat-message[data-index="1"][data-role="assistant"]').count(), 1, 'the first reply is there');
    assert.match(texts[4] ?? '', /In flight when the host dies/, 'the message sent when the host died is kept too');
    assert.equal(ui.emulator.stats().clusters['slow-good']?.completed ?? 0, 0, 'the interrupted request never completed');
    const interrupted = chat.locator('.chat-error[data-index="4"]');
    await interrupted.waitFor();
    assert.match(await interrupted.innerText(), /request was interrupted/);
    await ui.workbench.screenshot('durability-after-reload');
    await ui.workbench.selectCluster('Demo');
    await ui.workbench.openChat();
    await interrupted.locator('button[data-error-action="retry"]').click();
    await chat.locator('li.chat-message[data-index="5"][data-role="assistant"]').waitFor({ timeout: 30_000 });
    assert.equal(ui.emulator.stats().clusters['slow-good']?.received, 1, 'the retry went to the cluster now active, once');
    console.log(`      (extension host ${killed} killed mid-request; after reload ${texts.length} messages are back)`);
  });
});

import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { useWorkbench } from '../helpers/useWorkbench';

const KEY = 'ui-inspector-key-7d2e';

describe('Request inspector in the real workbench: Show Request on a chat reply', function () {
  this.timeout(180_000);
  const ui = useWorkbench({
    screenshots: 'request-inspector',
    emulator: { apiKey: KEY },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  it('opens the exact request, the key masked to its last four characters, beside the chat', async () => {
    await ui.workbench.openChat();
    const chat = ui.workbench.chatView();
    await chat.locator('#chat-input').click();
    await chat.locator('#chat-input').fill('What does the inspector show?');
    await ui.workbench.page.keyboard.press('Enter');
    const reply = chat.locator('li.chat-message[data-role="assistant"]').last();
    await reply.waitFor({ timeout: 30_000 });
    await reply.hover();
    await reply.locator('button.message-show-request').click();
    const text = await waitFor(
      'the request page to open in an editor',
      () => ui.workbench.editorText('Request 1.md').catch(() => ''),
      (shown) => shown.includes('Request body'),
      { timeoutMs: 30_000 },
    );
    assert.ok(text.includes(`Bearer ••••${KEY.slice(-4)}`), text);
    assert.ok(!text.includes(KEY), 'the key is not shown');
    assert.match(text, /Request id:\*\* req_\d+/);
    assert.ok(text.includes('What does the inspector show?'), 'the body holds the message');
    await ui.workbench.screenshot('request-inspector');
  });
});

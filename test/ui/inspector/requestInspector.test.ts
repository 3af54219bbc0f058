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
    // The body is one line, wrapped in the Markdown editor: its end may be below what Monaco renders.
    // Find it as a reader would, with Find (Ctrl+F), which scrolls the match into view.
    await ui.workbench.editorFor('Request 1.md').locator('.view-lines').click();
    await ui.workbench.page.keyboard.press('Control+F');
    await ui.workbench.page.keyboard.type('What does the inspector show?');
    await ui.workbench.page.keyboard.press('Enter');
    await waitFor(
      'the body to hold the message, found and shown',
      () => ui.workbench.editorText('Request 1.md').catch(() => ''),
      // A wrapped line comes back as several: its parts are joined again (each keeps its space).
      (shown) => shown.replace(/\n/g, '').includes('What does the inspector show?'),
    );
    await ui.workbench.screenshot('request-inspector');
  });
});

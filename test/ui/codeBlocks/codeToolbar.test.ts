import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { conversationPath, savedConversation } from '../helpers/savedConversation';
import { useWorkbench } from '../helpers/useWorkbench';

const CONVERSATION = savedConversation('toolbar-1', 'Toolbar', [
  { role: 'user', content: 'Show me a constant.' },
  { role: 'assistant', content: 'Here &copy; &hellip; &ampxyz; &#65;:\n\n```ts\nexport const answer = 42; // &amp;\n```\n' },
]);

describe('A code block’s toolbar in the real webview', function () {
  this.timeout(180_000);
  const ui = useWorkbench({ screenshots: 'code-toolbar', userData: { [conversationPath('toolbar-1')]: CONVERSATION } });

  /** The reply's code block, once the chat shows it. */
  async function codeBlock() {
    await ui.workbench.openChat();
    const block = ui.workbench.chatView().locator('li.chat-message[data-index="1"] .code-block');
    await block.waitFor({ timeout: 30_000 });
    return block;
  }

  it('decodes the entities in a reply as markdown says, and keeps code as written', async () => {
    const block = await codeBlock();
    // The bundle leaves the decoding to the browser, so only a real webview shows it.
    assert.equal(
      await ui.workbench.chatView().locator('li.chat-message[data-index="1"] .message-content p').innerText(),
      'Here © … &ampxyz; A:',
    );
    assert.match(await block.locator('code').innerText(), /42; \/\/ &amp;/);
  });

  it('is hidden until the pointer or the keyboard reaches the block; its … menu works with Enter, arrows and Escape', async () => {
    const workbench = ui.workbench;
    const chat = workbench.chatView();
    const block = await codeBlock();
    const copy = block.locator('.code-actions > button[data-action="copy"]');
    const opacity = (): Promise<string> => copy.evaluate((button) => getComputedStyle(button).opacity);
    assert.equal(await opacity(), '0', 'hidden while neither pointer nor focus is on the block');

    await block.hover();
    await waitFor('the toolbar to show under the pointer', opacity, (value) => value === '1');
    await chat.locator('#chat-input').hover();
    await waitFor('the toolbar to hide when the pointer leaves', opacity, (value) => value === '0');

    // Shift+Tab from the message box walks back through the reply's buttons to the block's `…` button.
    await chat.locator('#chat-input').focus();
    const more = block.locator('.code-actions > button.action-more');
    const focused = (): Promise<string> =>
      chat.locator('body').evaluate((body) => {
        const active = body.ownerDocument.activeElement;
        return active ? `${active.tagName.toLowerCase()}.${active.className} ${active.getAttribute('aria-label') ?? ''}` : 'nothing';
      });
    for (let presses = 0; presses < 10 && !(await more.evaluate((button) => button === button.ownerDocument.activeElement)); presses++) {
      await workbench.page.keyboard.press('Shift+Tab');
    }
    assert.match(await focused(), /action-more More Actions… \(block 1\)/);
    assert.equal(await opacity(), '1', 'keyboard focus in the block shows the toolbar');

    await workbench.page.keyboard.press('Enter');
    const menu = block.locator('.action-menu[role="menu"]');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    await waitFor('focus on the first menu item', focused, (value) => value.includes('Replace Selection (block 1)'));
    await workbench.page.keyboard.press('ArrowDown');
    await waitFor('focus on the second menu item', focused, (value) => value.includes('Open in New File (block 1)'));
    await workbench.screenshot('code-toolbar-menu');
    await workbench.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 10_000 });
    await waitFor('focus back on the … button', focused, (value) => value.includes('More Actions… (block 1)'));
    await workbench.page.keyboard.press('ArrowLeft');
    await waitFor('the arrow key to move along the toolbar', focused, (value) => value.includes('Apply with Diff Preview (block 1)'));
  });
});

import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
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

  /** The toolbar's Copy button and how opaque it is: 0 while the toolbar is hidden, 1 while it shows. */
  function copyOpacity(block: Locator): Promise<string> {
    return block.locator('.code-actions > button[data-action="copy"]').evaluate((button) => getComputedStyle(button).opacity);
  }

  /** What has keyboard focus in the chat view: the element's tag, class and label. */
  function focused(): Promise<string> {
    return ui.workbench
      .chatView()
      .locator('body')
      .evaluate((body) => {
        const active = body.ownerDocument.activeElement;
        return active ? `${active.tagName.toLowerCase()}.${active.className} ${active.getAttribute('aria-label') ?? ''}` : 'nothing';
      });
  }

  /**
   * The reply's code block with neither the pointer nor keyboard focus on it: a click into the message
   * box moves both there (and closes a menu an earlier test left open).
   */
  async function blockAtRest(): Promise<Locator> {
    const block = await codeBlock();
    await ui.workbench.chatView().locator('#chat-input').click();
    await waitFor(
      'the code block without pointer, focus or open menu (its classes)',
      () => block.getAttribute('class'),
      (classes) => !/\b(is-hovered|has-focus|has-open-menu)\b/.test(classes ?? ''),
    );
    return block;
  }

  /** Walks back with Shift+Tab from the message box, through the reply's buttons, to the block's `…` button. */
  async function focusMoreButton(block: Locator): Promise<void> {
    await ui.workbench.chatView().locator('#chat-input').focus();
    const more = block.locator('.code-actions > button.action-more');
    for (let presses = 0; presses < 10 && !(await more.evaluate((button) => button === button.ownerDocument.activeElement)); presses++) {
      await ui.workbench.page.keyboard.press('Shift+Tab');
    }
  }

  /** Opens the block's `…` menu from the keyboard and waits until its first item has focus. */
  async function openMenuByKeyboard(block: Locator): Promise<Locator> {
    await focusMoreButton(block);
    await waitFor('focus on the … button', focused, (value) => value.includes('More Actions… (block 1)'));
    await ui.workbench.page.keyboard.press('Enter');
    const menu = block.locator('.action-menu[role="menu"]');
    await menu.waitFor({ state: 'visible', timeout: 10_000 });
    await waitFor('focus on the first menu item', focused, (value) => value.includes('Replace Selection (block 1)'));
    return menu;
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

  it('hides its toolbar while neither the pointer nor the keyboard is on the block', async () => {
    const block = await blockAtRest();
    assert.equal(await copyOpacity(block), '0', 'hidden while neither pointer nor focus is on the block');
  });

  it('shows its toolbar under the pointer, and hides it when the pointer leaves', async () => {
    const block = await blockAtRest();
    const opacity = (): Promise<string> => copyOpacity(block);
    await block.hover();
    await waitFor('the toolbar to show under the pointer', opacity, (value) => value === '1');
    await ui.workbench.chatView().locator('#chat-input').hover();
    await waitFor('the toolbar to hide when the pointer leaves', opacity, (value) => value === '0');
  });

  it('Shift+Tab from the message box reaches the block’s … button, and keyboard focus shows the toolbar', async () => {
    const block = await blockAtRest();
    await focusMoreButton(block);
    assert.match(await focused(), /action-more More Actions… \(block 1\)/);
    assert.equal(await copyOpacity(block), '1', 'keyboard focus in the block shows the toolbar');
  });

  it('Enter on the … button opens its menu on the first item, and arrows move through it', async () => {
    await openMenuByKeyboard(await blockAtRest());
    await ui.workbench.page.keyboard.press('ArrowDown');
    await waitFor('focus on the second menu item', focused, (value) => value.includes('Open in New File (block 1)'));
    await ui.workbench.screenshot('code-toolbar-menu');
  });

  it('Escape closes the … menu and puts focus back on its button', async () => {
    const menu = await openMenuByKeyboard(await blockAtRest());
    await ui.workbench.page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden', timeout: 10_000 });
    await waitFor('focus back on the … button', focused, (value) => value.includes('More Actions… (block 1)'));
  });

  it('arrow keys move along the toolbar', async () => {
    const block = await blockAtRest();
    await focusMoreButton(block);
    await waitFor('focus on the … button', focused, (value) => value.includes('More Actions… (block 1)'));
    await ui.workbench.page.keyboard.press('ArrowLeft');
    await waitFor('the arrow key to move along the toolbar', focused, (value) => value.includes('Apply with Diff Preview (block 1)'));
  });
});

import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import type { Workbench } from '../../../scripts/workbench/workbench';
import { useWorkbenchPerTest } from '../helpers/useWorkbench';

const MESSAGES = 1000;

/** A saved conversation of 1,000 messages; every reply holds a fenced code block. */
function longConversation(): string {
  const at = '2026-11-21T10:00:00.000Z';
  const messages = Array.from({ length: MESSAGES }, (_, index) =>
    index % 2 === 0
      ? { role: 'user', content: `Question ${index / 2}: how would you write step ${index / 2}?`, at }
      : {
          role: 'assistant',
          cluster: 'demo',
          content: `Step ${(index - 1) / 2}:\n\n\`\`\`ts\nexport function step${index}(input: number): number {\n  const doubled = input * 2;\n  return doubled + ${index};\n}\n\`\`\`\n`,
          at,
        },
  );
  return JSON.stringify({
    version: 1,
    id: 'long-1',
    title: 'A long conversation',
    createdAt: at,
    updatedAt: '2999-01-01T00:00:00.000Z',
    systemPrompt: '',
    messages,
    draft: '',
  });
}

describe('A 1,000-message conversation in the chat view', function () {
  this.timeout(240_000);
  // A workbench of its own for each test: what is measured happens while the chat view first opens.
  const ui = useWorkbenchPerTest({ screenshots: 'long-chat' });
  const typed = 'typing while the conversation renders';

  /**
   * Opens a workbench with the conversation saved, then the chat view, and types into its message box
   * while the conversation renders; resolves once the newest message is in the list.
   */
  async function openWhileTyping(): Promise<{ readonly workbench: Workbench; readonly renderedMs: number }> {
    const workbench = await ui.open({
      userData: { 'User/globalStorage/clusterchat.cluster-chat/conversations/long-1.json': longConversation() },
    });
    const started = Date.now();
    await workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.waitFor({ timeout: 60_000 });
    await input.click();
    await workbench.page.keyboard.type(typed);
    await chat.locator(`li.chat-message[data-index="${MESSAGES - 1}"]`).waitFor({ state: 'attached', timeout: 60_000 });
    return { workbench, renderedMs: Date.now() - started };
  }

  /**
   * Waits until the chat holds the whole conversation: it shows the newest 100 messages first and
   * asks for the ones before them once those are painted.
   */
  async function allLoaded(workbench: Workbench): Promise<void> {
    await waitFor(
      `the chat to hold all ${MESSAGES} messages`,
      () => workbench.chatMessageCount(),
      (count) => count === MESSAGES,
      { timeoutMs: 30_000 },
    );
  }

  /** Scrolls the whole conversation to its start and waits until the first message shows its content. */
  async function scrollToFirst(workbench: Workbench): Promise<void> {
    await allLoaded(workbench);
    const chat = workbench.chatView();
    await chat.locator('.chat-scroll').evaluate((element) => element.scrollTo({ top: 0 }));
    await chat.locator('li.chat-message[data-index="0"] .message-content').waitFor();
  }

  it('opens on the newest message, and then holds all 1,000', async () => {
    const { workbench, renderedMs } = await openWhileTyping();
    await allLoaded(workbench);
    assert.equal(await workbench.chatMessageCount(), MESSAGES);
    console.log(`      (1,000 messages: view opened and all rendered in ${renderedMs} ms on this machine)`);
  });

  it('keeps every keystroke typed while the conversation renders', async () => {
    const { workbench } = await openWhileTyping();
    assert.equal(await workbench.chatView().locator('#chat-input').inputValue(), typed, 'no keystroke was lost while rendering');
  });

  it('keeps only the messages near the viewport in the DOM', async () => {
    const { workbench } = await openWhileTyping();
    await allLoaded(workbench);
    const inDom = await workbench.chatView().locator('li.chat-message').count();
    assert.ok(inDom < MESSAGES / 5, `only the messages near the viewport are in the DOM (${inDom})`);
  });

  it('scrolls back to the first message, and highlights the code it scrolled to', async () => {
    const { workbench } = await openWhileTyping();
    await scrollToFirst(workbench);
    await workbench.chatView().locator('li.chat-message[data-index="1"] .code-block .hljs-keyword').first().waitFor({ timeout: 30_000 });
    await workbench.screenshot('chat-1000-messages');
  });

  it('keeps every keystroke typed after scrolling back to the first message', async () => {
    const { workbench } = await openWhileTyping();
    await scrollToFirst(workbench);
    const input = workbench.chatView().locator('#chat-input');
    await input.click();
    await workbench.page.keyboard.type(' and after scrolling');
    assert.equal(await input.inputValue(), `${typed} and after scrolling`);
  });
});

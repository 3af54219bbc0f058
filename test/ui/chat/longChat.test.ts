import * as assert from 'node:assert/strict';
import { useWorkbench } from '../helpers/useWorkbench';

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
  const ui = useWorkbench({
    userData: { 'User/globalStorage/clusterchat.cluster-chat/conversations/long-1.json': longConversation() },
  });

  it('shows the newest messages while typing keeps every keystroke, renders only what is near the viewport, and scrolls to the first', async () => {
    const started = Date.now();
    await ui.workbench.runCommand('Cluster Chat: Focus on Chat View');
    const chat = ui.workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.waitFor({ timeout: 60_000 });
    await input.click();
    const typed = 'typing while the conversation renders';
    await ui.workbench.page.keyboard.type(typed);
    await chat.locator(`li.chat-message[data-index="${MESSAGES - 1}"]`).waitFor({ state: 'attached', timeout: 60_000 });
    const rendered = Date.now() - started;
    assert.equal(await input.inputValue(), typed, 'no keystroke was lost while rendering');
    assert.equal(await ui.workbench.chatMessageCount(), MESSAGES);
    const inDom = await chat.locator('li.chat-message').count();
    assert.ok(inDom < MESSAGES / 5, `only the messages near the viewport are in the DOM (${inDom})`);

    await chat.locator('.chat-scroll').evaluate((element) => element.scrollTo({ top: 0 }));
    await chat.locator('li.chat-message[data-index="0"] .message-content').waitFor();
    await input.click();
    await ui.workbench.page.keyboard.type(' and after scrolling');
    assert.equal(await input.inputValue(), `${typed} and after scrolling`);
    await chat.locator('li.chat-message[data-index="1"] .code-block .hljs-keyword').first().waitFor({ timeout: 30_000 });
    await ui.workbench.screenshot('chat-1000-messages');
    console.log(`      (1,000 messages: view opened and all rendered in ${rendered} ms on this machine)`);
  });
});

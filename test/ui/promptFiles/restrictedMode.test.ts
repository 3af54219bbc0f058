import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, chatState } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { PROMPT_MARKER, PROMPT_PROJECT } from './promptProject';

describe('Prompt files in an untrusted workspace (Restricted Mode)', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'prompt-files-restricted',
    emulator: { apiKey: 'prompt-files-restricted-key-3c8a' },
    files: PROMPT_PROJECT,
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: {
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.banner': 'always',
    },
    workspaceTrust: true,
    apiKey: true,
    cluster: 'Demo',
  });

  it('offers no prompt file: /review is sent as typed, and no byte of the file goes out', async () => {
    const { workbench } = ui;
    await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
    await workbench.openFile('src/math.ts');
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.focus();
    await workbench.page.keyboard.type('/review');
    const typed = await waitFor(
      'the box to hold /review',
      async () => ({ value: await input.inputValue(), expanded: await input.getAttribute('aria-expanded') }),
      (state) => state.value === '/review',
    );
    assert.equal(typed.expanded, 'false', 'no suggestion list');
    await workbench.page.keyboard.type(' (prompt restricted)');
    await workbench.page.keyboard.press('Enter');
    const end = await waitFor(
      'the reply in the chat',
      () => chatState(workbench, 1),
      (state) => state.kind === 'reply' || state.kind === 'notSent',
      { timeoutMs: 30_000 },
    );
    assert.equal(end.kind, 'reply');
    const sent = bodiesWith(ui.emulator.received(), '(prompt restricted)');
    assert.equal(sent[0]?.messages.at(-1)?.content, '/review (prompt restricted)');
    const everything = ui.emulator
      .received()
      .map((request) => Buffer.from(request.bodyBase64, 'base64').toString('utf8'))
      .join('\n');
    assert.ok(!everything.includes(PROMPT_MARKER), 'no request holds text of the prompt file');
  });
});

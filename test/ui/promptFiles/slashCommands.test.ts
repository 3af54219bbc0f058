import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { PROMPT_MARKER, PROMPT_PROJECT } from './promptProject';

describe('Prompt files as slash commands in the chat: a real workspace folder, the emulator', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'prompt-files',
    emulator: { apiKey: 'prompt-files-ui-key-5b1d' },
    files: PROMPT_PROJECT,
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  it('runs /review from the composer by keyboard: suggested, its input asked, expanded into the box, edited, sent', async () => {
    const { workbench } = ui;
    await workbench.openFile('src/math.ts');
    await workbench.selectLines('math.ts', 2, 2);
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.focus();
    await waitFor(
      'the message box to have focus',
      () => input.evaluate((box) => box.ownerDocument.activeElement === box),
      (focused) => focused,
    );

    await workbench.page.keyboard.type('/rev');
    const option = chat.locator('#chat-prompt-suggestions [role="option"][data-name="review"]');
    const listed = await waitFor(
      'the suggestions to list /review with its description, chosen',
      async () => ({
        options: await chat.locator('#chat-prompt-suggestions [role="option"]').allInnerTexts(),
        expanded: await input.getAttribute('aria-expanded'),
        active: await input.getAttribute('aria-activedescendant'),
        selected: (await option.count()) > 0 ? await option.getAttribute('aria-selected') : null,
      }),
      (state) => state.expanded === 'true' && state.selected === 'true' && state.options.length === 1,
    );
    assert.match(listed.options[0] ?? '', /\/review\s+what to add\s+Review the selected code/);
    await workbench.screenshot('prompt-files-suggestions');

    await workbench.page.keyboard.press('Enter');
    await workbench.answerInputBox(/topic/, 'error handling');
    const expansion = `${PROMPT_MARKER} error handling:\n\n  return a + b;`;
    await waitFor(
      'the box to hold the expansion, focused, with nothing sent',
      async () => ({
        value: await input.inputValue(),
        focused: await input.evaluate((box) => box.ownerDocument.activeElement === box && box.ownerDocument.hasFocus()),
        messages: await workbench.chatMessageCount(),
      }),
      (state) => state.value.startsWith(expansion) && state.focused && state.messages === 0,
    );

    await workbench.page.keyboard.type(' Keep it brief. (prompt files ui)');
    const edited = await waitFor(
      'the box to hold the edited expansion',
      () => input.inputValue(),
      (value) => value.endsWith('Keep it brief. (prompt files ui)'),
    );
    await workbench.page.keyboard.press('Enter');
    await turnEnded(workbench, 1);

    const sent = bodiesWith(ui.emulator.received(), '(prompt files ui)');
    assert.equal(sent.length, 1, 'one request');
    const user = sent[0]?.messages.at(-1);
    assert.equal(user?.role, 'user');
    assert.equal(user.content, edited, 'the edited expansion, byte for byte');
    assert.ok(!sent[0]?.raw.includes('${input:topic}') && !sent[0]?.raw.includes('/review'), 'no command or variable left');
  });
});

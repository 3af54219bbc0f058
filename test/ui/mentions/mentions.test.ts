import * as assert from 'node:assert/strict';
import type { Locator, Page } from 'playwright-core';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';

/**
 * Drags `from` (in the workbench) onto `to` (in a webview) as a user does: VS Code lets a drag
 * reach a view's webview only while Shift is held, so Shift goes down once the drag has started.
 */
async function dragWithShift(page: Page, from: Locator, to: Locator): Promise<void> {
  const start = await from.boundingBox();
  const end = await to.boundingBox();
  assert.ok(start && end, 'both ends of the drag are on screen');
  const [x, y] = [start.x + start.width / 2, start.y + start.height / 2];
  await page.mouse.move(x, y);
  await page.mouse.down();
  await page.mouse.move(x + 20, y + 20, { steps: 4 });
  await page.keyboard.down('Shift');
  await page.mouse.move(end.x + end.width / 2, end.y + end.height / 2, { steps: 10 });
  await page.mouse.up();
  await page.keyboard.up('Shift');
}

const FILE_MARKER = 'MENTION_UI_FILE_3e8a';
const ENV_VALUE = 'MENTION_UI_ENV_61c0';

describe('@ mentions in the chat composer: a real workspace folder, the emulator', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'mentions',
    emulator: { apiKey: 'mentions-ui-key-2f7c' },
    files: {
      '.gitignore': 'dist/\n',
      'src/app.ts': `export const app = '${FILE_MARKER}';\n`,
      'src/apply.ts': 'export {};\n',
      'dist/app.js': 'built\n',
      '.env': `TOKEN=${ENV_VALUE}\n`,
    },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  it('mentions a file by keyboard: offered fuzzily (not what .gitignore hides), attached as a chip, sent as a named block', async () => {
    const { workbench } = ui;
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.focus();
    await workbench.page.keyboard.type('What does @app');
    const options = chat.locator('#chat-mention-suggestions [role="option"]');
    const listed = await waitFor(
      'the mention list to offer the workspace’s files for “app”, the best first and chosen',
      async () => ({
        options: await options.allInnerTexts(),
        expanded: await input.getAttribute('aria-expanded'),
        controls: await input.getAttribute('aria-controls'),
        active: await input.getAttribute('aria-activedescendant'),
      }),
      (state) => state.expanded === 'true' && state.options.length >= 2 && state.active === 'chat-mention-suggestions-0',
    );
    assert.equal(listed.controls, 'chat-mention-suggestions');
    assert.match(listed.options[0] ?? '', /^@app\.ts\s+src$/);
    assert.ok(!listed.options.some((option) => /dist/.test(option)), `.gitignore hides dist/: ${listed.options.join(' | ')}`);
    await workbench.screenshot('mentions-suggestions');

    await workbench.page.keyboard.press('Enter');
    const attached = await waitFor(
      'the box to hold @src/app.ts and a chip to show the file attached',
      async () => ({
        value: await input.inputValue(),
        chips: await chat.locator('.chat-input-box .chat-attachments .attachment-label').allInnerTexts(),
        open: await chat.locator('#chat-mention-suggestions:not([hidden])').count(),
      }),
      (state) => state.chips.length === 1 && state.open === 0,
    );
    assert.equal(attached.value, 'What does @src/app.ts ');
    assert.deepEqual(attached.chips, ['src/app.ts']);
    await workbench.screenshot('mentions-attached');

    await workbench.page.keyboard.type('export? (mentions ui)');
    await workbench.page.keyboard.press('Enter');
    await turnEnded(workbench, 1);
    const sent = bodiesWith(ui.emulator.received(), '(mentions ui)');
    assert.equal(sent.length, 1, 'one request');
    const user = sent[0]?.messages.at(-1)?.content ?? '';
    assert.ok(user.startsWith('What does @src/app.ts export? (mentions ui)'), user);
    assert.ok(user.includes(`src/app.ts:\n\n\`\`\`typescript\nexport const app = '${FILE_MARKER}';\n\`\`\``), user);
    assert.ok(!sent[0]?.raw.includes(ENV_VALUE));

    const message = chat.locator('li.chat-message[data-role="user"]').last();
    const chip = message.locator('button.message-attached-chip');
    const shown = await waitFor(
      'the sent message to show its text, and the file as a closed chip',
      async () => ({
        typed: (await message.locator('.message-typed').innerText()).trim(),
        chips: await chip.allInnerTexts(),
        expanded: await chip.first().getAttribute('aria-expanded'),
      }),
      (state) => state.chips.length === 1 && state.expanded === 'false',
    );
    assert.equal(shown.typed, 'What does @src/app.ts export? (mentions ui)');
    assert.deepEqual(shown.chips, ['src/app.ts']);
    await chip.click();
    await waitFor(
      'the chip to open the very block that was sent',
      async () => ({
        expanded: await chip.getAttribute('aria-expanded'),
        code: (await message.locator('.message-attached-body:not([hidden]) pre code').allInnerTexts()).join(''),
      }),
      (state) => state.expanded === 'true' && state.code.includes(FILE_MARKER),
    );
    await workbench.screenshot('mentions-sent-chip');
  });

  it('attaches a file dragged from its editor tab onto the box with Shift held, in a remote window', async () => {
    const { workbench } = ui;
    await startNewChat(workbench);
    await workbench.openFile('src/apply.ts');
    const chat = workbench.chatView();
    const tab = workbench.page.locator('.tabs-container .tab', { hasText: 'apply.ts' }).first();
    await dragWithShift(workbench.page, tab, chat.locator('#chat-input'));
    const dropped = await waitFor(
      'the dropped file to be a chip and a mention in the box',
      async () => ({
        value: await chat.locator('#chat-input').inputValue(),
        chips: await chat.locator('.chat-input-box .chat-attachments .attachment-label').allInnerTexts(),
      }),
      // The chip and the box's text come in two messages from the host: the state is both.
      (state) => state.chips.length === 1 && state.value.includes('@src/'),
    );
    assert.deepEqual(dropped.chips, ['src/apply.ts']);
    assert.match(dropped.value, /@src\/apply\.ts/);
    await workbench.screenshot('mentions-dropped');
  });
});

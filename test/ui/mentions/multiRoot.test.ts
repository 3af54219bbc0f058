import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';

const WEB_MARKER = 'MULTI_ROOT_WEB_5d21';

describe('@ mentions in a workspace of two folders: a .code-workspace opened in the workbench', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'multi-root',
    emulator: { apiKey: 'multi-root-ui-key-8b1e' },
    files: { 'src/app.ts': "export const api = 'first folder';\n" },
    secondFolder: { name: 'web', files: { 'src/app.ts': `export const web = '${WEB_MARKER}';\n`, '.env': 'TOKEN=web-secret\n' } },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  it('offers the files of both folders, each named by its folder, and sends the one chosen from the second', async () => {
    const { workbench } = ui;
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.focus();
    await workbench.page.keyboard.type('Compare @app');
    const options = chat.locator('#chat-mention-suggestions [role="option"]');
    const listed = await waitFor(
      'the mention list to offer app.ts of both folders',
      async () => ({ titles: await options.evaluateAll((items) => items.map((item) => item.getAttribute('title') ?? '')) }),
      (state) => state.titles.includes('workspace/src/app.ts') && state.titles.includes('web/src/app.ts'),
    );
    assert.ok(!listed.titles.some((title) => title.endsWith('.env')), listed.titles.join(' | '));
    await workbench.screenshot('multi-root-suggestions');

    for (let typed = 0; typed < 'app'.length; typed++) {
      await workbench.page.keyboard.press('Backspace');
    }
    await workbench.page.keyboard.type('web/src/app');
    await waitFor(
      'the second folder’s file to be offered first',
      async () => ({ active: await chat.locator('#chat-mention-suggestions [aria-selected="true"]').getAttribute('title') }),
      (state) => state.active === 'web/src/app.ts',
    );
    await workbench.page.keyboard.press('Enter');
    await waitFor(
      'a chip to show the second folder’s file attached',
      async () => await chat.locator('.chat-input-box .chat-attachments .attachment-label').allInnerTexts(),
      (chips) => chips.length === 1 && chips[0] === 'web/src/app.ts',
    );
    await workbench.page.keyboard.type('(multi-root ui)');
    await workbench.page.keyboard.press('Enter');
    await turnEnded(workbench, 1);
    const sent = bodiesWith(ui.emulator.received(), '(multi-root ui)');
    assert.equal(sent.length, 1, 'one request');
    const user = sent[0]?.messages.at(-1)?.content ?? '';
    assert.ok(user.startsWith('Compare @web/src/app.ts (multi-root ui)'), user);
    assert.ok(user.includes(`web/src/app.ts:\n\n\`\`\`typescript\nexport const web = '${WEB_MARKER}';\n\`\`\``), user);
  });
});

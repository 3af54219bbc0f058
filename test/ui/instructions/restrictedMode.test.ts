import * as assert from 'node:assert/strict';
import { bodiesWith, sendAnsweringInstructions } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { FILE_MARKERS, PROJECT_FILES, SYSTEM_PROMPT } from './workspaceFiles';
import { systemMessage } from '../../../src/chat/common/contextMeter';
import { FILE_LABEL_REQUEST } from '../../../src/fileEdits/common/fileLabelRequest';

describe('An untrusted workspace (Restricted Mode)', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'instructions-restricted',
    emulator: { apiKey: 'instructions-restricted-key-9e07' },
    files: PROJECT_FILES,
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: {
      'clusterChat.systemPrompt': SYSTEM_PROMPT,
      // Trust is on and the folder is not trusted; no start-up question, and the banner says so.
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.banner': 'always',
    },
    workspaceTrust: true,
    apiKey: true,
    cluster: 'Demo',
  });

  it('sends no byte of any instruction file with a typed message, and asks nothing', async () => {
    await ui.workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
    await ui.workbench.openFile('web/src/app.ts');
    await startNewChat(ui.workbench);
    const turn = await sendAnsweringInstructions(ui.workbench, 'What should I know? (instructions restricted)', 1);
    await ui.workbench.screenshot('instructions-restricted-mode');

    assert.deepEqual(turn.asked, [], 'no question about an instruction file');
    const sent = bodiesWith(ui.emulator.received(), '(instructions restricted)');
    assert.equal(sent.length, 1, 'the message itself went out');
    assert.deepEqual(sent[0]?.messages, [
      // The request to name each block's file is the extension's own words, sent in Restricted Mode too.
      { role: 'system', content: systemMessage(SYSTEM_PROMPT, FILE_LABEL_REQUEST) },
      { role: 'user', content: 'What should I know? (instructions restricted)' },
    ]);
    const everything = ui.emulator
      .received()
      .map((request) => Buffer.from(request.bodyBase64, 'base64').toString('utf8'))
      .join('\n');
    assert.deepEqual(
      FILE_MARKERS.filter((marker) => everything.includes(marker)),
      [],
      'no request the emulator received holds text of a workspace file',
    );
  });

  it('Explain, Add Selection to Chat, Write Commit Message and Explain with Cluster send nothing, say why and offer trust', async () => {
    const { workbench, emulator } = ui;
    const received = emulator.received().length;
    await workbench.openFile('web/src/app.ts');
    await workbench.selectLines('app.ts', 1, 1);
    for (const command of ['Explain', 'Add Selection to Chat', 'Write Commit Message', 'Explain with Cluster']) {
      await workbench.clearNotifications();
      await workbench.runCommand(`Cluster Chat: ${command}`);
      const toast = await workbench.notification(/Cluster Chat sends nothing of this workspace in Restricted Mode/);
      assert.equal(await toast.locator('.monaco-button', { hasText: 'Manage Workspace Trust' }).count(), 1, command);
    }
    await workbench.screenshot('restricted-mode-refused');
    const chips = workbench.chatView().locator('.chat-input-box .chat-attachments .attachment-label');
    assert.equal(await chips.count(), 0, 'nothing was attached to the chat');

    await workbench.clickNotificationButton(await workbench.notification(/Restricted Mode/), 'Manage Workspace Trust');
    // The trust editor: a tab on 1.100, a modal editor on 1.139; both say the window is in Restricted Mode.
    await workbench.page.getByText('You are in Restricted Mode', { exact: true }).first().waitFor({ timeout: 30_000 });
    assert.equal(emulator.received().length, received, 'no request reached the emulator');
  });
});

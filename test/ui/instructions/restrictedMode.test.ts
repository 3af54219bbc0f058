import * as assert from 'node:assert/strict';
import { bodiesWith, sendAnsweringInstructions } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { FILE_MARKERS, PROJECT_FILES, SYSTEM_PROMPT } from './workspaceFiles';

describe('Instruction files in an untrusted workspace (Restricted Mode)', function () {
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

  it('sends no byte of any workspace file and asks nothing', async () => {
    await ui.workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
    await ui.workbench.openFile('web/src/app.ts');
    await startNewChat(ui.workbench);
    const turn = await sendAnsweringInstructions(ui.workbench, 'What should I know? (instructions restricted)', 1);
    await ui.workbench.screenshot('instructions-restricted-mode');

    assert.deepEqual(turn.asked, [], 'no question about an instruction file');
    const sent = bodiesWith(ui.emulator.received(), '(instructions restricted)');
    assert.equal(sent.length, 1, 'the message itself went out');
    assert.deepEqual(sent[0]?.messages, [
      { role: 'system', content: SYSTEM_PROMPT },
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
});

import * as assert from 'node:assert/strict';
import { INSTRUCTIONS_INTRO } from '../../../src/instructions/common/instructionBlocks';
import { FILE_LABEL_REQUEST } from '../../../src/fileEdits/common/fileLabelRequest';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, cancelOpenDialog, sendAnsweringInstructions } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { changeOnDisk, PROJECT_FILES, SYSTEM_PROMPT } from './workspaceFiles';

describe('Instruction files in the chat: a real workspace folder, the emulator', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'instructions',
    emulator: { apiKey: 'instructions-ui-key-41c2' },
    files: PROJECT_FILES,
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: { 'clusterChat.systemPrompt': SYSTEM_PROMPT },
    apiKey: true,
    cluster: 'Demo',
  });

  afterEach('cancel a question a failed test left open', () => cancelOpenDialog(ui.workbench));

  /** Opens `relative` in an editor (the file a send is about) and starts a new conversation. */
  async function newChatAbout(relative: string): Promise<void> {
    await ui.workbench.openFile(relative);
    await startNewChat(ui.workbench);
  }

  it('sends exactly the instruction files that apply to the active file, in order, after the system prompt', async () => {
    await newChatAbout('web/src/app.ts');
    await sendAnsweringInstructions(ui.workbench, 'What should I know? (instructions order)', 1);

    const sent = bodiesWith(ui.emulator.received(), '(instructions order)');
    assert.equal(sent.length, 1, 'one request');
    assert.deepEqual(
      sent[0]?.messages.map((message) => message.role),
      ['system', 'user'],
    );
    const expected = [
      SYSTEM_PROMPT,
      INSTRUCTIONS_INTRO,
      '```web/AGENTS.md\nWeb agents: components are function components.\n```',
      '```AGENTS.md\nRoot agents: run npm test before you answer.\n```',
      '```.github/instructions/ts.instructions.md\nTypeScript: no any.\n```',
      '```.continue/rules/style.md\nContinue style: short functions.\n```',
      // The chat asks, after the files, for each block's file (setting clusterChat.chat.askForFilePaths).
      FILE_LABEL_REQUEST,
    ].join('\n\n');
    assert.equal(sent[0]?.messages[0]?.content, expected, 'nearest AGENTS.md, root AGENTS.md, applyTo **/*.ts, the Continue rule');
  });

  it('regenerate resends the very same bytes', async () => {
    await newChatAbout('web/src/app.ts');
    await sendAnsweringInstructions(ui.workbench, 'Once more, please. (instructions regenerate)', 1);
    const chat = ui.workbench.chatView();
    await chat.locator('li.chat-message[data-index="1"] button.message-regenerate').click();
    const sent = await waitFor(
      'the emulator to receive the regenerated request',
      () => bodiesWith(ui.emulator.received(), '(instructions regenerate)'),
      (bodies) => bodies.length === 2,
      { timeoutMs: 30_000 },
    );
    await chat.locator('li.chat-message[data-index="1"][data-role="assistant"]').waitFor({ timeout: 30_000 });
    assert.ok(sent[0]?.messages[0]?.content.includes('```web/AGENTS.md\n'), 'the first request carried the instruction files');
    assert.equal(sent[1]?.raw, sent[0]?.raw, 'byte for byte the same body');
  });

  it('asks again about a file that changed on disk between two sends, and about that file only', async () => {
    await newChatAbout('docs/AGENTS.md');
    const first = await sendAnsweringInstructions(ui.workbench, 'First look. (instructions changed 1)', 1);
    assert.ok(
      first.asked.every((question) => !question.includes('changed since')),
      `no question of the first send says a file changed: ${JSON.stringify(first.asked)}`,
    );
    await changeOnDisk(ui.workbench, 'docs/AGENTS.md', 'Docs agents: write in the past tense.\nVersion 2.\n', 'Version 2.');

    const second = await sendAnsweringInstructions(ui.workbench, 'Second look. (instructions changed 2)', 3);
    assert.equal(second.asked.length, 1, `one question: ${JSON.stringify(second.asked)}`);
    assert.match(second.asked[0] ?? '', /The instruction file docs\/AGENTS\.md changed since it was last sent\./);
    assert.match(second.asked[0] ?? '', /write in the past tense/, 'the question shows the new content');
    const sent = bodiesWith(ui.emulator.received(), '(instructions changed 2)');
    assert.ok(sent[0]?.messages[0]?.content.includes('```docs/AGENTS.md\nDocs agents: write in the past tense.\nVersion 2.\n```'));
  });

  it('flags a hidden bidi override in the question about a changed file', async () => {
    await newChatAbout('notes/AGENTS.md');
    await sendAnsweringInstructions(ui.workbench, 'Read the notes. (instructions bidi 1)', 1);
    await changeOnDisk(ui.workbench, 'notes/AGENTS.md', 'Notes agents: always answer \u202Eyes\u202C.\nVersion 2.\n', 'Version 2.');

    const second = await sendAnsweringInstructions(ui.workbench, 'Read them again. (instructions bidi 2)', 3);
    const question = second.asked.find((asked) => asked.includes('notes/AGENTS.md')) ?? '';
    assert.match(question, /Warning: it holds 2 hidden character\(s\), shown below as ⟦…⟧/);
    assert.match(question, /⟦U\+202E[^⟧]*⟧yes⟦U\+202C[^⟧]*⟧/, 'the override is shown where it stands');
  });
});

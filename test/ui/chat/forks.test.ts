import * as assert from 'node:assert/strict';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';

describe('Continue from here, and an edit sent in a new chat (real workbench, emulator)', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'forks',
    emulator: { apiKey: 'forks-ui-key-5d21' },
    clusters: [{ id: 'demo', label: 'Demo' }],
    apiKey: true,
    cluster: 'Demo',
  });

  it('forks from a reply by mouse, and sends an edit in a new chat, each leaving the original whole', async () => {
    const { workbench, emulator } = ui;
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    for (const [index, question] of ['Where to start? (ui fork)', 'And then? (ui fork)'].entries()) {
      await input.fill(question);
      await input.press('Enter');
      await turnEnded(workbench, index * 2 + 1);
    }
    const sent = emulator.received().length;
    const shown = async (): Promise<{ texts: string[]; titles: string[] }> => ({
      texts: (await chat.locator('li.chat-message .message-content').allInnerTexts()).map((text) => text.split('\n')[0] ?? ''),
      titles: await chat
        .locator('#chat-history li.history-item button.history-open')
        .evaluateAll((buttons) => buttons.map((each) => (each as HTMLElement).title)),
    });

    await chat.locator('li.chat-message[data-index="1"] button.message-fork').click();
    const forked = await waitFor(
      'a new conversation holding the first question and its reply',
      shown,
      (state) => state.texts.length === 2 && state.texts[0] === 'Where to start? (ui fork)',
    );
    assert.match(forked.texts[1] ?? '', /Hello from cluster/);
    assert.equal(emulator.received().length, sent, 'forking sends nothing');
    await workbench.screenshot('forks-continued');

    await chat.locator('li.chat-message[data-index="0"] button.message-edit').click();
    await input.fill('Where else could I start? (ui fork)');
    await chat.locator('#chat-editing button.chat-edit-new-chat').click();
    await turnEnded(workbench, 1);
    const edited = await waitFor(
      'a third conversation holding the edit and its reply',
      shown,
      (state) => state.texts.length === 2 && state.texts[0] === 'Where else could I start? (ui fork)',
    );
    assert.equal(edited.texts.length, 2);
    assert.equal(bodiesWith(emulator.received(), 'Where else could I start? (ui fork)').length, 1, 'the edit was sent once');

    await chat.locator('button[data-command="toggleHistory"]').click();
    const listed = await waitFor(
      'the history to list the original and its two forks',
      shown,
      (state) => state.titles.filter((title) => title.startsWith('Where')).length === 3,
    );
    assert.deepEqual(
      listed.titles.filter((title) => title.startsWith('Where')).sort(),
      ['Where else could I start? (ui fork)', 'Where to start? (ui fork)', 'Where to start? (ui fork) (fork)'].sort(),
    );
    await workbench.screenshot('forks-history');
  });
});

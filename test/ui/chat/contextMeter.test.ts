import * as assert from 'node:assert/strict';
import type { Locator } from 'playwright-core';
import { measureRequest, systemMessage } from '../../../src/chat/common/contextMeter';
import { DEFAULT_SYSTEM_PROMPT } from '../../../src/replies/common/selectionPrompt';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { FILE_LABEL_REQUEST } from '../../../src/fileEdits/common/fileLabelRequest';

const LOG = Array.from({ length: 12 }, (_, i) => `[build] step ${i + 1}/12 ok: compiled module-${i + 1} in ${100 + i * 7} ms`).join('\n');
const FIRST = `Here is the build log:\n\n${LOG}`;
const QUESTION = 'Which step failed?';
const DRAFT = 'Summarise the failure in one sentence and suggest a fix.';

describe('Context meter, excluded messages and Ask before sending in the real workbench', function () {
  this.timeout(240_000);
  const ui = useWorkbench({
    screenshots: 'context-meter',
    emulator: { apiKey: 'meter-ui-key-7d1a' },
    clusters: [
      { id: 'echo', label: 'Echo' },
      { id: 'transcript', label: 'Careful Transcript', askBeforeSending: true },
    ],
    settings: { 'clusterChat.contextMeter.warningTokens': 80, 'clusterChat.contextMeter.limitTokens': 300 },
    apiKey: true,
    cluster: 'Echo',
  });

  afterEach('answer a question a test left open, so the next one starts without it', async () => {
    const dialog = ui.workbench.page.locator('.monaco-dialog-box');
    if (await dialog.isVisible()) {
      await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
      await dialog.waitFor({ state: 'hidden' });
      // Cancel puts the draft back and focuses the box: the next test's keys must not race that focus,
      // which would take the keyboard from a palette opened meanwhile (and so close it).
      await waitFor(
        'the declined draft back in the box, and the box focused',
        () =>
          ui.workbench
            .chatView()
            .locator('#chat-input')
            .evaluate((box: HTMLTextAreaElement) => ({ value: box.value, focused: box === document.activeElement && document.hasFocus() })),
        (box) => box.value !== '' && box.focused,
      );
    }
  });

  async function send(text: string, replyIndex: number): Promise<void> {
    const chat = ui.workbench.chatView();
    await chat.locator('#chat-input').fill(text);
    await ui.workbench.page.keyboard.press('Enter');
    await chat.locator(`li.chat-message[data-index="${replyIndex}"][data-role="assistant"]`).waitFor({ timeout: 30_000 });
  }

  async function exclude(index: number): Promise<void> {
    const chat = ui.workbench.chatView();
    await chat.locator(`li.chat-message[data-index="${index}"] button.message-exclude`).click();
    await chat.locator(`li.chat-message[data-index="${index}"].is-excluded`).waitFor();
  }

  /** The meter's level, its one visible line, and what that line's tooltip spells out. */
  async function meter(): Promise<{ level: string | null; line: string; text: string }> {
    const element = ui.workbench.chatView().locator('.chat-meter');
    const summary = element.locator('button.chat-meter-summary');
    return {
      level: await element.getAttribute('data-level'),
      line: (await summary.innerText()).trim(),
      text: (await summary.getAttribute('title')) ?? '',
    };
  }

  /** The Echo cluster selected and a new conversation with its first question answered. */
  async function firstTurn(): Promise<void> {
    await ui.workbench.selectCluster('Echo');
    await startNewChat(ui.workbench);
    await send(FIRST, 1);
  }

  /** A conversation of two turns whose first question and first reply are excluded from what is sent. */
  async function twoTurnsWithExclusions(): Promise<void> {
    await firstTurn();
    await exclude(0);
    await send(QUESTION, 3);
    await exclude(1);
  }

  /**
   * The size of the next send with DRAFT in the box: the system prompt with the request to name each
   * block's file, the messages not excluded and the draft.
   */
  function expectedSize(): ReturnType<typeof measureRequest> {
    const system = { role: 'system', content: systemMessage(DEFAULT_SYSTEM_PROMPT, FILE_LABEL_REQUEST) } as const;
    const included = [system, { role: 'user', content: QUESTION }, { role: 'assistant', content: QUESTION }] as const;
    return measureRequest([...included, { role: 'user', content: DRAFT }]);
  }

  /** Types a draft above the limit and presses Enter; resolves with the question that asks before sending it. */
  async function sendAboveLimit(long: string): Promise<Locator> {
    await ui.workbench.chatView().locator('#chat-input').fill(long);
    await waitFor('the meter over the limit', meter, (state) => state.level === 'over');
    await ui.workbench.page.keyboard.press('Enter');
    const dialog = ui.workbench.page.locator('.monaco-dialog-box', { hasText: /above the limit of 300 tokens/ });
    await dialog.waitFor();
    return dialog;
  }

  it('the newest message is always sent: its exclude button is disabled and says so', async () => {
    await firstTurn();
    const newest = ui.workbench.chatView().locator('li.chat-message[data-index="1"] button.message-exclude');
    assert.equal(await newest.getAttribute('aria-disabled'), 'true', 'the newest message is always sent');
    assert.equal(await newest.getAttribute('aria-label'), 'The newest message is always sent');
  });

  it('marks an excluded message as not sent', async () => {
    await twoTurnsWithExclusions();
    assert.match(await ui.workbench.chatView().locator('li.chat-message[data-index="0"] .message-meta').innerText(), /excluded: not sent/);
  });

  it('shows the size of the next send, counting only the messages not excluded and the draft', async () => {
    await twoTurnsWithExclusions();
    await ui.workbench.chatView().locator('#chat-input').fill(DRAFT);
    const expected = expectedSize();
    const size = new RegExp(`≈ ${expected.tokens} tokens \\(estimate\\) · ${expected.bytes} B · ${expected.chars} characters`);
    const shown = await waitFor('the meter to show the size of the next send', meter, (state) => size.test(state.text));
    assert.match(shown.text, size);
    assert.equal(shown.line, `≈ ${expected.tokens} tokens`, 'one short line in the sidebar');
  });

  it('turns the warning colour above the warning threshold, and says so', async () => {
    await twoTurnsWithExclusions();
    await ui.workbench.chatView().locator('#chat-input').fill(DRAFT);
    const shown = await waitFor('the meter in the warning colour', meter, (state) => state.level === 'warning');
    assert.match(shown.text, /above the warning threshold of 80 tokens/);
    await ui.workbench.screenshot('context-meter');
  });

  it('asks before a send above the limit, naming its size', async () => {
    await twoTurnsWithExclusions();
    const dialog = await sendAboveLimit(`${DRAFT} ${'x'.repeat(1200)}`);
    assert.match(await dialog.innerText(), /about \d+ tokens/);
    await ui.workbench.screenshot('context-meter-limit');
  });

  it('Cancel on that question puts the draft back and sends nothing', async () => {
    await twoTurnsWithExclusions();
    const chat = ui.workbench.chatView();
    const received = ui.emulator.stats().clusters['echo']?.received ?? 0;
    const long = `${DRAFT} ${'x'.repeat(1200)}`;
    const dialog = await sendAboveLimit(long);
    await dialog.locator('.monaco-button', { hasText: 'Cancel' }).click();
    await dialog.waitFor({ state: 'hidden' });
    await waitFor(
      'the draft back in the box',
      () => chat.locator('#chat-input').inputValue(),
      (value) => value === long,
    );
    assert.equal(await ui.workbench.chatMessageCount(), 4, 'nothing was added');
    assert.equal(ui.emulator.stats().clusters['echo']?.received ?? 0, received, 'nothing was sent');
  });

  it('a cluster set to Ask before sending is marked in the picker; each send asks, naming it, and Cancel keeps the message', async () => {
    await startNewChat(ui.workbench);
    await ui.workbench.runCommand('Cluster Chat: Select Cluster…');
    const row = ui.workbench.quickInputRow('Careful Transcript');
    await row.waitFor();
    assert.match(await row.innerText(), /asks before sending/);
    await ui.workbench.screenshot('ask-before-sending-picker');
    await ui.workbench.clickQuickInputRow('Careful Transcript');
    await ui.workbench.statusBarShowsCluster('Careful Transcript');
    await ui.workbench.openChat();

    const chat = ui.workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.fill('Create the ticket');
    await ui.workbench.page.keyboard.press('Enter');
    const dialog = ui.workbench.page.locator('.monaco-dialog-box', { hasText: /Send this request to cluster “Careful Transcript”\?/ });
    await dialog.waitFor();
    assert.equal(await chat.locator('.chat-busy:not([hidden])').count(), 0, 'no wait is shown while the question is open');
    await ui.workbench.screenshot('ask-before-sending-question');
    // Cancel is "not now": the message goes back into the box, with no error and nothing sent.
    await dialog.locator('.monaco-button', { hasText: /^Cancel$/ }).click();
    const declined = await waitFor(
      'the message to be back in the box and out of the conversation',
      async () => ({
        value: await input.inputValue(),
        messages: await ui.workbench.chatMessageCount(),
        errors: await chat.locator('.chat-error').count(),
        busy: await chat.locator('.chat-busy:not([hidden])').count(),
      }),
      (state) => state.value === 'Create the ticket' && state.messages === 0,
    );
    assert.deepEqual({ errors: declined.errors, busy: declined.busy }, { errors: 0, busy: 0 });
    assert.equal(ui.emulator.stats().clusters['transcript']?.received ?? 0, 0, 'nothing is sent after Cancel');

    await input.focus();
    await ui.workbench.page.keyboard.press('Enter');
    await dialog.waitFor();
    await dialog.locator('.monaco-button', { hasText: /^Send$/ }).click();
    await chat.locator('li.chat-message[data-index="1"][data-role="assistant"]').waitFor({ timeout: 30_000 });
    await waitUntil('the cluster received one request', () => ui.emulator.stats().clusters['transcript']?.received === 1);
  });
});

import * as assert from 'node:assert/strict';
import { transcriptOf } from '../../../scripts/emulator/faults/faultBehaviours';
import { buildParticipantMessages, composeParticipantMessage } from '../../../src/participant/common/participantPrompt';
import { DEFAULT_INSTRUCTIONS, DEFAULT_SYSTEM_PROMPT } from '../../../src/replies/common/selectionPrompt';
import { waitFor } from '../../../scripts/workbench/wait';
import { VsCodeChat } from '../helpers/vscodeChat';
import { uiHost } from '../../../scripts/workbench/workbench';
import { useWorkbench } from '../helpers/useWorkbench';

const MATH = 'export function add(a: number, b: number): number {\n  return a + b;\n}\n';
const REVIEW_PROMPT =
  '---\ndescription: Review a file\nargument-hint: what to look at\n---\nReview ${fileBasename} for $ARGUMENTS (ui prompt marker).\n';
const host = uiHost();
/** VS Code 1.100 has no language model provider API, and code-server 4.100.3 no Chat view. */
const HAS_CHAT_VIEW = host.name !== 'oldest';

const USER_SETTINGS = {
  'clusterChat.clusters': [
    { id: 'demo', label: 'Demo' },
    { id: 'transcript', label: 'Transcript' },
  ],
  // What a user without Copilot needs: VS Code's AI features on, and Ask mode (Agent lists only tool-calling models).
  'chat.disableAIFeatures': false,
  'chat.agent.enabled': false,
};

/**
 * The reply as the Chat view renders it, compared with what the transcript cluster sent back:
 * markdown keeps the words but not the fences or the line layout.
 */
function words(text: string): string {
  return text
    .split('\n')
    .filter((line) => !line.startsWith('```'))
    .join(' ')
    .replace(/\s+/g, ' ')
    .trim();
}

describe(`VS Code’s own Chat view with clusters as models (VS Code ${host.vscode})`, function () {
  this.timeout(180_000);
  let chat: VsCodeChat;
  const ui = useWorkbench({
    screenshots: 'vscode-chat',
    emulator: { apiKey: 'ui-test-key-5c27' },
    files: { 'src/math.ts': MATH, '.github/prompts/review.prompt.md': REVIEW_PROMPT },
    settings: USER_SETTINGS,
    apiKey: true,
  });
  before(async () => {
    chat = new VsCodeChat(ui.workbench);
    await ui.workbench.notification(/API key saved for http:\/\/127\.0\.0\.1/);
    await ui.workbench.clearNotifications();
  });

  it('“Ask @cluster in VS Code’s Chat” says when this VS Code cannot use clusters in its Chat view', async function () {
    if (HAS_CHAT_VIEW) {
      this.skip();
    }
    await ui.workbench.runCommand("Cluster Chat: Ask @cluster in VS Code's Chat");
    await ui.workbench.notification(/VS Code 1\.100\.3 cannot offer a cluster as a model in its Chat view/);
    assert.equal(ui.emulator.stats().total, 0);
  });

  describe('the Chat view (VS Code 1.104 and later)', () => {
    before(function () {
      if (!HAS_CHAT_VIEW) {
        console.log(`    skipped: VS Code ${host.vscode} has no Chat view and no language model provider API`);
        this.skip();
      }
    });

    it('opens in Ask mode, its model picker lists the clusters, and @cluster asks the picked one', async () => {
      await chat.open('Ask');
      const rows = await chat.openModelPicker('Trans');
      assert.deepEqual(rows, ['Transcript, Cluster Chat']);
      await ui.workbench.screenshot('vscode-chat-model-picker');
      await chat.pickModel('Transcript');

      const reply = await chat.send('@cluster Hello there', (text) => text.includes('Hello there'));
      const expected = transcriptOf(buildParticipantMessages(DEFAULT_SYSTEM_PROMPT, [], 'Hello there'));
      assert.equal(words(reply), words(expected), 'the cluster received exactly the system prompt and the prompt');
      assert.deepEqual(ui.emulator.stats().clusters['transcript'], { received: 1, completed: 1, aborted: 0 });
      assert.equal(ui.emulator.stats().total, 1, 'one POST, to the picked cluster');
      await ui.workbench.screenshot('vscode-chat-plain-reply');
      await chat.screenshot('vscode-chat-view');
    });

    it('@cluster /explain with an attached file sends the file with the Explain instruction after the earlier exchange', async () => {
      await chat.attachFile('math.ts');
      const reply = await chat.send('@cluster /explain ', (text) => text.includes('return a + b;'));
      const first = transcriptOf(buildParticipantMessages(DEFAULT_SYSTEM_PROMPT, [], 'Hello there'));
      const explain = composeParticipantMessage({
        prompt: '',
        instruction: DEFAULT_INSTRUCTIONS.explain,
        attachments: [{ id: '0', label: 'src/math.ts', fileName: 'src/math.ts', languageId: 'typescript', code: MATH }],
      });
      const expected = transcriptOf(buildParticipantMessages(DEFAULT_SYSTEM_PROMPT, [{ sent: 'Hello there', reply: first }], explain));
      assert.equal(words(reply), words(expected));
      assert.deepEqual(ui.emulator.stats().clusters['transcript'], { received: 2, completed: 2, aborted: 0 });
      await ui.workbench.screenshot('vscode-chat-explain-reply');
    });

    it('“Ask @cluster in VS Code’s Chat” picks the active cluster as the model and types @cluster', async () => {
      await ui.workbench.selectCluster('Demo');
      await ui.workbench.runCommand("Cluster Chat: Ask @cluster in VS Code's Chat");
      await waitForModel('Demo');
      assert.equal(await chat.modeLabel(), 'Ask');
      assert.equal(await chat.inputText(), '@cluster', 'the partial query waits for the question');
      await ui.workbench.screenshot('vscode-chat-opened-by-command');
    });

    it('@cluster /prompt, taken from VS Code’s suggestions, lists the prompt files; the one picked goes into the input unsent (keyboard only)', async () => {
      const { page } = ui.workbench;
      const sent = ui.emulator.stats().total;
      await ui.workbench.openFile('src/math.ts');
      await chat.open('Ask');
      await chat.typeUntilSuggested('@cluster /pro', 'prompt');
      await page.keyboard.press('Enter');
      await waitFor(
        'the input to hold @cluster /prompt',
        () => chat.inputText(),
        (text) => text.replace(/\s+/g, '') === '@cluster/prompt',
      );
      await page.keyboard.type(' speed');
      await chat.waitUntilSendable();
      await page.keyboard.press('Enter');
      const row = page.locator('.quick-input-widget:visible .monaco-list-row', { hasText: '/review' });
      await waitFor(
        'the list of prompt files, /review in it with its description',
        async () => ((await row.count()) > 0 ? row.first().innerText() : 'no /review row'),
        (text) => text.includes('Review a file') && text.includes('what to look at'),
      );
      await ui.workbench.screenshot('vscode-chat-prompt-picker');
      await page.keyboard.press('Enter');
      const filled = await waitFor(
        'the prompt, filled in, in the Chat input after @cluster',
        () => chat.inputText(),
        (text) => text.includes('(ui prompt marker)'),
      );
      assert.match(filled.replace(/\s+/g, ' '), /^@cluster ?Review math\.ts for speed \(ui prompt marker\)\.$/);
      assert.equal(ui.emulator.stats().total, sent, 'nothing was sent');
    });

    it('a prompt without @cluster goes to VS Code’s own assistant, which asks to sign in; no cluster is asked', async () => {
      const before = ui.emulator.stats().total;
      await chat.submit('Hello without a participant');
      const dialog = ui.workbench.page.locator('.monaco-dialog-box');
      await waitFor(
        'VS Code to ask for a sign-in',
        async () => ((await dialog.count()) > 0 ? dialog.first().innerText() : 'no dialog'),
        (text) => /Sign in/.test(text),
      );
      assert.equal(ui.emulator.stats().total, before, 'nothing reached the emulator');
      await ui.workbench.screenshot('vscode-chat-prompt-without-participant');
    });
  });

  async function waitForModel(label: string): Promise<void> {
    await waitFor(
      `the model picker to show ${label}`,
      () => chat.modelLabel(),
      (shown) => shown === `Models, ${label}`,
    );
  }
});

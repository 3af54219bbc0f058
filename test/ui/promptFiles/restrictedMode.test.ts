import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { waitFor } from '../../../scripts/workbench/wait';
import { bodiesWith, turnEnded } from '../helpers/chatQuestions';
import { startNewChat } from '../helpers/newChat';
import { useWorkbench } from '../helpers/useWorkbench';
import { PROMPT_MARKER, PROMPT_PROJECT } from './promptProject';

/** Words of the user's own files: theirs, not the workspace's, so Restricted Mode does not hold them back. */
const OWN_PROMPT = 'Answer as my checklist says:';
const OWN_RULE = 'Always name the file you mean.';

describe('Prompt files and mentions in an untrusted workspace (Restricted Mode)', function () {
  this.timeout(240_000);
  const userFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-user-'));
  fs.mkdirSync(path.join(userFolder, 'prompts'));
  fs.mkdirSync(path.join(userFolder, 'instructions'));
  fs.writeFileSync(
    path.join(userFolder, 'prompts', 'checklist.prompt.md'),
    `---\ndescription: My checklist\n---\n${OWN_PROMPT} $ARGUMENTS\n`,
  );
  fs.writeFileSync(path.join(userFolder, 'instructions', 'naming.md'), `${OWN_RULE}\n`);
  after('remove the user folder', () => fs.rmSync(userFolder, { recursive: true, force: true }));
  const ui = useWorkbench({
    screenshots: 'prompt-files-restricted',
    emulator: { apiKey: 'prompt-files-restricted-key-3c8a' },
    files: PROMPT_PROJECT,
    clusters: [{ id: 'demo', label: 'Demo' }],
    settings: {
      'security.workspace.trust.startupPrompt': 'never',
      'security.workspace.trust.banner': 'always',
      'clusterChat.userFolder': userFolder,
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
    const end = await turnEnded(workbench, 1);
    assert.equal(end.kind, 'reply', `the turn ended with ${JSON.stringify(end)}`);
    const sent = bodiesWith(ui.emulator.received(), '(prompt restricted)');
    const content = sent[0]?.messages.at(-1)?.content;
    assert.equal(content, '/review (prompt restricted)', `sent ${JSON.stringify(content)}`);
    assert.ok(sent[0]?.raw.includes(OWN_RULE), "the user's own instruction file goes with it: it is not the workspace's");
    const everything = ui.emulator
      .received()
      .map((request) => Buffer.from(request.bodyBase64, 'base64').toString('utf8'))
      .join('\n');
    assert.ok(!everything.includes(PROMPT_MARKER), 'no request holds text of the prompt file');
  });

  it("offers the user's own prompt file there, and expands it into the box", async () => {
    const { workbench } = ui;
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.focus();
    await workbench.page.keyboard.type('/check');
    const option = chat.locator('#chat-prompt-suggestions [role="option"][data-name="checklist"]');
    await waitFor(
      'the suggestions to list the own /checklist, chosen',
      async () => ({
        expanded: await input.getAttribute('aria-expanded'),
        selected: (await option.count()) > 0 ? await option.getAttribute('aria-selected') : null,
      }),
      (state) => state.expanded === 'true' && state.selected === 'true',
    );
    await workbench.page.keyboard.press('Enter');
    await waitFor(
      'the box to hold the expansion, with nothing sent',
      async () => ({ value: await input.inputValue(), messages: await workbench.chatMessageCount() }),
      (state) => state.value.startsWith(OWN_PROMPT) && state.messages === 0,
    );
  });

  it('offers nothing to mention with @ and says why: the typed @name goes as text, no byte of the file', async () => {
    const { workbench } = ui;
    await startNewChat(workbench);
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.focus();
    await workbench.page.keyboard.type('@math');
    const told = await waitFor(
      'the box’s status to say why nothing can be mentioned',
      async () => ({
        status: await chat.locator('.chat-composer > [role="status"]').innerText(),
        expanded: await input.getAttribute('aria-expanded'),
      }),
      (state) => /^Restricted Mode/.test(state.status),
    );
    assert.equal(told.expanded, 'false', 'no list opens');
    await workbench.page.keyboard.type(' (mention restricted)');
    await workbench.page.keyboard.press('Enter');
    const end = await turnEnded(workbench, 1);
    assert.equal(end.kind, 'reply', `the turn ended with ${JSON.stringify(end)}`);
    const sent = bodiesWith(ui.emulator.received(), '(mention restricted)');
    const content = sent[0]?.messages.at(-1)?.content;
    assert.equal(content, '@math (mention restricted)', `sent ${JSON.stringify(content)}`);
    assert.ok(!sent[0]?.raw.includes('return a + b'), 'nothing of src/math.ts');
  });
});

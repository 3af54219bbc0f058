import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { startEmulator, type RunningEmulator } from '../../scripts/emulator/server';
import { waitFor, waitUntil } from '../shared/wait';
import { conversationPath, savedConversation } from './helpers/savedConversation';
import { Workbench } from './helpers/workbench';

/** A reserved name (RFC 2606) that never resolves: the browser's requests to it are answered by the test. */
const SITE = 'https://links.cluster-chat.test';

interface Link {
  readonly kind: string;
  /** The link's text in the reply. */
  readonly text: string;
  readonly url: string;
}

const LINKS: readonly Link[] = [
  { kind: 'autolink', text: `${SITE}/autolink?from=reply&n=1`, url: `${SITE}/autolink?from=reply&n=1` },
  { kind: 'reference link', text: 'reference link', url: `${SITE}/reference/page` },
  { kind: 'titled link', text: 'titled link', url: `${SITE}/titled` },
  { kind: 'link in a list', text: 'list link', url: `${SITE}/list/item` },
  { kind: 'link in a table', text: 'table link', url: `${SITE}/table#row` },
];

const LINKS_MARKDOWN = [
  `An autolink: ${SITE}/autolink?from=reply&n=1`,
  '',
  `A [reference link][ref] and a [titled link](${SITE}/titled "A title that is not the address").`,
  '',
  '- A first item',
  `- A [list link](${SITE}/list/item) in the second`,
  '',
  '| Column | Link |',
  '| --- | --- |',
  `| cell | [table link](${SITE}/table#row) |`,
  '',
  `[ref]: ${SITE}/reference/page`,
].join('\n');

const AFTER_NESTING = 'These words come after a list nested one hundred levels deep.';
const NESTED_MARKDOWN = `${Array.from({ length: 100 }, (_, level) => `${'  '.repeat(level)}- level ${level + 1}`).join('\n')}\n\n${AFTER_NESTING}`;

const REPLY = `${LINKS_MARKDOWN}\n\n${NESTED_MARKDOWN}`;

describe('Links and deep nesting in replies, in the real workbench', function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let workbench: Workbench | undefined;
  /** Every page the browser opened besides the workbench, in order. */
  let popups: Page[] = [];
  /** Every request the browser made to the links' site. */
  let served: string[] = [];

  before(async () => {
    emulator = await startEmulator({ apiKey: 'links-ui-key-93b1' });
  });
  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'links');
    await workbench?.close();
    workbench = undefined;
  });
  after(async () => {
    await emulator?.close();
  });

  async function openWorkbench(): Promise<Workbench> {
    const opened = await Workbench.open({
      files: { 'src/app.ts': 'export const answer = 42;\n' },
      settings: {
        'clusterChat.baseUrl': emulator.baseUrl,
        'clusterChat.clusters': [{ id: 'echo', label: 'Echo' }],
        // The echo cluster replies with the request's text, which starts with this instruction.
        'clusterChat.prompt.explain': REPLY,
      },
      userData: {
        [conversationPath('links-1')]: savedConversation('links-1', 'Links', [
          { role: 'user', content: 'Show me some links.' },
          { role: 'assistant', content: REPLY },
        ]),
      },
    });
    popups = [];
    served = [];
    const context = opened.page.context();
    context.on('page', (page) => popups.push(page));
    await context.route(`${SITE}/**`, (route) => {
      served.push(route.request().url());
      return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Opened</title><p>Opened.</p>' });
    });
    return opened;
  }

  /** The one modal dialog on screen, once it is there: its message and detail. */
  async function theDialog(bench: Workbench, after: string): Promise<{ readonly message: string; readonly detail: string }> {
    const dialogs = bench.page.locator('.monaco-dialog-box');
    return waitFor(
      `one dialog after ${after}`,
      async () => ({
        count: await dialogs.count(),
        message: (await dialogs.count()) === 1 ? await dialogs.locator('.dialog-message-text').innerText() : '',
        detail: (await dialogs.count()) === 1 ? await dialogs.locator('.dialog-message-detail').innerText() : '',
      }),
      (seen) => seen.count === 1 && seen.detail !== '',
    );
  }

  async function answerDialog(bench: Workbench, button: 'Open' | 'Cancel'): Promise<void> {
    const dialog = bench.page.locator('.monaco-dialog-box');
    await dialog.locator('.monaco-button', { hasText: new RegExp(`^${button}$`) }).click();
    await waitUntil('the dialog to close', async () => (await dialog.count()) === 0);
  }

  /**
   * Clicks every link twice: Cancel must open nothing, Open must open exactly that link once.
   * Each click must raise exactly one question, naming that link's whole URL.
   */
  async function checkLinks(bench: Workbench, view: FrameLocator, where: string): Promise<void> {
    for (const [done, link] of LINKS.entries()) {
      const anchor = view.locator('a', { hasText: link.text }).first();
      assert.equal(await anchor.getAttribute('href'), link.url, `the ${link.kind} in the ${where} points at its URL`);

      await anchor.click();
      const asked = await theDialog(bench, `a click on the ${link.kind} in the ${where}`);
      assert.equal(asked.detail.split('\n')[0], link.url, `the question names the ${link.kind}'s URL, whole`);
      assert.match(asked.message, /links\.cluster-chat\.test/, 'and its host');
      await answerDialog(bench, 'Cancel');

      await anchor.click();
      const again = await theDialog(bench, `a second click on the ${link.kind} in the ${where}`);
      assert.equal(again.detail.split('\n')[0], link.url, 'the question names the link clicked, not an earlier one');
      await answerDialog(bench, 'Open');
      const page = await waitFor(
        `a page showing ${link.url}`,
        () => Promise.resolve(popups.map((popup) => popup.url())),
        (urls) => urls.includes(link.url),
      );
      assert.deepEqual(page, [link.url], `Cancel opened nothing, and Open opened the ${link.kind} once`);
      await popups[0]?.close();
      popups = [];
      assert.equal(served.length, done + 1, `one request per opened link: ${served.join(', ')}`);
    }
    console.log(`      (${where}: ${LINKS.length} links, each asked once per click; ${served.length} pages opened, all after Open)`);
  }

  /** The text after the deep list is shown, in a column as wide as most of the view's. */
  async function checkNesting(view: FrameLocator, where: string): Promise<void> {
    const after = view.locator('p', { hasText: AFTER_NESTING });
    await after.waitFor();
    const widths = await view.locator('li', { hasText: /^level 100$/ }).evaluate((deepest) => {
      const content = deepest.closest('.markdown-body') ?? deepest.ownerDocument.body;
      return { deepest: deepest.getBoundingClientRect().width, content: content.getBoundingClientRect().width };
    });
    assert.ok(
      widths.deepest >= widths.content * 0.5,
      `the deepest item keeps room for its text in the ${where}: ${widths.deepest}px of ${widths.content}px`,
    );
  }

  it('in the reply view: one question per link click, naming that URL; only Open opens it, once', async () => {
    workbench = await openWorkbench();
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for/, emulator.apiKey);
    await workbench.selectCluster('Echo');
    await workbench.openFile('src/app.ts');
    await workbench.selectLines('app.ts', 1, 1);
    await workbench.runCommand('Cluster Chat: Explain');
    const reply = workbench.webview();
    await reply.locator('a', { hasText: 'table link' }).waitFor({ timeout: 30_000 });
    await checkNesting(reply, 'reply view');
    await checkLinks(workbench, reply, 'reply view');
  });

  it('in the chat: one question per link click, naming that URL; only Open opens it, once', async () => {
    workbench = await openWorkbench();
    await workbench.openChat();
    const chat = workbench.chatView();
    await chat.locator('li.chat-message[data-index="1"] a', { hasText: 'table link' }).waitFor({ timeout: 30_000 });
    await checkNesting(chat, 'chat');
    await checkLinks(workbench, chat, 'chat');
  });
});

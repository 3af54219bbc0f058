import * as assert from 'node:assert/strict';
import type { FrameLocator } from 'playwright-core';
import { startEmulator, type RunningEmulator } from '../../scripts/emulator/server';
import { waitFor, waitUntil } from '../shared/wait';
import { conversationPath, savedConversation } from './helpers/savedConversation';
import { startTrapListener, type TrapListener } from './helpers/trapListener';
import { Workbench } from './helpers/workbench';

interface Link {
  readonly kind: string;
  /** The link's text in the reply. */
  readonly text: string;
  readonly url: string;
}

/** The links of the reply, all to `site`, a loopback listener that counts what reaches it. */
function linksOf(site: string): readonly Link[] {
  return [
    { kind: 'autolink', text: `${site}/autolink?from=reply&n=1`, url: `${site}/autolink?from=reply&n=1` },
    { kind: 'reference link', text: 'reference link', url: `${site}/reference/page` },
    { kind: 'titled link', text: 'titled link', url: `${site}/titled` },
    { kind: 'link in a list', text: 'list link', url: `${site}/list/item` },
    { kind: 'link in a table', text: 'table link', url: `${site}/table#row` },
  ];
}

function linksMarkdown(site: string): string {
  return [
    `An autolink: ${site}/autolink?from=reply&n=1`,
    '',
    `A [reference link][ref] and a [titled link](${site}/titled "A title that is not the address").`,
    '',
    '- A first item',
    `- A [list link](${site}/list/item) in the second`,
    '',
    '| Column | Link |',
    '| --- | --- |',
    `| cell | [table link](${site}/table#row) |`,
    '',
    `[ref]: ${site}/reference/page`,
  ].join('\n');
}

const AFTER_NESTING = 'These words come after a list nested one hundred levels deep.';
const NESTED_MARKDOWN = `${Array.from({ length: 100 }, (_, level) => `${'  '.repeat(level)}- level ${level + 1}`).join('\n')}\n\n${AFTER_NESTING}`;

describe('Links and deep nesting in replies, in the real workbench', function () {
  this.timeout(300_000);
  let emulator: RunningEmulator;
  let trap: TrapListener;
  let links: readonly Link[];
  let reply: string;
  let workbench: Workbench | undefined;

  before(async () => {
    emulator = await startEmulator({ apiKey: 'links-ui-key-93b1' });
    trap = await startTrapListener();
    links = linksOf(trap.url);
    reply = `${linksMarkdown(trap.url)}\n\n${NESTED_MARKDOWN}`;
  });
  afterEach(async function () {
    await workbench?.screenshotIfFailed(this.currentTest, 'links');
    await workbench?.close();
    workbench = undefined;
  });
  after(async () => {
    await trap?.close();
    await emulator?.close();
  });

  async function openWorkbench(): Promise<Workbench> {
    const opened = await Workbench.open({
      files: { 'src/app.ts': 'export const answer = 42;\n' },
      settings: {
        'clusterChat.baseUrl': emulator.baseUrl,
        'clusterChat.clusters': [{ id: 'echo', label: 'Echo' }],
        // The echo cluster replies with the request's text, which starts with this instruction.
        'clusterChat.prompt.explain': reply,
      },
      userData: {
        [conversationPath('links-1')]: savedConversation('links-1', 'Links', [
          { role: 'user', content: 'Show me some links.' },
          { role: 'assistant', content: reply },
        ]),
      },
    });
    return opened;
  }

  /** Path and query of every request that reached the links' site so far. */
  function requestsTo(): readonly string[] {
    return trap.requests.map((request) => request.url);
  }

  /** The one modal dialog on screen, once it is there: its detail (the URL comes first). */
  async function theDialog(bench: Workbench, after: string): Promise<string> {
    const dialogs = bench.page.locator('.monaco-dialog-box');
    const seen = await waitFor(
      `one dialog after ${after}`,
      async () => {
        const count = await dialogs.count();
        return { count, detail: count === 1 ? await dialogs.locator('.dialog-message-detail').innerText() : '' };
      },
      (state) => state.count === 1 && state.detail !== '',
    );
    return seen.detail;
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
    let opened = 0;
    const start = requestsTo().length;
    for (const link of links) {
      const anchor = view.locator('a', { hasText: link.text }).first();
      assert.equal(await anchor.getAttribute('href'), link.url, `the ${link.kind} in the ${where} points at its URL`);
      const target = new URL(link.url);
      const before = [...requestsTo()];
      assert.equal(before.length - start, opened, `each earlier link was opened once, and only after Open: ${before.join(', ')}`);

      await anchor.click();
      const asked = await theDialog(bench, `a click on the ${link.kind} in the ${where}`);
      assert.equal(asked.split('\n')[0], link.url, `the question names the ${link.kind}'s URL, whole`);
      await answerDialog(bench, 'Cancel');

      await anchor.click();
      const again = await theDialog(bench, `a second click on the ${link.kind} in the ${where}`);
      assert.equal(again.split('\n')[0], link.url, 'the question names the link clicked, not an earlier one');
      await answerDialog(bench, 'Open');
      const requests = await waitFor(
        `the ${link.kind}'s site to be asked for ${target.pathname}${target.search}`,
        () => Promise.resolve([...requestsTo()]),
        (seen) => seen.length > before.length,
      );
      opened += 1;
      assert.deepEqual(requests.slice(before.length), [target.pathname + target.search], `Open opened the ${link.kind}, once`);
    }
    assert.equal(opened, links.length);
    console.log(`      (${where}: ${links.length} links, one question per click; Cancel opened nothing, Open opened each link once)`);
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
    const view = workbench.webview();
    await view.locator('a', { hasText: 'table link' }).waitFor({ timeout: 30_000 });
    await checkNesting(view, 'reply view');
    await checkLinks(workbench, view, 'reply view');
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

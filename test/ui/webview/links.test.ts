import * as assert from 'node:assert/strict';
import type { FrameLocator, Page } from 'playwright-core';
import { waitFor, waitUntil } from '../../../scripts/workbench/wait';
import { conversationPath, savedConversation } from '../helpers/savedConversation';
import { startTrapListener, type TrapListener } from '../helpers/trapListener';
import { uiHost, type Workbench } from '../../../scripts/workbench/workbench';
import { useWorkbenchPerTest } from '../helpers/useWorkbench';

/** Reserved names (RFC 2606) that never resolve: the browser's requests to them are answered by the test. */
const SITE = 'links.cluster-chat.test';

interface Link {
  readonly kind: string;
  /** The link's text in the reply. */
  readonly text: string;
  readonly url: string;
  /** A link to this computer, which VS Code would open unasked, so Cluster Chat asks. */
  readonly local: boolean;
}

/**
 * The reply's links; `local` is a loopback listener's address. VS Code 1.100's link question names
 * the first link it opened on a site for every later one (fixed in later versions), so there each
 * link gets a site of its own.
 */
function linksOf(local: string): readonly Link[] {
  const site = (name: string): string => (uiHost().name === 'oldest' ? `https://${name}.${SITE}` : `https://${SITE}`);
  return [
    { kind: 'autolink', text: `${site('auto')}/autolink?from=reply&n=1`, url: `${site('auto')}/autolink?from=reply&n=1`, local: false },
    { kind: 'reference link', text: 'reference link', url: `${site('reference')}/reference/page`, local: false },
    { kind: 'titled link', text: 'titled link', url: `${site('titled')}/titled`, local: false },
    { kind: 'link in a list', text: 'list link', url: `${site('list')}/list/item`, local: false },
    { kind: 'link in a table', text: 'table link', url: `${site('table')}/table#row`, local: false },
    { kind: 'link to this computer', text: 'local link', url: `${local}/admin?action=reset`, local: true },
  ];
}

function linksMarkdown(links: readonly Link[]): string {
  const url = (kind: string): string => links.find((link) => link.kind === kind)?.url ?? '';
  return [
    `An autolink: ${url('autolink')}`,
    '',
    `A [reference link][ref] and a [titled link](${url('titled link')} "A title that is not the address").`,
    '',
    '- A first item',
    `- A [list link](${url('link in a list')}) in the second`,
    '',
    '| Column | Link |',
    '| --- | --- |',
    `| cell | [table link](${url('link in a table')}) |`,
    '',
    `And a [local link](${url('link to this computer')}).`,
    '',
    `[ref]: ${url('reference link')}`,
  ].join('\n');
}

const AFTER_NESTING = 'These words come after a list nested one hundred levels deep.';
const NESTED_MARKDOWN = `${Array.from({ length: 100 }, (_, level) => `${'  '.repeat(level)}- level ${level + 1}`).join('\n')}\n\n${AFTER_NESTING}`;

describe('Links and deep nesting in replies, in the real workbench', function () {
  this.timeout(300_000);
  const ui = useWorkbenchPerTest({ screenshots: 'links', emulator: { apiKey: 'links-ui-key-93b1' } });
  let trap: TrapListener;
  let links: readonly Link[];
  let reply: string;
  /** Every page the browser opened besides the workbench, in order. */
  let popups: Page[] = [];
  /** Path and query of every request the browser made to the external sites. */
  let served: string[] = [];

  before(async () => {
    trap = await startTrapListener();
    links = linksOf(trap.url);
    reply = `${linksMarkdown(links)}\n\n${NESTED_MARKDOWN}`;
  });
  after(async () => {
    await trap?.close();
  });

  async function openWorkbench(): Promise<Workbench> {
    const opened = await ui.open({
      files: { 'src/app.ts': 'export const answer = 42;\n' },
      clusters: [{ id: 'echo', label: 'Echo' }],
      // The echo cluster replies with the request's text, which starts with this instruction.
      settings: { 'clusterChat.prompt.explain': reply },
      userData: {
        [conversationPath('links-1')]: savedConversation('links-1', 'Links', [
          { role: 'user', content: 'Show me some links.' },
          { role: 'assistant', content: reply },
        ]),
      },
    });
    popups = [];
    served = [];
    const context = opened.page.context();
    context.on('page', (page) => popups.push(page));
    await context.route(
      (url) => url.hostname === SITE || url.hostname.endsWith(`.${SITE}`),
      (route) => {
        const url = new URL(route.request().url());
        served.push(url.pathname + url.search);
        return route.fulfill({ status: 200, contentType: 'text/html', body: '<!doctype html><title>Opened</title><p>Opened.</p>' });
      },
    );
    return opened;
  }

  /** Path and query of every request that reached the link's site so far. */
  function requestsTo(link: Link): readonly string[] {
    return link.local ? trap.requests.map((request) => request.url) : served;
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
    const startLocal = trap.requests.length;
    const startServed = served.length;
    let openedLocal = 0;
    let openedServed = 0;
    for (const link of links) {
      const anchor = view.locator('a', { hasText: link.text }).first();
      assert.equal(await anchor.getAttribute('href'), link.url, `the ${link.kind} in the ${where} points at its URL`);
      const target = new URL(link.url);
      assert.equal(trap.requests.length - startLocal, openedLocal, 'every earlier link to this computer opened once, after Open only');
      assert.equal(served.length - startServed, openedServed, `every earlier link opened once, after Open only: ${served.join(', ')}`);
      const before = requestsTo(link).length;

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
        () => Promise.resolve([...requestsTo(link)]),
        (seen) => seen.length > before,
      );
      // code-server 4.100 forwards a link to this computer to the port's root, without the path.
      const expected = link.local && uiHost().name === 'oldest' ? requests.slice(before, before + 1) : [target.pathname + target.search];
      assert.deepEqual(requests.slice(before), expected, `Open opened the ${link.kind}, once`);
      if (link.local) {
        openedLocal += 1;
      } else {
        openedServed += 1;
        await waitUntil(`a page showing ${link.url}`, () => popups.some((popup) => popup.url() === link.url));
      }
      for (const popup of popups.splice(0)) {
        await popup.close();
      }
    }
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
    const workbench = await openWorkbench();
    await workbench.runCommand('Cluster Chat: Set API Key');
    await workbench.answerInputBox(/API Key for/, ui.emulator.apiKey);
    await workbench.selectCluster('Echo');
    await workbench.openFile('src/app.ts');
    await workbench.selectLines('app.ts', 1, 1);
    await workbench.runCommand('Cluster Chat: Explain');
    const view = workbench.webview();
    await view.locator('a', { hasText: 'local link' }).waitFor({ timeout: 30_000 });
    await checkNesting(view, 'reply view');
    await checkLinks(workbench, view, 'reply view');
  });

  it('in the chat: one question per link click, naming that URL; only Open opens it, once', async () => {
    const workbench = await openWorkbench();
    await workbench.openChat();
    const chat = workbench.chatView();
    await chat.locator('li.chat-message[data-index="1"] a', { hasText: 'local link' }).waitFor({ timeout: 30_000 });
    await checkNesting(chat, 'chat');
    await checkLinks(workbench, chat, 'chat');
  });
});

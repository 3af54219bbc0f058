import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { xssCorpus } from '../fixtures/xssCorpus';
import { startTrapListener, type TrapListener } from '../helpers/trapListener';
import { PENDING_HIGHLIGHT_CLASS } from '../../../src/markdown/browser/renderMarkdown';
import { waitUntil } from '../../../scripts/workbench/wait';
import {
  checkProbeSeesLongTasks,
  collectGarbage,
  drainLongTasks,
  startRenderProbe,
  TASK_BUDGET_MS,
  WORKBENCH_FREEZE_MS,
} from '../../../scripts/bench/renderProbe';
import { useWorkbenchPerTest } from '../helpers/useWorkbench';

const API_KEY = 'sk-security-test-7f3a9c1e5b';
const APP = 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n';

/** Files under `root` whose bytes contain `needle`, by path relative to `root`. */
function filesContaining(root: string, needle: string): string[] {
  const found: string[] = [];
  const visit = (dir: string): void => {
    for (const entry of fs.readdirSync(dir, { withFileTypes: true })) {
      const full = path.join(dir, entry.name);
      if (entry.isDirectory()) {
        visit(full);
      } else if (entry.isFile() && fs.statSync(full).size < 64 * 1024 * 1024 && fs.readFileSync(full).includes(needle)) {
        found.push(path.relative(root, full));
      }
    }
  };
  visit(root);
  return found;
}

describe('Security in the real workbench', function () {
  this.timeout(300_000);
  const ui = useWorkbenchPerTest({ screenshots: 'security', emulator: { apiKey: API_KEY } });
  let trap: TrapListener;

  before(async () => {
    trap = await startTrapListener();
  });
  after(async () => {
    await trap?.close();
  });

  for (const mode of ['a trusted workspace', 'Restricted Mode'] as const) {
    it(`a workspace whose settings point the base URL at a loopback listener gets no request and no key (${mode})`, async () => {
      const restricted = mode === 'Restricted Mode';
      const hostile = { 'clusterChat.baseUrl': `${trap.url}/v1`, 'clusterChat.clusters': [{ id: 'demo', label: 'Workspace Demo' }] };
      const workbench = await ui.open({
        files: { '.vscode/settings.json': JSON.stringify(hostile, null, 2), 'src/app.ts': APP },
        clusters: [{ id: 'demo', label: 'Demo' }],
        settings: restricted ? { 'security.workspace.trust.startupPrompt': 'never', 'security.workspace.trust.banner': 'always' } : {},
        workspaceTrust: restricted,
      });
      if (restricted) {
        await workbench.page.locator('.statusbar-item', { hasText: 'Restricted Mode' }).first().waitFor({ timeout: 30_000 });
      }
      const before = ui.emulator.stats().clusters['demo']?.received ?? 0;
      await workbench.runCommand('Cluster Chat: Set API Key');
      const box = await workbench.answerInputBox(/API Key for/, API_KEY);
      assert.equal(box.type, 'password', 'the key is typed into a password box');
      await workbench.runCommand('Cluster Chat: Select Cluster…');
      const rows = workbench.page.locator('.quick-input-list .monaco-list-row');
      await rows.first().waitFor();
      assert.equal(await rows.filter({ hasText: 'Workspace Demo' }).count(), 0, 'the workspace cannot add clusters either');
      await rows.filter({ hasText: 'Demo' }).first().click();
      if (restricted) {
        // Restricted Mode sends nothing of the workspace, so the user's own untitled text is explained instead.
        await workbench.runCommand('File: New Untitled Text File');
        await workbench.page.keyboard.insertText('const greeting = "Hello";');
        await workbench.page.keyboard.press('Control+A');
      } else {
        await workbench.openFile('src/app.ts');
        await workbench.selectLines('app.ts', 1, 3);
      }
      await workbench.runCommand('Cluster Chat: Explain');
      const reply = workbench.webview();
      await reply.locator('#reply p, #reply .code-block').first().waitFor({ timeout: 30_000 });
      await workbench.screenshot(`security-workspace-redirect-${restricted ? 'restricted' : 'trusted'}`);

      assert.equal(ui.emulator.stats().clusters['demo']?.received, before + 1, 'the request went to the user’s own base URL');
      assert.deepEqual(trap.requests, [], 'the workspace’s listener got nothing');
      assert.ok(!(await reply.locator('html').innerHTML()).includes(API_KEY), 'the reply view never holds the key');
      const runFolder = workbench.runFolder;
      assert.ok(runFolder);
      const leaks = filesContaining(runFolder, API_KEY);
      assert.deepEqual(leaks, [], `the key is in no log, setting, state or workspace file: ${leaks.join(', ')}`);
      console.log(
        `      (${mode}: 1 request to the emulator, ${trap.requests.length} to the workspace’s listener; key found in ${leaks.length} of the run’s files)`,
      );
    });
  }

  it('renders a corpus of hostile replies in the real webview: no script runs and no request leaves', async () => {
    const payloads = xssCorpus(trap.url);
    assert.ok(payloads.length >= 60);
    assert.ok(new Set(payloads.map((payload) => payload.family)).size >= 12);
    const at = '2026-11-21T10:00:00.000Z';
    const messages = payloads.flatMap((payload, index) => [
      { role: 'user', content: `Show me payload ${index}`, at },
      { role: 'assistant', cluster: 'demo', content: payload.markdown, at },
    ]);
    const conversation = {
      version: 1,
      id: 'hostile-1',
      title: 'Hostile replies',
      createdAt: at,
      updatedAt: '2999-01-01T00:00:00.000Z',
      systemPrompt: '',
      messages,
      draft: '',
    };
    const workbench = await ui.open({
      userData: { 'User/globalStorage/clusterchat.cluster-chat/conversations/hostile-1.json': JSON.stringify(conversation) },
      defaultBaseUrl: true,
    });
    const dialogs: string[] = [];
    workbench.page.on('dialog', (dialog) => {
      dialogs.push(dialog.message());
      void dialog.dismiss();
    });
    const requestsBefore = trap.requests.length;

    await workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
    const chat = workbench.chatView();
    await chat.locator(`li.chat-message[data-index="${messages.length - 1}"] .message-content`).waitFor({ timeout: 60_000 });
    // Scroll through every reply (the list renders only those near the viewport) so lazily rendered
    // parts (highlighting, images) get their chance, and inspect what each view rendered.
    const inspect = () =>
      chat.locator('ol.chat-messages').evaluate((list) => {
        // Only what replies rendered: the chat's own controls are not under test here.
        const contents = Array.from(list.querySelectorAll('.message-content'));
        const within = (selector: string): Element[] => contents.flatMap((content) => Array.from(content.querySelectorAll(selector)));
        const dangerous = within('script, iframe, frame, object, embed, style, form, svg, math, base, meta, link, video, picture, source');
        const handlers = within('*').filter((element) => Array.from(element.attributes).some((attribute) => /^on/i.test(attribute.name)));
        const badLinks = within('a[href]')
          .map((a) => a.getAttribute('href') ?? '')
          .filter((href) => !/^https?:\/\//i.test(href));
        const remoteImages = within('img[src], img[srcset]').filter(
          (img) => /^https?:/i.test(img.getAttribute('src') ?? '') || img.hasAttribute('srcset'),
        );
        const styled = within('[style]').length;
        return {
          contents: contents.length,
          hits: (window as unknown as { __xssHits?: number[] }).__xssHits ?? [],
          dangerous: [...dangerous].map((element) => element.tagName.toLowerCase()),
          handlers: handlers.map((element) => element.tagName.toLowerCase()),
          badLinks,
          remoteImages: remoteImages.length,
          styled,
        };
      });
    const views: Awaited<ReturnType<typeof inspect>>[] = [];
    // The frame budget while the corpus renders and scrolls: each long task is charged to the
    // payloads in view when it was seen. The test's own probing of the page is not counted, and
    // the garbage of the views before is collected between views (see `collectGarbage`).
    await checkProbeSeesLongTasks(chat);
    await startRenderProbe(chat, 'body');
    const freezes: string[] = [];
    let viewsOverBudget = 0;
    const inView = () =>
      chat.locator('.chat-scroll').evaluate((scroller) => {
        const view = scroller.getBoundingClientRect();
        return Array.from(scroller.querySelectorAll('li.chat-message'))
          .filter((item) => item.getBoundingClientRect().bottom > view.top && item.getBoundingClientRect().top < view.bottom)
          .map((item) => Number(item.getAttribute('data-index')));
      });
    const visited = await workbench.visitEveryChatMessage(async () => {
      // Every part that renders lazily has rendered: no code block in view waits for highlighting.
      await waitUntil('the chat to finish highlighting the replies in view', () =>
        chat.locator('ol.chat-messages').evaluate((list, pending) => {
          // Code rendered in the margin beyond the viewport is highlighted when it scrolls in.
          const view = (list.closest('.chat-scroll') ?? list).getBoundingClientRect();
          return Array.from(list.querySelectorAll(`code.${pending}`)).every((code) => {
            const box = code.getBoundingClientRect();
            return box.bottom <= view.top || box.top >= view.bottom;
          });
        }, PENDING_HIGHLIGHT_CLASS),
      );
      const longTasks = (await drainLongTasks(chat)).filter((task) => task > TASK_BUDGET_MS);
      if (longTasks.length > 0) {
        const shown = [...new Set((await inView()).map((index) => Math.floor(index / 2)))];
        const named = shown.map((index) => `payload ${index} (${payloads[index]?.family ?? '?'})`).join(', ');
        const line = `${longTasks.map(Math.round).join(', ')} ms with ${named} in view`;
        viewsOverBudget++;
        console.log(`      (over the ${TASK_BUDGET_MS} ms budget: ${line})`);
        if (longTasks.some((task) => task > WORKBENCH_FREEZE_MS)) {
          freezes.push(line);
        }
      }
      // Pointer events on every link in view, dispatched in place: a real hover would scroll the list.
      await chat.locator('li.chat-message a').evaluateAll((links) => {
        for (const link of links) {
          for (const type of ['mouseover', 'mouseenter', 'mousemove']) {
            link.dispatchEvent(new MouseEvent(type, { bubbles: type !== 'mouseenter' }));
          }
        }
      });
      views.push(await inspect());
      await collectGarbage(chat);
      await drainLongTasks(chat);
    });
    await workbench.screenshot('security-hostile-replies');
    assert.equal(visited.length, messages.length, 'every message was rendered on the way');
    const findings = {
      contents: visited.length,
      hits: views.flatMap((view) => view.hits),
      dangerous: views.flatMap((view) => view.dangerous),
      handlers: views.flatMap((view) => view.handlers),
      badLinks: views.flatMap((view) => view.badLinks),
      remoteImages: views.reduce((sum, view) => sum + view.remoteImages, 0),
      styled: views.reduce((sum, view) => sum + view.styled, 0),
    };
    assert.equal(findings.contents, messages.length, 'every message has rendered content');
    assert.deepEqual(findings.hits, [], 'no payload’s script ran');
    assert.deepEqual(findings.dangerous, [], 'no active or embedding element survived sanitizing');
    assert.deepEqual(findings.handlers, [], 'no event handler attribute survived');
    assert.deepEqual(findings.badLinks, [], 'only http(s) links remain');
    assert.equal(findings.remoteImages, 0, 'no remote image remains');
    assert.equal(findings.styled, 0, 'no inline style survived');
    assert.equal(
      trap.requests.length,
      requestsBefore,
      `the loopback listener received: ${trap.requests.map((request) => request.url).join(', ')}`,
    );
    assert.deepEqual(dialogs, [], 'no dialog opened');
    assert.deepEqual(freezes, [], `no task over ${WORKBENCH_FREEZE_MS} ms while the corpus rendered and scrolled`);
    assert.equal(await workbench.chatMessageCount(), messages.length, 'every reply rendered');
    console.log(
      `      (${payloads.length} payloads in ${new Set(payloads.map((payload) => payload.family)).size} families: 0 scripts ran, 0 requests reached the listener, a task over ${TASK_BUDGET_MS} ms in ${viewsOverBudget} of ${views.length} views)`,
    );
  });
});

/**
 * A real VS Code workbench (code-server) with the packaged Cluster Chat .vsix installed, driven
 * in Chromium. The methods are the user's gestures, so tests read like user stories.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, FrameLocator, Locator, Page } from 'playwright-core';
import { launchBrowser, workbenchUrl } from '../vscode/browser';
import { installVsix, makeRunDirs, startCodeServer, type RunningCodeServer } from '../vscode/codeServer';
import { hostByName, type Host } from '../vscode/hosts';
import { installHost } from '../vscode/installCodeServer';
import { repoRoot, resultsRoot } from '../vscode/paths';
import { waitFor, waitUntil } from './wait';

export const EXTENSION_ID = 'clusterchat.cluster-chat';
export const SCREENSHOTS = path.join(resultsRoot, 'ui');

export interface WorkbenchOptions {
  /** Files of the workspace folder, by relative path. */
  readonly files?: Record<string, string>;
  /** User settings. */
  readonly settings?: Record<string, unknown>;
  /** Environment of the server (and so of the extension host). */
  readonly env?: Record<string, string>;
  /** Files to put into the profile (user data folder) before VS Code starts, by relative path. */
  readonly userData?: Record<string, string>;
  /** Leave Workspace Trust on, so an untrusted folder opens in Restricted Mode. */
  readonly workspaceTrust?: boolean;
  /** Runs on the workspace folder once its files are written, before VS Code opens it (e.g. `git init`). */
  readonly prepareFolder?: (folder: string) => void;
  /** A second folder, by name and files: VS Code then opens a `.code-workspace` of both, the first folder first. */
  readonly secondFolder?: { readonly name: string; readonly files: Record<string, string> };
}

/**
 * `gc()` in the workbench's pages: the render probes collect the heap a webview shares with the
 * workbench before each measured reply (see `collectGarbage`). Pages of their own (the bench's
 * chat bundle alone) go without: their heap is their own, and collecting it before each reply
 * made the bench's figures noisier.
 */
const WORKBENCH_BROWSER_ARGS = ['--js-flags=--expose-gc'];

/** The VS Code the UI tests drive: CLUSTER_CHAT_UI_HOST=oldest|latest, default latest. */
export function uiHost(): Host {
  return hostByName(process.env['CLUSTER_CHAT_UI_HOST'] ?? 'latest');
}

export class Workbench {
  private constructor(
    readonly page: Page,
    readonly folder: string,
    private readonly browser: Browser,
    private readonly server: RunningCodeServer | undefined,
    private readonly base: string | undefined,
    /** A second window shares the first one's browser and server, which the first one closes. */
    private readonly ownsBrowser = true,
  ) {}

  /**
   * Opens a second window on the same server, profile and folder, as a second browser tab does:
   * code-server gives it an extension host of its own.
   */
  async openAnotherWindow(): Promise<Workbench> {
    const page = await this.page.context().newPage();
    await page.goto(this.page.url());
    await waitForWorkbench(page);
    return new Workbench(page, this.folder, this.browser, undefined, undefined, false);
  }

  /** Opens a workbench some other process serves (e.g. `npm start`) at `url`. */
  static async attach(url: string, folder: string): Promise<Workbench> {
    const browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(url);
    await waitForWorkbench(page);
    return new Workbench(page, folder, browser, undefined, undefined);
  }

  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const vsix = path.join(repoRoot, 'cluster-chat.vsix');
    if (!fs.existsSync(vsix)) {
      throw new Error('cluster-chat.vsix is missing: run `npm run package` first (npm test does)');
    }
    const install = installHost(uiHost());
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-ui-'));
    const dirs = makeRunDirs(base);
    installVsix(install, dirs, vsix);
    for (const [name, content] of Object.entries(options.userData ?? {})) {
      fs.mkdirSync(path.dirname(path.join(dirs.userData, name)), { recursive: true });
      fs.writeFileSync(path.join(dirs.userData, name), content);
    }
    if (options.userData) {
      // Flushed now: else the disk writes back a large history (50 MB in the bench) while the window
      // takes turns, and every flushed log append waits behind it.
      await promisify(execFile)('sync');
    }
    const folder = path.join(base, 'workspace');
    for (const [name, content] of Object.entries(options.files ?? { 'README.md': '# Workspace\n' })) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), content);
    }
    options.prepareFolder?.(folder);
    const opened = options.secondFolder ? multiRootWorkspace(base, options.secondFolder) : folder;
    const server = await startCodeServer({
      install,
      dirs,
      folder,
      ...(options.env ? { env: options.env } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
    });
    let browser: Browser | undefined;
    try {
      browser = await launchBrowser(WORKBENCH_BROWSER_ARGS);
      const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
      await page.goto(workbenchUrl(server.url, opened));
      await waitForWorkbench(page);
      return new Workbench(page, folder, browser, server, base);
    } catch (error) {
      // A workbench that never opened is nobody's to close: left running, its server and browser
      // would hold the machine (and keep mocha alive) through every later test.
      await browser?.close().catch(() => undefined);
      await server.stop();
      fs.rmSync(base, { recursive: true, force: true });
      throw error;
    }
  }

  /**
   * Opens the quick input with F1 and types `text` into it. Resolves once the widget is open, its
   * input has focus and holds exactly `text`; fails naming what had focus or what the input held.
   */
  async openQuickInput(text: string): Promise<Locator> {
    await this.closeQuickInput();
    await this.page.keyboard.press('F1');
    const input = this.page.locator('.quick-input-widget:visible input.input');
    await waitFor(
      'the quick input to open with its input focused',
      () => this.focusedElement(),
      (focused) => focused.inQuickInput,
    );
    await input.fill(text);
    await waitFor(
      `the quick input to hold ${JSON.stringify(text)}`,
      () => input.inputValue(),
      (value) => value === text,
    );
    return input;
  }

  /** Closes an open quick input (Escape only then: in an editor it would drop the selection). */
  async closeQuickInput(): Promise<void> {
    const widget = this.page.locator('.quick-input-widget');
    if (await widget.isVisible()) {
      await this.page.keyboard.press('Escape');
      await waitUntil('the open quick input to close', async () => !(await widget.isVisible()));
    }
  }

  /**
   * The rows of the open quick input whose label is exactly `label`. The label (not the row's whole
   * text) is matched, so "Cluster Chat: Explain" never picks a longer title that starts with it.
   */
  quickInputRow(label: string): Locator {
    return this.page
      .locator('.quick-input-widget:visible .quick-input-list .monaco-list-row')
      .filter({ has: this.page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) });
  }

  /** The rows the open quick input lists: label, and which one has focus. */
  private quickInputRows(): Promise<Array<{ label: string; focused: boolean }>> {
    return this.page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row').evaluateAll((rows) =>
      rows.map((row) => ({
        label: (row.querySelector('.label-name')?.textContent ?? '').trim(),
        focused: row.classList.contains('focused'),
      })),
    );
  }

  /**
   * Runs a command from the palette by its full title, e.g. "Cluster Chat: Show Log", by clicking
   * its row: the palette may rank another title first (Enter would run that one).
   */
  async runCommand(title: string): Promise<void> {
    await this.openQuickInput(`>${title}`);
    await this.clickQuickInputRow(title);
  }

  /** Clicks the row labelled exactly `label` once the open quick input lists it. */
  async clickQuickInputRow(label: string): Promise<void> {
    await waitFor(
      `the quick input to list "${label}"`,
      () => this.quickInputRows(),
      (rows) => rows.some((row) => row.label === label),
    );
    await this.quickInputRow(label).click();
    // A pointer left resting on the quick input would pick the hovered row of whatever box the
    // command opens next (e.g. the save dialog's folder listing): move it to the status bar.
    const statusBar = await this.page.locator('.part.statusbar').boundingBox();
    if (statusBar) {
      await this.page.mouse.move(statusBar.x + statusBar.width / 2, statusBar.y + statusBar.height / 2);
    }
  }

  /**
   * Answers an input box (showInputBox) whose title or prompt matches `expect`: types `text`,
   * checks the box holds it, presses Enter once and waits for the box to close. A box that stays
   * open (e.g. its validation refused the text) fails with the message it shows.
   */
  async answerInputBox(expect: RegExp, text: string): Promise<{ readonly type: string | null }> {
    const widget = this.page.locator('.quick-input-widget:visible').filter({
      has: this.page.locator('.quick-input-title, .quick-input-message', { hasText: expect }),
    });
    await waitUntil(`an input box matching ${String(expect)}`, async () => (await widget.count()) === 1, { timeoutMs: 20_000 });
    const input = widget.locator('input.input');
    await waitFor(
      'the input box to have focus',
      () => this.focusedElement(),
      (focused) => focused.inQuickInput,
    );
    await input.fill(text);
    await waitFor(
      'the input box to hold the text typed',
      () => input.inputValue(),
      (value) => value === text,
    );
    const type = await input.getAttribute('type');
    await this.page.keyboard.press('Enter');
    await waitFor(
      `the input box matching ${String(expect)} to close`,
      () => this.openQuickInputText(widget),
      (state) => state === 'closed',
    );
    return { type };
  }

  /**
   * Answers VS Code's own save dialog (a quick input titled `title`) with the absolute path
   * `target`. The dialog writes its proposed path into the input only once it has listed the
   * folder; text typed before that would be replaced, so this waits for the proposal first.
   */
  async answerSaveDialog(title: string, target: string, proposedName: RegExp): Promise<void> {
    const widget = this.page.locator('.quick-input-widget:visible').filter({
      has: this.page.locator('.quick-input-title', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
    });
    const input = widget.locator('input.input');
    await waitFor(
      `the save dialog "${title}" to propose a file name`,
      () => input.inputValue(),
      (value) => proposedName.test(value),
      {
        timeoutMs: 20_000,
      },
    );
    await input.fill(target);
    await waitFor(
      'the save dialog to hold the target path',
      () => input.inputValue(),
      (value) => value === target,
    );
    await this.page.keyboard.press('Enter');
    await waitFor(
      `the save dialog "${title}" to close`,
      () => this.openQuickInputText(widget),
      (state) => state === 'closed',
    );
  }

  /**
   * Where keyboard focus is: the workbench's focused element, and which frames (the workbench, a
   * webview's) the browser says have focus.
   */
  async focusedElement(): Promise<{
    readonly inQuickInput: boolean;
    readonly description: string;
    readonly focusedFrames: readonly string[];
  }> {
    const inWorkbench = await this.page.evaluate(() => {
      const active = document.activeElement;
      const description = active
        ? `${active.tagName.toLowerCase()}${active.className ? `.${String(active.className).split(' ').join('.')}` : ''}`
        : 'nothing';
      return { inQuickInput: active?.closest('.quick-input-widget') !== null && active?.tagName === 'INPUT', description };
    });
    const focusedFrames: string[] = [];
    for (const frame of this.page.frames()) {
      if (await frame.evaluate(() => document.hasFocus()).catch(() => false)) {
        const url = new URL(frame.url());
        focusedFrames.push(
          frame === this.page.mainFrame()
            ? 'workbench'
            : `${url.searchParams.get('extensionId') ?? ''} ${url.pathname.split('/').pop() ?? ''}`.trim(),
        );
      }
    }
    return { ...inWorkbench, focusedFrames };
  }

  /** Opens a workspace file in an editor through Quick Open (Ctrl+P), by its relative path. */
  async openFile(relativePath: string): Promise<void> {
    const name = path.basename(relativePath);
    await this.openQuickInput(relativePath);
    // Click the row of that file: Enter would open whichever row has focus, maybe a recent one.
    const row = this.quickInputRow(name);
    await waitUntil(`Quick Open to list ${relativePath}`, async () => (await row.count()) > 0);
    await row.first().click();
    await this.page.locator('.tab.active', { hasText: name }).first().waitFor();
    // The tab shows before the editor has its text model; commands whose `when` reads the editor's
    // language (e.g. the Markdown preview) are listed only once the status bar names it.
    await this.waitForEditorFocus(name);
    await waitFor(
      `the status bar to name the language of ${relativePath}`,
      () => this.editorLanguage(),
      (language) => language !== '',
    );
  }

  /** The language the status bar names for the active editor ('' while it names none). */
  async editorLanguage(): Promise<string> {
    const entry = this.page.locator('.part.statusbar [id="status.editor.mode"]');
    return (await entry.count()) === 0 ? '' : (await entry.first().innerText()).trim();
  }

  /** Waits for a notification toast whose text matches, and returns it. */
  async notification(text: RegExp, timeoutMs = 30_000): Promise<Locator> {
    const toast = this.page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
    await toast.waitFor({ timeout: timeoutMs });
    return toast;
  }

  /** Clicks a button of a notification toast. */
  async clickNotificationButton(toast: Locator, label: string): Promise<void> {
    await toast.locator('.monaco-button', { hasText: label }).first().click();
  }

  async clearNotifications(): Promise<void> {
    await this.runCommand('Notifications: Clear All Notifications');
    await waitUntil(
      'every notification toast to close',
      async () => (await this.page.locator('.notifications-toasts .notification-toast').count()) === 0,
    );
  }

  /** The text of the editor showing `fileName` (Monaco renders the visible lines). */
  async editorText(fileName: string): Promise<string> {
    const lines = await this.editorFor(fileName)
      .locator('.view-lines .view-line')
      .evaluateAll((elements) =>
        elements.map((element) => ({ top: Number.parseFloat((element as HTMLElement).style.top) || 0, text: element.textContent ?? '' })),
      );
    // Monaco reuses line elements, so their order in the DOM is not the order on screen.
    return lines
      .sort((a, b) => a.top - b.top)
      .map((line) => line.text)
      .join('\n')
      .replace(/\u00a0/g, ' ');
  }

  /** The code editor (not a diff or webview) of the tab named `fileName`. */
  editorFor(fileName: string): Locator {
    return this.page
      .locator('.editor-group-container', { has: this.page.locator('.tab.active', { hasText: fileName }) })
      .locator('.monaco-editor')
      .first();
  }

  /** Focuses the editor of `fileName` and selects its lines `first`..`last` (1-based, whole lines). */
  async selectLines(fileName: string, first: number, last: number): Promise<void> {
    const editor = this.editorFor(fileName);
    await editor.locator('.view-lines').click();
    await this.page.keyboard.press('Control+Home');
    for (let line = 1; line < first; line++) {
      await this.page.keyboard.press('ArrowDown');
    }
    for (let line = first; line <= last; line++) {
      await this.page.keyboard.press('Shift+ArrowDown');
    }
  }

  /** Focuses the editor of `fileName` and undoes the last edit. */
  async undo(fileName: string): Promise<void> {
    await this.editorFor(fileName).locator('.view-lines').click();
    await this.page.keyboard.press('Control+Z');
  }

  /** The content frame of a webview panel of the given extension (webviews are two nested iframes). */
  webview(extensionId: string = EXTENSION_ID): FrameLocator {
    return this.page
      .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]:not([src*="purpose=webviewView"])`)
      .frameLocator('iframe#active-frame');
  }

  /** The content frame of the extension's sidebar webview view (the chat). */
  chatView(extensionId: string = EXTENSION_ID): FrameLocator {
    return this.page
      .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"][src*="purpose=webviewView"]`)
      .frameLocator('iframe#active-frame');
  }

  /** Reloads the window (as “Developer: Reload Window” does) and waits for the workbench. */
  async reload(): Promise<void> {
    await this.page.reload();
    await this.page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await waitForContributions(this.page);
    // The sidebar comes back showing whichever view was open, so wait for the status bar instead.
    await this.page.locator('.part.statusbar .statusbar-item').first().waitFor({ timeout: 60_000 });
  }

  /** Picks a configured cluster by its label in “Select Cluster…” and waits for the status bar to show it. */
  async selectCluster(label: string): Promise<void> {
    await this.runCommand('Cluster Chat: Select Cluster…');
    await this.pickQuickInputItem('Select Cluster', label);
    await this.statusBarShowsCluster(label);
  }

  /** Waits until the status bar names `label` as the cluster requests go to. */
  async statusBarShowsCluster(label: string): Promise<void> {
    const item = this.page.locator('.part.statusbar [aria-label^="Cluster Chat: "]').first();
    await waitFor(
      `the status bar to show cluster "${label}"`,
      async () => ((await item.count()) ? await item.getAttribute('aria-label') : 'no Cluster Chat item'),
      (text) => text?.startsWith(`Cluster Chat: sending to ${label} (`) ?? false,
    );
  }

  /** Waits until the status bar shows requests to `label` under way (`busy`), or none. */
  async statusBarShowsBusy(label: string, busy: boolean): Promise<void> {
    const item = this.page.locator('.part.statusbar [aria-label^="Cluster Chat: "]').first();
    const expected = busy ? `Cluster Chat: waiting for ${label}` : `Cluster Chat: sending to ${label} (`;
    await waitFor(
      busy ? `the status bar to show a request to ${label} under way` : `the status bar to show ${label} idle`,
      async () => ((await item.count()) ? await item.getAttribute('aria-label') : 'no Cluster Chat item'),
      (text) => text?.startsWith(expected) ?? false,
    );
  }

  /**
   * Clicks the row labelled `label` in the quick pick titled `title`, once that quick pick (not the
   * palette that opened it) is showing it.
   */
  async pickQuickInputItem(title: string, label: string): Promise<void> {
    await waitFor(
      `the quick pick "${title}" to open`,
      () => this.quickInputTitle(),
      (shown) => shown === title,
    );
    // The list shows only the rows that fit: typing the label brings the row into view.
    const input = this.page.locator('.quick-input-widget:visible input.input');
    await input.fill(label);
    await waitFor(
      `the quick pick to hold ${JSON.stringify(label)}`,
      () => input.inputValue(),
      (value) => value === label,
    );
    await this.clickQuickInputRow(label);
  }

  /** 'closed' once `widget` is hidden, else the text it shows (without waiting for anything). */
  private async openQuickInputText(widget: Locator): Promise<string> {
    const texts = await widget.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText));
    return texts.length === 0 ? 'closed' : texts.join(' | ');
  }

  /** Waits until the editor of `fileName` has keyboard focus (e.g. after an action moved it there). */
  async waitForEditorFocus(fileName: string): Promise<void> {
    const editor = this.editorFor(fileName);
    await waitFor(
      `the editor of ${fileName} to have focus`,
      async () => ({
        editorFocused: await editor.evaluate((element) => element.classList.contains('focused')),
        ...(await this.focusedElement()),
      }),
      (state) => state.editorFocused && state.focusedFrames.length === 1 && state.focusedFrames[0] === 'workbench',
    );
  }

  /**
   * Waits until the chat view has keyboard focus and shows its message box: the end state of
   * commands that reveal the chat. Until then the view may still take focus from whatever the
   * test opens next (a palette would close).
   */
  async waitForChatFocus(): Promise<void> {
    const input = this.chatView().locator('#chat-input');
    await input.waitFor({ timeout: 30_000 });
    // A chat that just loaded shows its box before the host has sent the conversation: until then
    // it lists no messages, and what a test counts or types would be measured against nothing.
    const root = this.chatView().locator('.view-chat');
    await waitFor(
      'the chat view to have keyboard focus and show a conversation',
      async () => ({
        chatFocused: await input.evaluate((element) => element.ownerDocument.hasFocus()),
        conversation: await root.getAttribute('data-conversation'),
        ...(await this.focusedElement()),
      }),
      (state) => state.chatFocused && Boolean(state.conversation),
    );
  }

  /** The title of the open quick input ('' for the palette, or when none is open). */
  private async quickInputTitle(): Promise<string> {
    const title = this.page.locator('.quick-input-widget:visible .quick-input-title');
    return (await title.count()) ? (await title.innerText()).trim() : '';
  }

  /**
   * Opens the Cluster Chat view and waits for its message box. A chat that already has keyboard
   * focus and shows a conversation is left as it is: VS Code hands focus into a webview in two
   * steps (its outer frame, then 50 ms later the page), and drops the second when the frame's report
   * that it lost focus, which it polls for every 250 ms, arrives after the focus command. Running
   * the command from a palette opened over the focused chat invites exactly that, and then keys go
   * nowhere.
   */
  async openChat(): Promise<void> {
    if (await this.chatHasFocus()) {
      return;
    }
    await this.runCommand('Cluster Chat: Focus on Cluster Chat View');
    await this.waitForChatFocus();
  }

  /** Whether the chat view is open, has keyboard focus and shows a conversation, now. */
  private async chatHasFocus(): Promise<boolean> {
    const input = this.chatView().locator('#chat-input');
    const root = this.chatView().locator('.view-chat');
    if ((await input.count()) === 0 || !(await root.getAttribute('data-conversation'))) {
      return false;
    }
    return input.evaluate((element) => element.ownerDocument.hasFocus());
  }

  /** Keeps a screenshot named after a failed test (for mocha's afterEach). */
  async screenshotIfFailed(test: { readonly state?: string; readonly title: string } | undefined, prefix: string): Promise<void> {
    if (test?.state === 'failed') {
      await this.screenshot(`failed-${prefix}-${(test.title.match(/[a-z0-9]+/gi) ?? []).join('-').slice(0, 50)}`);
    }
  }

  /** The folder of this run (profile, extensions, workspace), to inspect what VS Code wrote. */
  get runFolder(): string | undefined {
    return this.base;
  }

  /**
   * Kills this workbench's extension host process (as a crash would), found among the server's
   * descendants by its `--type=extensionHost` argument. Resolves with the killed pid.
   */
  async killExtensionHost(): Promise<number> {
    const serverPid = this.server?.pid;
    if (serverPid === undefined) {
      throw new Error('only a workbench this test started has a known extension host');
    }
    const { stdout } = await promisify(execFile)('ps', ['-eo', 'pid=,ppid=,args=']);
    const processes = stdout
      .split('\n')
      .map((line) => /^\s*(\d+)\s+(\d+)\s+(.*)$/.exec(line))
      .flatMap((match) => (match ? [{ pid: Number(match[1]), ppid: Number(match[2]), args: match[3] ?? '' }] : []));
    const descendants = new Set([serverPid]);
    for (let grew = true; grew;) {
      grew = false;
      for (const entry of processes) {
        if (descendants.has(entry.ppid) && !descendants.has(entry.pid)) {
          descendants.add(entry.pid);
          grew = true;
        }
      }
    }
    const host = processes.find((entry) => descendants.has(entry.pid) && entry.args.includes('--type=extensionHost'));
    if (!host) {
      throw new Error('no extension host process found under the code-server process');
    }
    process.kill(host.pid, 'SIGKILL');
    return host.pid;
  }

  /**
   * How many messages the chat's conversation holds. The list keeps only the messages near the
   * viewport in the DOM, so this reads the size each rendered item announces to screen readers.
   */
  async chatMessageCount(): Promise<number> {
    // Read in one step: between a count and a read of the last item, a new conversation can empty the list.
    return this.chatView()
      .locator('.chat-scroll')
      .evaluate((scroller) => {
        const items = scroller.querySelectorAll('li.chat-message');
        const last = items[items.length - 1];
        return last === undefined ? 0 : Number(last.getAttribute('aria-setsize'));
      });
  }

  /**
   * Scrolls the chat from its first message to its last, a view at a time, and calls `visit` once
   * the messages of each view are rendered (the list renders only those near the viewport).
   * Resolves with the index of every message that was rendered on the way.
   */
  async visitEveryChatMessage(visit: () => Promise<void> = () => Promise.resolve()): Promise<number[]> {
    const scroller = this.chatView().locator('.chat-scroll');
    /** Where the list is scrolled, which messages are in the DOM, and whether they cover the whole viewport. */
    const state = () =>
      scroller.evaluate((element) => {
        const view = element.getBoundingClientRect();
        const items = Array.from(element.querySelectorAll('li.chat-message'));
        const boxes = items.map((item) => item.getBoundingClientRect());
        const indexes = items.map((item) => Number(item.getAttribute('data-index')));
        const last = Number(items[0]?.getAttribute('aria-setsize') ?? 0) - 1;
        return {
          top: element.scrollTop,
          atEnd: element.scrollTop + element.clientHeight >= element.scrollHeight - 1,
          indexes,
          // The first and the last message may sit inside the list's padding, short of the viewport's edges.
          covered:
            (indexes.includes(0) || boxes.some((box) => box.top <= view.top + 1)) &&
            (indexes.includes(last) || boxes.some((box) => box.bottom >= view.bottom - 1)),
        };
      });
    const seen = new Set<number>();
    await scroller.evaluate((element) => element.scrollTo({ top: 0 }));
    let now = await waitFor('the chat to render its first messages', state, (current) => current.indexes.includes(0) && current.covered);
    for (;;) {
      now.indexes.forEach((index) => seen.add(index));
      await visit();
      if (now.atEnd) {
        return [...seen].sort((a, b) => a - b);
      }
      const from = now.top;
      await scroller.evaluate((element) => element.scrollBy({ top: element.clientHeight * 0.8 }));
      now = await waitFor('the chat to render the messages scrolled to', state, (current) => current.top > from && current.covered);
    }
  }

  /** Saves a screenshot under test-results/ui/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async close(): Promise<void> {
    if (!this.ownsBrowser) {
      await this.page.close().catch(() => undefined);
      return;
    }
    await this.browser.close().catch(() => undefined);
    await this.server?.stop();
    if (this.base) {
      fs.rmSync(this.base, { recursive: true, force: true });
    }
  }
}

/** Waits until the workbench shows the workspace and knows every extension's contributions. */
async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  await waitForContributions(page);
}

/**
 * Waits until the workbench has registered the extensions' contributions (commands, views), the
 * mark it sets then, so the palette lists Cluster Chat's commands from the first try. The activity
 * bar is no sign of it: after a reload it shows the view containers it remembers, before that.
 */
async function waitForContributions(page: Page): Promise<void> {
  await waitUntil(
    "the workbench to register the extensions' contributions",
    () => page.evaluate(() => performance.getEntriesByName('code/didHandleExtensionPoints').length > 0),
    { timeoutMs: 60_000 },
  );
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Writes the second folder and a `.code-workspace` naming both (the first as `workspace`); returns the file. */
function multiRootWorkspace(base: string, second: { readonly name: string; readonly files: Record<string, string> }): string {
  for (const [name, content] of Object.entries(second.files)) {
    fs.mkdirSync(path.dirname(path.join(base, second.name, name)), { recursive: true });
    fs.writeFileSync(path.join(base, second.name, name), content);
  }
  const file = path.join(base, 'two-folders.code-workspace');
  fs.writeFileSync(file, JSON.stringify({ folders: [{ path: 'workspace' }, { path: second.name }] }, null, 2));
  return file;
}

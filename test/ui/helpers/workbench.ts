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
import { launchBrowser, workbenchUrl } from '../../../scripts/vscode/browser';
import { installVsix, makeRunDirs, startCodeServer, type RunningCodeServer } from '../../../scripts/vscode/codeServer';
import { hostByName, type Host } from '../../../scripts/vscode/hosts';
import { installHost } from '../../../scripts/vscode/installCodeServer';
import { repoRoot, resultsRoot } from '../../../scripts/vscode/paths';

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
}

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
  ) {}

  /** Opens a workbench some other process serves (e.g. `npm start`) at `url`. */
  static async attach(url: string, folder: string): Promise<Workbench> {
    const browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(url);
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
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
    const folder = path.join(base, 'workspace');
    for (const [name, content] of Object.entries(options.files ?? { 'README.md': '# Workspace\n' })) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), content);
    }
    const server = await startCodeServer({
      install,
      dirs,
      folder,
      ...(options.env ? { env: options.env } : {}),
      ...(options.settings ? { settings: options.settings } : {}),
      ...(options.workspaceTrust ? { workspaceTrust: true } : {}),
    });
    const browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
    await page.goto(workbenchUrl(server.url, folder));
    await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
    await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
    return new Workbench(page, folder, browser, server, base);
  }

  /**
   * Opens the command palette with `text` typed and returns the first row containing `expect`.
   * The palette lists the commands known when it opens, so while the extension host is still
   * starting it is closed and opened again until the row is there.
   */
  async paletteRow(text: string, expect: string, timeoutMs = 45_000): Promise<Locator> {
    const deadline = Date.now() + timeoutMs;
    for (;;) {
      try {
        return await this.paletteRowOnce(text, expect);
      } catch (error) {
        if (Date.now() > deadline) {
          throw error;
        }
        // The palette did not open, closed under us, or lacks the row yet: focus may be in a
        // webview (which can keep keys to itself), a modal editor such as Settings may hold it,
        // or the extension host is still registering commands. Close what is open, focus the
        // workbench and try again.
        if (await this.page.locator('.quick-input-widget:visible').count()) {
          await this.page.keyboard.press('Escape');
        }
        await this.page.locator('.part.statusbar').click({ position: { x: 5, y: 5 } }).catch(() => undefined);
      }
    }
  }

  private async paletteRowOnce(text: string, expect: string): Promise<Locator> {
    // Escape only closes an open quick input: in an editor it would drop the selection.
    if (await this.page.locator('.quick-input-widget:visible').count()) {
      await this.page.keyboard.press('Escape');
    }
    await this.page.keyboard.press('F1');
    const input = this.visibleQuickInput();
    await input.waitFor({ timeout: 2000 });
    await input.fill(text, { timeout: 2000 });
    const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: expect }).first();
    await row.waitFor({ timeout: 3000 });
    return row;
  }

  /** Runs a command from the palette by its full title, e.g. "Cluster Chat: Show Log". */
  async runCommand(title: string): Promise<void> {
    await this.paletteRow(`>${title}`, title);
    // Enter runs the focused row: wait until that is this command (the list may still be filtering).
    await this.page
      .locator('.quick-input-list .monaco-list-row.focused', { hasText: title })
      .first()
      .waitFor({ timeout: 5000 })
      .catch(() => undefined);
    await this.page.keyboard.press('Enter');
  }

  /**
   * Waits for an input box (showInputBox / QuickPick) whose title or prompt matches `expect`, types
   * `text` and accepts it. Waiting for the box's own text matters: VS Code reuses the palette's
   * input element, so typing too early would go to the closing palette.
   */
  async answerInputBox(expect: RegExp, text: string): Promise<{ readonly type: string | null }> {
    const widget = this.page.locator('.quick-input-widget:visible', { hasText: expect }).first();
    await widget.waitFor({ timeout: 20_000 });
    const input = widget.locator('input:visible').first();
    await input.fill(text);
    const type = await input.getAttribute('type');
    // The box validates asynchronously and ignores an Enter that comes first: press until it closes.
    for (let attempt = 0; ; attempt++) {
      await this.page.keyboard.press('Enter');
      try {
        await this.page.locator('.quick-input-widget:visible', { hasText: expect }).first().waitFor({ state: 'hidden', timeout: 2000 });
        break;
      } catch (error) {
        if (attempt >= 4) {
          throw error;
        }
      }
    }
    return { type };
  }

  /** The input of the quick input widget while it is open. */
  visibleQuickInput(): Locator {
    return this.page.locator('.quick-input-widget:visible input:visible').first();
  }

  /** Opens a workspace file in an editor through “Go to File…”. */
  async openFile(relativePath: string): Promise<void> {
    // Quick Open without a prefix lists files; clicking the matching row (Enter would open whichever
    // row has focus, maybe a recent file).
    const row = await this.paletteRow(relativePath, path.basename(relativePath));
    await row.click();
    await this.page.locator('.tab.active', { hasText: path.basename(relativePath) }).first().waitFor();
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
    return this.page.locator('.editor-group-container', { has: this.page.locator('.tab.active', { hasText: fileName }) }).locator('.monaco-editor').first();
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
    // The sidebar comes back showing whichever view was open, so wait for the status bar instead.
    await this.page.locator('.part.statusbar .statusbar-item').first().waitFor({ timeout: 60_000 });
  }

  /** Picks a configured cluster by its label in “Select Cluster…” and waits for the status bar to show it. */
  async selectCluster(label: string): Promise<void> {
    await this.runCommand('Cluster Chat: Select Cluster…');
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: label }).first().click();
    await this.page.locator('.statusbar-item', { hasText: label }).first().waitFor();
  }

  /** Opens the Cluster Chat view and waits for its message box. */
  async openChat(): Promise<void> {
    await this.runCommand('Cluster Chat: Focus on Chat View');
    await this.chatView().locator('#chat-input').waitFor({ timeout: 30_000 });
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
    for (let grew = true; grew; ) {
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

  /** Saves a screenshot under test-results/ui/<name>.png and returns its path. */
  async screenshot(name: string): Promise<string> {
    fs.mkdirSync(SCREENSHOTS, { recursive: true });
    const file = path.join(SCREENSHOTS, `${name}.png`);
    await this.page.screenshot({ path: file });
    return file;
  }

  async close(): Promise<void> {
    await this.browser.close().catch(() => undefined);
    await this.server?.stop();
    if (this.base) {
      fs.rmSync(this.base, { recursive: true, force: true });
    }
  }
}

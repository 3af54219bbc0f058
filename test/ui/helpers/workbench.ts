/**
 * A real VS Code workbench (code-server) with the packaged Cluster Chat .vsix installed, driven
 * in Chromium. The methods are the user's gestures, so tests read like user stories.
 */
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
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
    private readonly server: RunningCodeServer,
    private readonly base: string,
  ) {}

  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const vsix = path.join(repoRoot, 'cluster-chat.vsix');
    if (!fs.existsSync(vsix)) {
      throw new Error('cluster-chat.vsix is missing: run `npm run package` first (npm test does)');
    }
    const install = installHost(uiHost());
    const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-ui-'));
    const dirs = makeRunDirs(base);
    installVsix(install, dirs, vsix);
    const folder = path.join(base, 'workspace');
    for (const [name, content] of Object.entries(options.files ?? { 'README.md': '# Workspace\n' })) {
      fs.mkdirSync(path.dirname(path.join(folder, name)), { recursive: true });
      fs.writeFileSync(path.join(folder, name), content);
    }
    const server = await startCodeServer({ install, dirs, folder, ...(options.env ? { env: options.env } : {}), ...(options.settings ? { settings: options.settings } : {}) });
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
      await this.page.keyboard.press('Escape');
      await this.page.keyboard.press('F1');
      const input = this.visibleQuickInput();
      await input.waitFor();
      await input.fill(text);
      const row = this.page.locator('.quick-input-list .monaco-list-row', { hasText: expect }).first();
      try {
        await row.waitFor({ timeout: 3000 });
        return row;
      } catch (error) {
        if (Date.now() > deadline) {
          throw error;
        }
      }
    }
  }

  /** Runs a command from the palette by its full title, e.g. "Cluster Chat: Show Log". */
  async runCommand(title: string): Promise<void> {
    await this.paletteRow(`>${title}`, title);
    await this.page.keyboard.press('Enter');
  }

  /** Types into the open input box (showInputBox / QuickPick) and accepts it. */
  async answerInputBox(text: string): Promise<void> {
    const input = this.visibleQuickInput();
    await input.waitFor();
    await input.fill(text);
    await this.page.keyboard.press('Enter');
  }

  /** The input of the quick input widget while it is open. */
  visibleQuickInput(): Locator {
    return this.page.locator('.quick-input-widget:visible input:visible').first();
  }

  /** Opens a workspace file in an editor through “Go to File…”. */
  async openFile(relativePath: string): Promise<void> {
    await this.runCommand('Go to File...');
    await this.visibleQuickInput().fill(relativePath);
    await this.page.locator('.quick-input-list .monaco-list-row', { hasText: path.basename(relativePath) }).first().waitFor();
    await this.page.keyboard.press('Enter');
    await this.page.locator('.tab', { hasText: path.basename(relativePath) }).first().waitFor();
  }

  /** The content frame of a webview of the given extension (webviews are two nested iframes). */
  webview(extensionId: string = EXTENSION_ID): FrameLocator {
    return this.page.frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]`).frameLocator('iframe#active-frame');
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
    await this.server.stop();
    fs.rmSync(this.base, { recursive: true, force: true });
  }
}

import * as fs from 'node:fs';
import * as path from 'node:path';
import { ENABLE_SMOKE_TEST_DRIVER_SCRIPT, launchBrowser, workbenchUrl } from './browser';
import { type RunDirs, startCodeServer } from './codeServer';
import type { InstalledHost } from './installCodeServer';

export interface DevelopmentHostOptions {
  readonly install: InstalledHost;
  readonly dirs: RunDirs;
  readonly folder: string;
  /** Environment of the server, and so of the extension host. */
  readonly env: Record<string, string>;
  /** Extensions under development (code-server loads the first only). */
  readonly extensionPaths: readonly string[];
  /** A module exporting `run()`, run inside the extension host as VS Code runs extension tests. */
  readonly testsPath: string;
  readonly timeoutMs: number;
  /** Receives each console line of the extension host. */
  readonly onHostLine?: (line: string) => void;
  /** Where to keep a screenshot when the run fails. */
  readonly failureScreenshot?: string;
}

/**
 * Starts code-server and a workbench in Chromium whose extension host loads the development
 * extension and runs `testsPath`; resolves with its exit code ('timeout' when it never ended).
 * Server and browser logs go to the run folder; everything is stopped before this resolves.
 */
export async function runInDevelopmentHost(options: DevelopmentHostOptions): Promise<number | 'timeout'> {
  const { dirs } = options;
  const server = await startCodeServer({ install: options.install, dirs, folder: options.folder, env: options.env });
  const browser = await launchBrowser().catch(async (error: unknown) => {
    await server.stop();
    throw error;
  });
  try {
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const browserLog = path.join(dirs.base, 'browser-console.log');
    const hostLog = path.join(dirs.base, 'extension-host.log');
    page.on('console', (message) => fs.appendFileSync(browserLog, `[${message.type()}] ${message.text()}\n`));
    let finish: (code: number | 'timeout') => void = () => undefined;
    const exited = new Promise<number | 'timeout'>((resolve) => (finish = resolve));
    await page.exposeFunction('codeAutomationExit', (code: number) => finish(code));
    await page.exposeFunction('codeAutomationLog', (type: string, args: unknown) => {
      const line = (Array.isArray(args) ? args : [args]).map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ');
      fs.appendFileSync(hostLog, `[${type}] ${line}\n`);
      options.onHostLine?.(line);
    });
    await page.addInitScript({ content: ENABLE_SMOKE_TEST_DRIVER_SCRIPT });
    await page.goto(workbenchUrl(server.url, options.folder, { extensionPaths: options.extensionPaths, testsPath: options.testsPath }));
    const timer = setTimeout(() => finish('timeout'), options.timeoutMs);
    const code = await exited;
    clearTimeout(timer);
    if (code !== 0 && options.failureScreenshot) {
      fs.mkdirSync(path.dirname(options.failureScreenshot), { recursive: true });
      await page.screenshot({ path: options.failureScreenshot }).catch(() => undefined);
    }
    return code;
  } finally {
    await browser.close().catch(() => undefined);
    await server.stop();
  }
}

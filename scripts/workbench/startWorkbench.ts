/**
 * Starting a workbench to drive: a code-server of the UI host with the packaged .vsix installed,
 * on a fresh profile and workspace, or one some other process serves; either way in Chromium.
 */
import { execFile } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { promisify } from 'node:util';
import type { Browser, Page } from 'playwright-core';
import { launchBrowser, workbenchUrl } from '../vscode/browser';
import { installVsix, makeRunDirs, startCodeServer, type RunningCodeServer } from '../vscode/codeServer';
import { hostByName, type Host } from '../vscode/hosts';
import { installHost } from '../vscode/installCodeServer';
import { repoRoot } from '../vscode/paths';
import { waitForWorkbench } from './workbenchReady';

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

/** What `Workbench` drives, and closes once done, of a workbench `startWorkbench` started. */
export interface StartedWorkbench {
  readonly page: Page;
  readonly folder: string;
  readonly browser: Browser;
  readonly server: RunningCodeServer;
  readonly base: string;
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

export async function startWorkbench(options: WorkbenchOptions): Promise<StartedWorkbench> {
  const vsix = path.join(repoRoot, 'cluster-chat.vsix');
  if (!fs.existsSync(vsix)) {
    throw new Error('cluster-chat.vsix is missing: run `npm run package` first (npm test does)');
  }
  const install = installHost(uiHost());
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-ui-'));
  const dirs = makeRunDirs(base);
  installVsix(install, dirs, vsix);
  writeFiles(dirs.userData, options.userData ?? {});
  if (options.userData) {
    // Flushed now: else the disk writes back a large history (50 MB in the bench) while the window
    // takes turns, and every flushed log append waits behind it.
    await promisify(execFile)('sync');
  }
  const folder = path.join(base, 'workspace');
  writeFiles(folder, options.files ?? { 'README.md': '# Workspace\n' });
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
    const page = await openWorkbenchPage(browser, workbenchUrl(server.url, opened));
    return { page, folder, browser, server, base };
  } catch (error) {
    // A workbench that never opened is nobody's to close: left running, its server and browser
    // would hold the machine (and keep mocha alive) through every later test.
    await browser?.close().catch(() => undefined);
    await server.stop();
    fs.rmSync(base, { recursive: true, force: true });
    throw error;
  }
}

/** Opens a workbench some other process serves (e.g. `npm start`) at `url`, in a browser of its own. */
export async function attachWorkbench(url: string): Promise<{ readonly page: Page; readonly browser: Browser }> {
  const browser = await launchBrowser();
  return { page: await openWorkbenchPage(browser, url), browser };
}

async function openWorkbenchPage(browser: Browser, url: string): Promise<Page> {
  const page = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await page.goto(url);
  await waitForWorkbench(page);
  return page;
}

function writeFiles(root: string, files: Record<string, string>): void {
  for (const [name, content] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(root, name)), { recursive: true });
    fs.writeFileSync(path.join(root, name), content);
  }
}

/** Writes the second folder and a `.code-workspace` naming both (the first as `workspace`); returns the file. */
function multiRootWorkspace(base: string, second: { readonly name: string; readonly files: Record<string, string> }): string {
  writeFiles(path.join(base, second.name), second.files);
  const file = path.join(base, 'two-folders.code-workspace');
  fs.writeFileSync(file, JSON.stringify({ folders: [{ path: 'workspace' }, { path: second.name }] }, null, 2));
  return file;
}

import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { repoRoot } from '../vscode/paths';
import { benchMessages } from './benchConversation';
import { readMarks } from './webviewProbe';

const ORIGIN = 'http://webview.bench';

/**
 * What VS Code's webview sets before the extension's stylesheet, as on Linux: its fonts (system-ui
 * is DejaVu Sans there, a font slow to break long words in) and their sizes.
 */
const VSCODE_DEFAULTS = `html { --vscode-font-family: system-ui, "Ubuntu", "Droid Sans", sans-serif; --vscode-font-size: 13px;
  --vscode-editor-font-family: "Droid Sans Mono", "monospace", monospace; --vscode-editor-font-size: 14px; }
body { font-family: var(--vscode-font-family); font-size: var(--vscode-font-size); }`;

/**
 * The shell as the host writes it (same CSP: nonce-only scripts, no inline styles), with a stand-in
 * for VS Code's API: what the chat posts goes to `window.benchHost` when a benchmark set one.
 */
function shell(): string {
  const csp = `default-src 'none'; style-src ${ORIGIN}; script-src 'nonce-bench'; img-src ${ORIGIN} data:`;
  return `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8">
<meta http-equiv="Content-Security-Policy" content="${csp}">
<link rel="stylesheet" href="${ORIGIN}/vscode.css">
<link rel="stylesheet" href="${ORIGIN}/webview.css"><title>Chat</title></head>
<body data-view="chat">
<script nonce="bench">window.acquireVsCodeApi = () => ({ postMessage(message) { window.benchHost?.(message); }, getState() {}, setState() {} });</script>
<script nonce="bench" src="${ORIGIN}/webview.js"></script>
</body></html>`;
}

export interface HarnessSample {
  readonly heapMegabytes: number;
  readonly domNodes: number;
  readonly marks: Awaited<ReturnType<typeof readMarks>>;
}

/**
 * The packaged chat bundle alone in a page of its own, sized like the sidebar, showing a
 * conversation of `count` messages: there its JS heap is the webview's alone, which inside
 * code-server it is not (the webview frame is same-origin with the workbench and shares its heap).
 */
export async function measureBundleAlone(browser: Browser, count: number): Promise<HarnessSample> {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  try {
    const page = await openChatBundle(context);
    const messages = benchMessages(count).map((message, index) => ({ ...message, index }));
    const state = {
      type: 'chatState',
      conversation: { id: `bench-${count}`, title: 'Benchmark', systemPrompt: '', messages, busy: false },
      draft: '',
      attachments: [],
      cluster: { id: 'demo', label: 'demo' },
      history: [{ id: `bench-${count}`, title: 'Benchmark', updatedAt: '2026-11-21T10:00:00.000Z', messageCount: count }],
      historyComplete: true,
    };
    await page.evaluate((message) => window.postMessage(message, '*'), state);
    const frame = page.mainFrame();
    const marks = await readMarks({ locator: (selector: string) => frame.locator(selector) });
    const session = await context.newCDPSession(page);
    await session.send('HeapProfiler.collectGarbage');
    const { usedSize } = await session.send('Runtime.getHeapUsage');
    const domNodes = await page.evaluate(() => document.getElementsByTagName('*').length);
    return { heapMegabytes: usedSize / 1024 ** 2, domNodes, marks };
  } finally {
    await context.close();
  }
}

/** Shows `messages` in the chat bundle's page as the host does when the view opens, and waits for the last one. */
export async function showConversation(page: Page, id: string, messages: readonly object[]): Promise<void> {
  await page.evaluate((message) => window.postMessage(message, '*'), {
    type: 'chatState',
    conversation: { id, title: id, systemPrompt: '', messages: messages.map((message, index) => ({ ...message, index })), busy: false },
    draft: '',
    attachments: [],
    cluster: { id: 'demo', label: 'demo' },
    history: [],
    historyComplete: true,
  });
  await page.locator(`li.chat-message[data-index="${messages.length - 1}"]`).waitFor();
}

/** A page of `context` showing the packaged chat bundle, its message box ready. */
export async function openChatBundle(context: BrowserContext): Promise<Page> {
  const page = await context.newPage();
  await serve(page);
  await page.goto(`${ORIGIN}/index.html`);
  await page.locator('#chat-input').waitFor();
  return page;
}

async function serve(page: Page): Promise<void> {
  const files: Readonly<Record<string, { readonly body: string | Buffer; readonly type: string }>> = {
    '/index.html': { body: shell(), type: 'text/html' },
    '/webview.js': { body: fs.readFileSync(path.join(repoRoot, 'dist', 'webview.js')), type: 'text/javascript' },
    '/webview.css': { body: fs.readFileSync(path.join(repoRoot, 'dist', 'webview.css')), type: 'text/css' },
    '/vscode.css': { body: VSCODE_DEFAULTS, type: 'text/css' },
  };
  await page.route(`${ORIGIN}/**`, (route) => {
    const file = files[new URL(route.request().url()).pathname];
    return file ? route.fulfill({ body: file.body, contentType: file.type }) : route.fulfill({ status: 404 });
  });
}

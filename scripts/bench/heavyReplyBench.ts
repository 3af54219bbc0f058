import type { Browser, Page } from 'playwright-core';
import { launchBrowser } from '../vscode/browser';
import { heavyReplies, type HeavyReply } from './heavyReplies';
import { finishRenderProbe, longestMainThreadTask, startMainThreadTrace, startRenderProbe, TASK_BUDGET_MS } from './renderProbe';
import { type Figure, percentile } from './figures';
import { openChatBundle, showConversation } from './webviewHarness';

/** A keystroke in the message box waits at most this long while a heavy reply renders (a frame). */
const TYPING_P99_BUDGET_MS = 16;
const AT = '2026-11-21T10:00:00.000Z';

interface Sample {
  readonly longestTask: number;
  readonly latencies: readonly number[];
}

/**
 * Each heavy reply arrives in the chat bundle alone (VS Code's Linux fonts), while the user types in
 * the message box: the longest main-thread task from its arrival until it was scrolled through
 * (read from Chromium's trace, so a task under 50 ms shows its length), and every keystroke's wait
 * for its `input` handler.
 */
export async function measureHeavyReplies(log: (line: string) => void): Promise<Figure[]> {
  const browser = await launchBrowser();
  const samples = new Map<string, Sample>();
  try {
    for (const reply of heavyReplies()) {
      const sample = await measureOne(browser, reply);
      samples.set(reply.name, sample);
      log(`  ${reply.name}: longest task ${sample.longestTask.toFixed(0)} ms, ${sample.latencies.length} keystrokes`);
    }
  } finally {
    await browser.close();
  }
  const latencies = [...samples.values()].flatMap((sample) => sample.latencies);
  return [
    ...[...samples].map(([name, sample]): Figure => ({
      area: 'Heavy replies',
      name: `longest main-thread task: ${name}`,
      value: sample.longestTask,
      unit: 'ms',
      budget: TASK_BUDGET_MS,
    })),
    {
      area: 'Heavy replies',
      name: `typing latency p99 while they render (${latencies.length} keystrokes)`,
      value: percentile(latencies, 99),
      unit: 'ms',
      budget: TYPING_P99_BUDGET_MS,
    },
  ];
}

async function measureOne(browser: Browser, reply: HeavyReply): Promise<Sample> {
  const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
  try {
    const page = await openChatBundle(context);
    await showConversation(page, 'heavy', [
      { role: 'user', content: 'Show me.', at: AT },
      { role: 'assistant', cluster: 'demo', content: 'Here:\n\n```ts\nconst shown = true;\n```', at: AT },
      { role: 'user', content: 'And the big one?', at: AT },
    ]);
    // The reply is handed to the page first, so only the app's own work on it is measured.
    await page.evaluate(
      (message) => {
        (window as unknown as { __heavy: unknown }).__heavy = message;
      },
      {
        type: 'messagesAppended',
        conversationId: 'heavy',
        messages: [{ role: 'assistant', cluster: 'demo', content: reply.markdown, at: AT, index: 3 }],
      },
    );
    const chat = { locator: (selector: string) => page.locator(selector) };
    await startRenderProbe(chat, 'li.chat-message[data-index="3"] .message-content');
    await recordLatencies(page);
    await page.locator('#chat-input').click();
    await startMainThreadTrace(browser, page);
    await page.evaluate(() => window.postMessage((window as unknown as { __heavy: unknown }).__heavy, '*'));
    await page.keyboard.type('typing while the reply renders', { delay: 15 });
    await finishRenderProbe(chat, '.chat-scroll', `the reply "${reply.name}"`);
    const longestTask = await longestMainThreadTask(browser);
    const latencies = await page.evaluate(() => (window as unknown as { __latencies: number[] }).__latencies);
    return { longestTask, latencies };
  } finally {
    await context.close();
  }
}

async function recordLatencies(page: Page): Promise<void> {
  await page.locator('#chat-input').evaluate((input) => {
    const latencies: number[] = [];
    (window as unknown as { __latencies: number[] }).__latencies = latencies;
    input.addEventListener('input', (event) => latencies.push(performance.now() - event.timeStamp));
  });
}

import { launchBrowser } from '../vscode/browser';
import { Workbench } from '../workbench/workbench';
import { benchTitle, codeBlocksIn, conversationPath, savedConversation } from './benchConversation';
import { type Figure, percentile } from './figures';
import { measureBundleAlone } from './webviewHarness';
import {
  domNodeCount,
  MARKS,
  openFromHistory,
  readMarks,
  recordInputLatency,
  scrollingFinished,
  startScrolling,
  takeInputLatencies,
} from './webviewProbe';

const SHORT = 1000;
const LONG = 20_000;
/**
 * Each conversation is opened this often, alternately, and its times are the medians: the first
 * render takes about 10 ms, of the order of a frame, so a single opening says little.
 */
const ROUNDS = 9;
/** Frames of scrolling while typing, and the pixels per frame (the same distance for both conversations). */
const SCROLL_FRAMES = 300;
const SCROLL_STEP = 150;

interface Sample {
  readonly firstRender: number[];
  /** From the click on the history item: the host reading and sending the conversation included. */
  readonly sinceClick: number[];
  readonly firstHighlight: number[];
  readonly allRendered: number[];
  readonly domNodes: number[];
  scrollingLatencies: number[];
}

/** The view's first conversation, shown when the view opens (cold). */
interface Opening {
  readonly count: number;
  readonly firstRender: number;
  readonly latencies: readonly number[];
}

const median = (values: readonly number[]): number => percentile(values, 50);
const idOf = (count: number): string => `bench-${count}`;

/** Types into the chat's input while the conversation scrolls, and returns the keystrokes' latencies. */
async function typeWhileScrolling(workbench: Workbench): Promise<number[]> {
  const chat = workbench.chatView();
  await takeInputLatencies(chat);
  await chat.locator('#chat-input').click();
  await startScrolling(chat, SCROLL_FRAMES, SCROLL_STEP);
  while (!(await scrollingFinished(chat))) {
    await workbench.page.keyboard.type(' scrolling', { delay: 15 });
  }
  return takeInputLatencies(chat);
}

function ratio(area: Figure['area'], name: string, long: number, short: number, budget: number): Figure {
  return { area, name: `${name}, ${LONG} vs ${SHORT} messages`, value: long / short, unit: '×', budget };
}

/**
 * Rendering in the real chat webview (VS Code latest, packaged .vsix, Chromium), for a conversation
 * of 1,000 and one of 20,000 messages in the same run and the same window, opened alternately from
 * the history: the webview's own performance marks give the times from the conversation's arrival;
 * input latency is measured on keystrokes typed while the view opens and while it scrolls. The long
 * conversation is held to ratios against the short one, so the budgets hold on any machine.
 *
 * The JS heap is measured on the packaged bundle alone in a page of its own: in code-server the
 * webview's frame shares the workbench's process and heap (in desktop VS Code it has its own).
 */
export async function measureRendering(log: (line: string) => void): Promise<Figure[]> {
  const workbench = await Workbench.open({
    userData: Object.fromEntries([SHORT, LONG].map((count) => [conversationPath(idOf(count)), savedConversation(idOf(count), count)])),
  });
  const samples = new Map<number, Sample>(
    [SHORT, LONG].map((count) => [
      count,
      { firstRender: [], sinceClick: [], firstHighlight: [], allRendered: [], domNodes: [], scrollingLatencies: [] },
    ]),
  );
  let opening: Opening;
  try {
    await workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
    const chat = workbench.chatView();
    const input = chat.locator('#chat-input');
    await input.waitFor({ timeout: 60_000 });
    await recordInputLatency(chat);
    await input.click();
    await workbench.page.keyboard.type('typing while the conversation opens', { delay: 15 });
    const marks = await readMarks(chat);
    const shown = (await chat.locator(`li.chat-message[data-index="${LONG - 1}"]`).count()) > 0 ? LONG : SHORT;
    opening = { count: shown, firstRender: marks[MARKS.firstRender], latencies: await takeInputLatencies(chat) };
    for (let round = 0; round <= ROUNDS; round++) {
      for (const [count, sample] of samples) {
        const marks = await openFromHistory(chat, benchTitle(count), count - 1);
        // Round 0 warms up: the first opening also moves the conversation into the current storage.
        if (round > 0) {
          sample.firstRender.push(marks[MARKS.firstRender]);
          sample.sinceClick.push(marks.sinceClick);
          sample.firstHighlight.push(marks[MARKS.firstHighlight]);
          sample.allRendered.push(marks[MARKS.allRendered]);
          sample.domNodes.push(await domNodeCount(chat));
        }
      }
    }
    for (const [count, sample] of samples) {
      await openFromHistory(chat, benchTitle(count), count - 1);
      sample.scrollingLatencies = await typeWhileScrolling(workbench);
    }
  } finally {
    await workbench.close();
  }
  const browser = await launchBrowser();
  const heap = new Map<number, number>();
  try {
    for (const count of [SHORT, LONG]) {
      heap.set(count, (await measureBundleAlone(browser, count)).heapMegabytes);
    }
  } finally {
    await browser.close();
  }
  return figures(samples, heap, opening, log);
}

function figures(
  samples: ReadonlyMap<number, Sample>,
  heap: ReadonlyMap<number, number>,
  opening: Opening,
  log: (line: string) => void,
): Figure[] {
  const short = samples.get(SHORT);
  const long = samples.get(LONG);
  const shortHeap = heap.get(SHORT);
  const longHeap = heap.get(LONG);
  if (!short || !long || shortHeap === undefined || longHeap === undefined) {
    throw new Error('a conversation was not measured');
  }
  for (const [count, sample] of samples) {
    log(
      `  ${count} messages (${codeBlocksIn(count)} code blocks), median of ${ROUNDS} openings: first render ${sample.firstRender.map(Math.round).join('/')} ms ` +
        `(from the click ${sample.sinceClick.map(Math.round).join('/')} ms), ` +
        `all-interactive ${sample.allRendered.map(Math.round).join('/')} ms, ${median(sample.domNodes)} DOM elements, ` +
        `heap ${heap.get(count)?.toFixed(2)} MB; ${sample.scrollingLatencies.length} keystrokes while scrolling`,
    );
  }
  return [
    {
      area: 'Rendering',
      name: `first render when the view opens (newest of ${opening.count} messages on screen)`,
      value: opening.firstRender,
      unit: 'ms',
      budget: 150,
    },
    { area: 'Rendering', name: 'input latency while the view opens, p50', value: percentile(opening.latencies, 50), unit: 'ms' },
    { area: 'Rendering', name: 'input latency while the view opens, max', value: Math.max(...opening.latencies), unit: 'ms' },
    { area: 'Rendering', name: `first render, ${SHORT} messages`, value: median(short.firstRender), unit: 'ms' },
    { area: 'Rendering', name: `visible code highlighted, ${SHORT} messages`, value: median(short.firstHighlight), unit: 'ms' },
    { area: 'Rendering', name: `all-interactive, ${SHORT} messages`, value: median(short.allRendered), unit: 'ms' },
    { area: 'Rendering', name: `first render, ${LONG} messages`, value: median(long.firstRender), unit: 'ms' },
    { area: 'Rendering', name: `all-interactive, ${LONG} messages`, value: median(long.allRendered), unit: 'ms' },
    {
      area: 'Rendering',
      name: `newest messages visible from the click on the history item, ${SHORT} messages`,
      value: median(short.sinceClick),
      unit: 'ms',
    },
    {
      area: 'Rendering',
      name: `newest messages visible from the click on the history item, ${LONG} messages`,
      value: median(long.sinceClick),
      unit: 'ms',
    },
    ratio('Rendering', 'newest messages visible', median(long.firstRender), median(short.firstRender), 1.2),
    ratio('Rendering', 'newest messages visible from the click', median(long.sinceClick), median(short.sinceClick), 1.2),
    ratio('Rendering', 'all-interactive', median(long.allRendered), median(short.allRendered), 1.5),
    ratio('Rendering', 'DOM elements', median(long.domNodes), median(short.domNodes), 1.2),
    ratio('Memory', 'webview JS heap', longHeap, shortHeap, 1.5),
    { area: 'Memory', name: `webview JS heap, ${LONG} messages`, value: longHeap, unit: 'MB' },
    {
      area: 'Rendering',
      name: `input latency while scrolling, p99, ${SHORT} messages`,
      value: percentile(short.scrollingLatencies, 99),
      unit: 'ms',
    },
    {
      area: 'Rendering',
      name: `input latency while scrolling, p99, ${LONG} messages`,
      value: percentile(long.scrollingLatencies, 99),
      unit: 'ms',
      budget: 16,
    },
  ];
}

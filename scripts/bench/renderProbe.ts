import type { Browser, FrameLocator, Page } from 'playwright-core';
import { waitFor } from '../workbench/wait';

/** A webview's frame, or a page of its own (the bench's bundle alone). */
type Frame = Pick<FrameLocator, 'locator'>;

/** Longest main-thread task a reply may cause (ms). */
export const TASK_BUDGET_MS = 50;

/**
 * What the workbench tests fail on: a task twice the budget, a freeze by any measure. In code-server
 * a webview shares the workbench's renderer (desktop VS Code gives it a process of its own), so a
 * frame's task holds the whole workbench's rendering too: a 61 ms task of the 2,000-row table was
 * 36 ms of painting, which the workbench's frames do as one. Run in a process of its own (a webview origin of its own, as
 * VS Code gives it), the webview competes with the workbench for the 2 cores instead, and its
 * tasks grow longer still. The budget itself is held by `npm run bench` on the chat bundle alone,
 * and the tests print every task over it.
 */
export const WORKBENCH_FREEZE_MS = 2 * TASK_BUDGET_MS;

export interface RenderRecord {
  /** From the reply's content appearing in the page to its being whole (ms). */
  readonly renderMs: number;
  /** Every long task (over 50 ms) while it rendered and was scrolled through, longest first. */
  readonly longTasks: readonly number[];
}

interface ProbeState {
  readonly tasks: number[];
  appeared?: number;
  whole?: number;
  readonly stop: () => void;
}

/**
 * Starts recording, in a webview's frame, the long tasks (`PerformanceObserver`, `longtask`), when
 * the element matching `selector` is added or its content changes, and when it is whole again (has
 * no `data-rendering`). Start it before the gesture that brings the reply.
 */
export async function startRenderProbe(frame: Frame, selector: string): Promise<void> {
  await collectGarbage(frame);
  await frame.locator('body').evaluate((body, wanted) => {
    const probeWindow = window as unknown as { __renderProbe?: ProbeState };
    probeWindow.__renderProbe?.stop();
    const tasks = new PerformanceObserver((list) => {
      for (const entry of list.getEntries()) {
        // Tasks of this frame (its scripts, its layout), not the workbench's around it.
        if (entry.name === 'self' || entry.name === 'unknown' || entry.name === 'multiple-contexts') {
          state.tasks.push(entry.duration);
        }
      }
    });
    const changes = new MutationObserver((records) => check(records));
    const state: ProbeState = { tasks: [], stop: () => [tasks, changes].forEach((observer) => observer.disconnect()) };
    probeWindow.__renderProbe = state;
    tasks.observe({ type: 'longtask' });
    // Appeared: the first change that adds the element or changes what it holds.
    const check = (records: MutationRecord[]): void => {
      const content = body.ownerDocument.querySelector(wanted);
      if (!content) {
        return;
      }
      const touched = records.some(
        (record) => content.contains(record.target) || Array.from(record.addedNodes).some((node) => node.contains(content)),
      );
      if (touched && state.appeared === undefined) {
        state.appeared = performance.now();
      }
      if (state.appeared !== undefined && state.whole === undefined && !content.hasAttribute('data-rendering')) {
        state.whole = performance.now();
      }
    };
    changes.observe(body, { subtree: true, childList: true, attributes: true, attributeFilter: ['data-rendering'] });
  }, selector);
}

/**
 * Collects the heap's garbage, in a task before the probe starts, where the browser offers `gc`
 * (`--expose-gc`, which the workbench tests' browser has): each reply's tasks then carry its own collections, not
 * those of the garbage the reply before it left. In code-server that heap is the whole
 * workbench's, which a webview shares.
 */
export async function collectGarbage(frame: Frame): Promise<void> {
  await frame.locator('body').evaluate(async () => {
    (globalThis as { gc?: () => void }).gc?.();
    await new Promise<void>((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  });
}

/**
 * Waits until the reply is whole, scrolls `scroller` through it a view at a time (so every part
 * is laid out and highlighted), and returns what the probe recorded.
 */
export async function finishRenderProbe(frame: Frame, scroller: string, what: string): Promise<RenderRecord> {
  const read = () => readProbe(frame);
  await waitFor(`${what} to render whole`, read, (state) => state.whole !== undefined, { timeoutMs: 60_000 });
  await frame.locator(scroller).evaluate(async (element) => {
    const frameDone = (): Promise<void> => new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
    element.scrollTo({ top: 0 });
    await frameDone();
    for (let step = 0; step < 150 && element.scrollTop + element.clientHeight < element.scrollHeight - 1; step++) {
      element.scrollBy({ top: element.clientHeight });
      await frameDone();
    }
    // Long tasks are reported after they end: one more frame lets the last one in.
    await frameDone();
  });
  const state = await read();
  return { renderMs: (state.whole ?? 0) - (state.appeared ?? 0), longTasks: [...state.tasks].sort((a, b) => b - a) };
}

/** The long tasks the probe recorded since it started or was last drained, and forgets them. */
export function drainLongTasks(frame: Frame): Promise<number[]> {
  return frame.locator('body').evaluate(() => {
    const state = (window as unknown as { __renderProbe: ProbeState }).__renderProbe;
    return state.tasks.splice(0);
  });
}

function readProbe(frame: Frame): Promise<Omit<ProbeState, 'stop'>> {
  return frame.locator('body').evaluate(() => {
    const state = (window as unknown as { __renderProbe: ProbeState }).__renderProbe;
    return { tasks: state.tasks, appeared: state.appeared, whole: state.whole };
  });
}

/**
 * Shows that the probe sees this frame's long tasks at all: runs an 80 ms task in the frame and
 * waits until the probe has it (a probe that saw nothing would pass every budget).
 */
export async function checkProbeSeesLongTasks(frame: Frame): Promise<void> {
  await startRenderProbe(frame, 'body');
  await frame.locator('body').evaluate(() => {
    setTimeout(() => {
      const start = performance.now();
      while (performance.now() - start < 80) {
        // Busy on purpose.
      }
    }, 0);
  });
  await waitFor(
    'the probe to record an 80 ms task of the frame',
    () => readProbe(frame),
    (state) => state.tasks.some((task) => task >= 80),
  );
}

/**
 * The page's main-thread tasks as Chromium's own trace records them. A `longtask` observer reports
 * only tasks of 50 ms or more, so a budget of 50 ms read from it shows 0 for a reply that is far
 * under it and for one that is a millisecond short alike; the trace gives every task's length.
 */

interface TraceEvent {
  readonly name: string;
  readonly ph: string;
  readonly pid: number;
  readonly tid: number;
  /** Microseconds, on complete (`X`) events. */
  readonly dur?: number;
  readonly args?: { readonly name?: string };
}

/** What a task is called in the trace, by Chromium's version (the scheduler's name since about 2019). */
const TASK_EVENTS = new Set(['ThreadControllerImpl::RunTask', 'RunTask']);

/** Starts recording the tasks of `page`'s renderer. One trace at a time per browser. */
export async function startMainThreadTrace(browser: Browser, page: Page): Promise<void> {
  await browser.startTracing(page, { categories: ['toplevel', 'devtools.timeline'] });
}

/** Stops the trace and returns the longest task (ms) on a renderer's main thread while it ran. */
export async function longestMainThreadTask(browser: Browser): Promise<number> {
  const trace = JSON.parse((await browser.stopTracing()).toString('utf8')) as { traceEvents?: TraceEvent[] };
  const events = trace.traceEvents ?? [];
  const mainThreads = new Set(
    events
      .filter((event) => event.ph === 'M' && event.name === 'thread_name' && event.args?.name === 'CrRendererMain')
      .map((event) => `${event.pid}:${event.tid}`),
  );
  if (mainThreads.size === 0) {
    throw new Error('The trace names no renderer main thread (CrRendererMain): the longest task cannot be read from it');
  }
  let tasks = 0;
  let longest = 0;
  for (const event of events) {
    if (event.ph === 'X' && TASK_EVENTS.has(event.name) && mainThreads.has(`${event.pid}:${event.tid}`)) {
      tasks++;
      longest = Math.max(longest, (event.dur ?? 0) / 1000);
    }
  }
  if (tasks === 0) {
    throw new Error(
      'The trace holds no task of a renderer main thread (ThreadControllerImpl::RunTask): the longest task cannot be read from it',
    );
  }
  return longest;
}

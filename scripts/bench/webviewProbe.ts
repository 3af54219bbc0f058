import type { FrameLocator } from 'playwright-core';

/** Must match src/webview/markdown/renderMarks.ts. */
export const MARKS = {
  received: 'cluster-chat:conversation-received',
  firstRender: 'cluster-chat:first-render',
  allRendered: 'cluster-chat:all-rendered',
  firstHighlight: 'cluster-chat:first-highlight',
} as const;

type MarkName = (typeof MARKS)[keyof typeof MARKS];

interface ProbeWindow {
  __inputLatencies: number[];
  __scrolling?: Promise<void>;
}

/** Records, in the webview, how long each `input` event of `#chat-input` waited to be handled. */
export async function recordInputLatency(chat: FrameLocator): Promise<void> {
  await chat.locator('#chat-input').evaluate((element) => {
    const probe = window as unknown as ProbeWindow;
    probe.__inputLatencies = [];
    element.addEventListener('input', (event) => probe.__inputLatencies.push(performance.now() - event.timeStamp));
  });
}

/** The latencies recorded since the last call (and forgets them). */
export async function takeInputLatencies(chat: FrameLocator): Promise<number[]> {
  return chat.locator('body').evaluate(() => {
    const probe = window as unknown as ProbeWindow;
    return probe.__inputLatencies.splice(0);
  });
}

/** Each mark's time since the conversation arrived, once all are set (polls up to `timeoutMs`). */
export async function readMarks(chat: Pick<FrameLocator, 'locator'>, timeoutMs = 120_000): Promise<Record<MarkName, number>> {
  const names = Object.values(MARKS);
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const marks = await chat
      .locator('body')
      .evaluate((_body, wanted) => wanted.map((name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? null), names);
    const received = marks[0];
    if (marks.every((at) => at !== null) && received !== null && received !== undefined) {
      return Object.fromEntries(names.map((name, position) => [name, (marks[position] ?? 0) - received])) as Record<MarkName, number>;
    }
    if (Date.now() > deadline) {
      const missing = names.filter((_, position) => marks[position] === null);
      throw new Error(`the webview did not record ${missing.join(', ')}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

/** Elements in the webview's document. */
export async function domNodeCount(chat: FrameLocator): Promise<number> {
  return chat.locator('body').evaluate(() => document.getElementsByTagName('*').length);
}

/**
 * Scrolls the conversation upwards a step per frame, with a jump now and then as dragging the
 * scrollbar does, for `frames` frames; resolves when the webview has started. `finished` waits for the end.
 */
export async function startScrolling(chat: FrameLocator, frames: number, step: number): Promise<void> {
  await chat.locator('.chat-scroll').evaluate(
    (scroller, options) => {
      const probe = window as unknown as ProbeWindow;
      probe.__scrolling = new Promise<void>((resolve) => {
        let frame = 0;
        const tick = (): void => {
          frame++;
          if (frame > options.frames) {
            resolve();
            return;
          }
          if (frame % 60 === 0) {
            scroller.scrollTop = scroller.scrollHeight * ((frame / 60) % 2 === 1 ? 0.3 : 0.7);
          } else {
            scroller.scrollTop = Math.max(0, scroller.scrollTop - options.step);
          }
          requestAnimationFrame(tick);
        };
        requestAnimationFrame(tick);
      });
    },
    { frames, step },
  );
}

export async function scrollingFinished(chat: FrameLocator): Promise<boolean> {
  return chat.locator('body').evaluate(async () => {
    const probe = window as unknown as ProbeWindow;
    const finished = await Promise.race([
      probe.__scrolling?.then(() => true),
      new Promise<boolean>((resolve) => setTimeout(() => resolve(false), 50)),
    ]);
    return finished ?? true;
  });
}

/** Set by the benchmark (not the webview) when the history item is clicked. */
const CLICKED_MARK = 'bench:history-item-clicked';

/**
 * Opens the conversation titled `title` from the chat's history list and waits for its marks;
 * `sinceClick` is when the newest messages were on screen counted from the click on the history
 * item (the host reading and sending the conversation included), not from its arrival.
 */
export async function openFromHistory(
  chat: FrameLocator,
  title: string,
  lastIndex: number,
): Promise<Awaited<ReturnType<typeof readMarks>> & { readonly sinceClick: number }> {
  await chat
    .locator('body')
    .evaluate((_body, names) => names.forEach((name) => performance.clearMarks(name)), [...Object.values(MARKS), CLICKED_MARK]);
  await chat.locator('button[data-command="toggleHistory"]').click();
  const item = chat.locator('button.history-open', { hasText: title });
  await item.evaluate((button, mark) => {
    button.addEventListener('click', () => performance.mark(mark), { capture: true, once: true });
  }, CLICKED_MARK);
  await item.click();
  await chat.locator(`li.chat-message[data-index="${lastIndex}"]`).waitFor({ state: 'attached', timeout: 120_000 });
  const marks = await readMarks(chat);
  const clickedBeforeArrival = await chat
    .locator('body')
    .evaluate(
      (_body, names) =>
        (performance.getEntriesByName(names.received, 'mark')[0]?.startTime ?? Number.NaN) -
        (performance.getEntriesByName(names.clicked, 'mark')[0]?.startTime ?? Number.NaN),
      { received: MARKS.received, clicked: CLICKED_MARK },
    );
  return { ...marks, sinceClick: clickedBeforeArrival + marks[MARKS.firstRender] };
}

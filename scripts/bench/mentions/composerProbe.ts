import type { Page } from 'playwright-core';

/** One keystroke in the message box, as the page timed it (`performance.now()` times). */
export interface KeystrokeTiming {
  readonly key: string;
  /** The key event's own time stamp: when the browser dispatched it to the page. */
  readonly keyAt: number;
  /** When the box and its list were up to date: the host's options handled, or the input when it asked for none. */
  readonly updatedAt: number;
  /** The task after the first frame from then: that frame's style, layout and paint are done. */
  readonly paintedAt: number;
  /**
   * The main thread's time at work for the keystroke from its dispatch to `paintedAt`: the input's
   * handling (and its wait in the queue), the host's answer handled, and each frame's rendering from
   * its animation callbacks on, overlaps counted once; the thread's idle waits for the next frame left out.
   */
  readonly busy: number;
  /** Options in the mention list once it was painted (0: closed). */
  readonly shown: number;
}

export interface MentionOptionStub {
  readonly kind: 'file';
  readonly name: string;
  readonly detail: string;
}

interface ComposerProbe {
  readonly timings: KeystrokeTiming[];
  key: string;
  keyAt: number | undefined;
  /** The `requestId` of the query the current keystroke made, if it made one. */
  asked: number | undefined;
  /** The current keystroke's spans of work, [start, end]. */
  spans: Array<[number, number]>;
  answerAt: number;
  waiting: Array<() => void>;
}

interface ProbeWindow {
  benchHost?: (message: { readonly type: string; readonly requestId?: number }) => void;
  composerProbe: ComposerProbe;
}

/**
 * Stands in for the host, answering each `mentionQuery` at once from `answers` (made beforehand,
 * in turn, so the page spends nothing on them), and times each keystroke in `#chat-input`. The
 * listeners are added after the chat's own, so each runs once the chat has handled the event.
 */
export async function installComposerProbe(page: Page, answers: readonly (readonly MentionOptionStub[])[]): Promise<void> {
  await page.evaluate((pool) => {
    const probeWindow = window as unknown as ProbeWindow;
    const input = document.querySelector<HTMLTextAreaElement>('#chat-input');
    const list = document.querySelector<HTMLElement>('#chat-mention-suggestions');
    if (input === null || list === null) {
      throw new Error('the message box or its mention list is missing');
    }
    const probe: ComposerProbe = { timings: [], key: '', keyAt: undefined, asked: undefined, spans: [], answerAt: 0, waiting: [] };
    probeWindow.composerProbe = probe;
    let answered = 0;
    probeWindow.benchHost = (message) => {
      if (message.type === 'mentionQuery' && message.requestId !== undefined) {
        probe.asked = message.requestId;
        const options = pool[answered++ % pool.length] ?? [];
        window.postMessage({ type: 'mentionOptions', requestId: message.requestId, options }, '*');
      }
    };
    const busyTime = (spans: ReadonlyArray<readonly [number, number]>): number => {
      let total = 0;
      let reached = Number.NEGATIVE_INFINITY;
      for (const [start, end] of [...spans].sort((a, b) => a[0] - b[0])) {
        total += Math.max(0, end - Math.max(start, reached));
        reached = Math.max(reached, end);
      }
      return total;
    };
    /** Times the next frame's rendering; the last update's frame ends the keystroke. */
    const timeNextFrame = (last: boolean): void => {
      const keyAt = probe.keyAt;
      const spans = probe.spans;
      const updatedAt = performance.now();
      // Its start as this callback runs: the frame's time stamp is the display's vsync, often long before.
      requestAnimationFrame(() => {
        const frameAt = performance.now();
        // A message to itself runs as the next task, once the frame's rendering has let go of the thread.
        const channel = new MessageChannel();
        channel.port1.onmessage = () => {
          const paintedAt = performance.now();
          channel.port1.close();
          spans.push([frameAt, paintedAt]);
          if (last && keyAt !== undefined && probe.keyAt === keyAt) {
            probe.keyAt = undefined;
            const shown = list.hidden ? 0 : list.children.length;
            probe.timings.push({ key: probe.key, keyAt, updatedAt, paintedAt, busy: busyTime(spans), shown });
            probe.waiting.splice(0).forEach((resolve) => resolve());
          }
        };
        channel.port2.postMessage(null);
      });
    };
    window.addEventListener(
      'keydown',
      (event) => {
        probe.key = event.key;
        probe.keyAt = event.timeStamp;
        probe.asked = undefined;
        probe.spans = [];
      },
      { capture: true },
    );
    // The character's own frame; a keystroke that asked nothing (it ended the mention) ends with it.
    input.addEventListener('input', () => {
      if (probe.keyAt !== undefined) {
        probe.spans.push([probe.keyAt, performance.now()]);
        timeNextFrame(probe.asked === undefined);
      }
    });
    // At the window itself, capturing listeners run before the chat's, the others after it.
    const isAnswer = (event: MessageEvent<unknown>): boolean => {
      const data = event.data as { readonly type?: string; readonly requestId?: number };
      return probe.keyAt !== undefined && data.type === 'mentionOptions' && data.requestId === probe.asked;
    };
    window.addEventListener('message', (event: MessageEvent<unknown>) => void (isAnswer(event) && (probe.answerAt = performance.now())), {
      capture: true,
    });
    window.addEventListener('message', (event: MessageEvent<unknown>) => {
      if (isAnswer(event)) {
        probe.spans.push([probe.answerAt, performance.now()]);
        timeNextFrame(true);
      }
    });
  }, answers);
}

/** Waits until `count` keystrokes are timed (at most `timeoutMs`); false when they were not. */
export function keystrokesTimed(page: Page, count: number, timeoutMs = 5000): Promise<boolean> {
  return page.evaluate(
    ({ count, timeoutMs }) => {
      const probe = (window as unknown as ProbeWindow).composerProbe;
      return new Promise<boolean>((resolve) => {
        const check = (): void => (probe.timings.length >= count ? resolve(true) : void probe.waiting.push(check));
        setTimeout(() => resolve(probe.timings.length >= count), timeoutMs);
        check();
      });
    },
    { count, timeoutMs },
  );
}

/** Puts `text` in the box, caret at its end, as if typed there (untimed: no key event). */
export async function resetBox(page: Page, text: string): Promise<void> {
  await page.locator('#chat-input').evaluate((input: HTMLTextAreaElement, value) => {
    input.value = value;
    input.setSelectionRange(value.length, value.length);
    input.dispatchEvent(new Event('input', { bubbles: true }));
  }, text);
}

export function takeTimings(page: Page): Promise<KeystrokeTiming[]> {
  return page.evaluate(() => (window as unknown as ProbeWindow).composerProbe.timings.splice(0));
}

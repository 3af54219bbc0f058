import { useStrings } from '../../../src/webview/browser/strings';
import { RENDER_MARKS } from '../../../src/markdown/browser/renderMarks';
import { hasQueuedWork } from '../../../src/base/browser/sliceQueue';
import { FakeClock } from './fakeClock';
import { Intersections } from './fakeIntersectionObserver';
import { FakeVsCodeHost, type RawVsCodeApi } from './fakeVsCode';
import { createHappyWindow, type PageWindow } from './happyDom';
import { type Listener, replaceProperties, restoreProperties, type Saved, trackListeners } from './propertyOverrides';

/**
 * One webview page for the tests, on happy-dom: the DOM globals the webview code uses, a fake
 * `acquireVsCodeApi`, virtual timers and a controllable IntersectionObserver.
 *
 * The happy-dom window lives for the whole run, like the single page a webview has: the webview
 * modules keep page-wide singletons (the acquired VS Code API, the sanitizer bound to `window`).
 * Everything a test changes is undone after it: the document's content, the listeners added to
 * `window` and `document`, the saved state and posted messages, timers, observers and strings.
 */
export interface Page {
  readonly window: PageWindow;
  readonly host: FakeVsCodeHost;
  readonly clock: FakeClock;
  readonly intersections: Intersections;
  /** What `getState()` returns to a view mounted after this call (a restored panel). */
  restoreState(state: unknown): void;
  /** Takes IntersectionObserver away, as a page without it would be (call before mounting). */
  withoutIntersectionObserver(): void;
  /** A fresh `<div class="view">` in the body to mount a view into. */
  root(): HTMLDivElement;
  /** Replaces `target[name]` until the test ends. */
  stub<T extends object, K extends keyof T & string>(target: T, name: K, value: T[K]): void;
}

/** Names taken from the happy-dom window into the Node global scope for the whole describe block. */
const PAGE_GLOBALS = [
  'window',
  'document',
  'navigator',
  'Node',
  'Element',
  'HTMLElement',
  'HTMLButtonElement',
  'HTMLTextAreaElement',
  'HTMLAnchorElement',
  'HTMLFormElement',
  'DocumentFragment',
  'Event',
  'UIEvent',
  'MouseEvent',
  'KeyboardEvent',
  'FocusEvent',
  'InputEvent',
  'CompositionEvent',
  'MessageEvent',
  'getComputedStyle',
  'DOMParser',
  'NodeFilter',
] as const;

let happyWindow: Promise<PageWindow> | undefined;

/** The host of the running test; `acquireVsCodeApi` hands out an API that talks to it. */
let currentHost = new FakeVsCodeHost();

/** Like VS Code's: the webview acquires it once per page, so it forwards to the current test's host. */
function acquireVsCodeApi(): RawVsCodeApi {
  return {
    postMessage: (message) => currentHost.api.postMessage(message),
    getState: () => currentHost.api.getState(),
    setState: (state) => currentHost.api.setState(state),
  };
}

interface TestState {
  readonly window: PageWindow;
  readonly host: FakeVsCodeHost;
  readonly clock: FakeClock;
  readonly intersections: Intersections;
  readonly listeners: Array<{ target: EventTarget; args: Listener }>;
  readonly restore: Array<() => void>;
}

/**
 * Runs the rendering work a test left queued, on that test's clock. Left behind, the queue's one
 * scheduled task would wait on a clock that no later test advances, and every later render would
 * queue behind it.
 */
function drainRendering(clock: FakeClock): void {
  for (let task = 0; hasQueuedWork(); task++) {
    if (task >= 10_000) {
      throw new Error(`rendering work is still queued after ${task} tasks (${clock.pendingTimers} timeouts pending)`);
    }
    if (clock.pendingTimers > 0) {
      clock.next();
    } else {
      clock.frame();
    }
  }
}

/** Sets up the page for every test of the surrounding `describe`. */
export function usePage(): Page {
  let pageGlobals: Saved | undefined;
  let test: TestState | undefined;
  const current = (): TestState => {
    if (!test) {
      throw new Error('The page exists only inside a test of a describe that called usePage()');
    }
    return test;
  };

  before(async () => {
    happyWindow ??= createHappyWindow();
    const window = await happyWindow;
    const source = window as unknown as Readonly<Record<string, unknown>>;
    pageGlobals = replaceProperties(globalThis, {
      ...Object.fromEntries(PAGE_GLOBALS.map((name) => [name, source[name]])),
      acquireVsCodeApi,
    });
  });

  after(() => {
    if (pageGlobals) {
      restoreProperties(globalThis, pageGlobals);
    }
  });

  beforeEach(async () => {
    const window = await (happyWindow ?? Promise.reject(new Error('no page window')));
    const clock = new FakeClock();
    const intersections = new Intersections();
    const listeners: TestState['listeners'] = [];
    // Set on both the global scope and the window: the webview code calls both.
    const timing = {
      setTimeout: clock.setTimeout,
      clearTimeout: clock.clearTimeout,
      requestAnimationFrame: clock.requestAnimationFrame,
      cancelAnimationFrame: clock.cancelAnimationFrame,
      IntersectionObserver: intersections.constructorForPage,
    };
    const onGlobal = replaceProperties(globalThis, timing);
    const onWindow = replaceProperties(window, timing);
    const onWindowListeners = trackListeners(window, listeners);
    const onDocumentListeners = trackListeners(window.document, listeners);
    currentHost = new FakeVsCodeHost();
    useStrings(undefined);
    test = {
      window,
      host: currentHost,
      clock,
      intersections,
      listeners,
      restore: [
        () => restoreProperties(globalThis, onGlobal),
        () => restoreProperties(window, onWindow),
        () => restoreProperties(window, onWindowListeners),
        () => restoreProperties(window.document, onDocumentListeners),
      ],
    };
  });

  afterEach(() => {
    const { window, listeners, restore, clock } = current();
    drainRendering(clock);
    for (const { target, args } of listeners) {
      target.removeEventListener(args[0], args[1], args[2]);
    }
    const { document } = window;
    if (document.activeElement instanceof window.HTMLElement) {
      document.activeElement.blur();
    }
    document.body.replaceChildren();
    document.head.replaceChildren();
    for (const name of document.body.getAttributeNames()) {
      document.body.removeAttribute(name);
    }
    for (const undo of restore) {
      undo();
    }
    for (const mark of Object.values(RENDER_MARKS)) {
      performance.clearMarks(mark);
    }
    useStrings(undefined);
    currentHost = new FakeVsCodeHost();
    test = undefined;
  });

  return {
    get window() {
      return current().window;
    },
    get host() {
      return current().host;
    },
    get clock() {
      return current().clock;
    },
    get intersections() {
      return current().intersections;
    },
    restoreState(state: unknown): void {
      const { host } = current();
      host.api.setState(state);
      host.setStateCalls = 0;
    },
    withoutIntersectionObserver(): void {
      const { window, restore } = current();
      const noObserver = { IntersectionObserver: undefined };
      const onGlobal = replaceProperties(globalThis, noObserver);
      const onWindow = replaceProperties(window, noObserver);
      restore.unshift(
        () => restoreProperties(window, onWindow),
        () => restoreProperties(globalThis, onGlobal),
      );
    },
    stub<T extends object, K extends keyof T & string>(target: T, name: K, value: T[K]): void {
      const saved = replaceProperties(target, { [name]: value });
      current().restore.unshift(() => restoreProperties(target, saved));
    },
    root(): HTMLDivElement {
      const root = current().window.document.createElement('div');
      root.className = 'view';
      current().window.document.body.append(root);
      return root;
    },
  };
}

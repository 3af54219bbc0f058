/** The page's window with its constructors (`window.HTMLElement`, …). */
export type PageWindow = Window & typeof globalThis;

interface WindowOptions {
  readonly url: string;
  readonly settings: {
    readonly errorCapture: 'disabled';
    readonly navigation: {
      readonly disableMainFrameNavigation: boolean;
      readonly disableChildFrameNavigation: boolean;
      readonly disableChildPageNavigation: boolean;
    };
  };
}

/**
 * The one part of happy-dom the tests use, declared here: naming the package in an import would
 * make the compiler read its ~500 declaration files on every run.
 */
interface HappyDom {
  readonly Window: new (options: WindowOptions) => object;
}

const HAPPY_DOM = 'happy-dom';

function isHappyDom(loaded: unknown): loaded is HappyDom {
  return typeof loaded === 'object' && loaded !== null && typeof (loaded as { Window?: unknown }).Window === 'function';
}

/** A happy-dom window set up as a webview page. */
export async function createHappyWindow(): Promise<PageWindow> {
  // happy-dom is an ES module; these tests compile to CommonJS.
  const loaded: unknown = await import(HAPPY_DOM);
  if (!isHappyDom(loaded)) {
    throw new Error('happy-dom does not export Window');
  }
  const created = new loaded.Window({
    url: 'https://webview.test/index.html',
    settings: {
      // A listener that throws fails the test instead of being logged by the page.
      errorCapture: 'disabled',
      // A link the page fails to intercept must not load anything.
      navigation: { disableMainFrameNavigation: true, disableChildFrameNavigation: true, disableChildPageNavigation: true },
    },
  });
  return created as PageWindow;
}

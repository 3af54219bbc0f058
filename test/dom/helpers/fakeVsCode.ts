/** What VS Code injects as `acquireVsCodeApi()` into a webview. */
export interface RawVsCodeApi {
  readonly postMessage: (message: unknown) => void;
  readonly getState: () => unknown;
  readonly setState: (state: unknown) => void;
}

/** A posted message, read loosely: the tests check its fields. */
export type Posted = { readonly type: string } & Readonly<Record<string, unknown>>;

/**
 * The extension host as one test's webview sees it: records what the page posts and keeps the
 * state it saves. Messages and state are structured-cloned like VS Code does, so a page that
 * posts something uncloneable fails here too.
 */
export class FakeVsCodeHost {
  readonly posted: Posted[] = [];
  private saved: unknown;
  setStateCalls = 0;

  constructor(initialState?: unknown) {
    this.saved = initialState === undefined ? undefined : structuredClone(initialState);
  }

  get state(): unknown {
    return this.saved;
  }

  readonly api: RawVsCodeApi = {
    postMessage: (message) => {
      this.posted.push(structuredClone(message) as Posted);
    },
    getState: () => (this.saved === undefined ? undefined : structuredClone(this.saved)),
    setState: (state) => {
      this.setStateCalls++;
      this.saved = structuredClone(state);
    },
  };

  /** The messages of one type, in order. */
  postsOf(type: string): Posted[] {
    return this.posted.filter((message) => message.type === type);
  }

  /** Forgets what was posted so far (state stays). */
  clearPosts(): void {
    this.posted.length = 0;
  }
}

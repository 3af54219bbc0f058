import type { WebviewToHostMessage } from '../../replies/common/replyToHostSchema';

/** What VS Code injects into every webview; it may be acquired only once per page. */
interface RawVsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): RawVsCodeApi;

/**
 * The webview's typed channel to the host, plus its saved state (restored when the panel
 * returns). `Out` is the protocol of the view on this page.
 */
export interface VsCodeApi<Out extends { readonly type: string } = WebviewToHostMessage> {
  postMessage(message: Out): void;
  /** The saved state as stored; callers validate its shape before use. */
  getState(): unknown;
  setState(state: object): void;
}

let raw: RawVsCodeApi | undefined;

export function getVsCodeApi<Out extends { readonly type: string } = WebviewToHostMessage>(): VsCodeApi<Out> {
  raw ??= acquireVsCodeApi();
  const acquired = raw;
  return {
    postMessage: (message) => acquired.postMessage(message),
    getState: () => acquired.getState(),
    setState: (state) => acquired.setState(state),
  };
}

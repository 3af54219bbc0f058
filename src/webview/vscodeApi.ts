import type { WebviewToHostMessage } from '../core/webviewProtocol';

/** What VS Code injects into every webview; it may be acquired only once per page. */
interface RawVsCodeApi {
  postMessage(message: unknown): void;
  getState(): unknown;
  setState(state: unknown): void;
}

declare function acquireVsCodeApi(): RawVsCodeApi;

/** The webview's typed channel to the host, plus its saved state (restored when the panel returns). */
export interface VsCodeApi {
  postMessage(message: WebviewToHostMessage): void;
  /** The saved state as stored; callers validate its shape before use. */
  getState(): unknown;
  setState(state: object): void;
}

let api: VsCodeApi | undefined;

export function getVsCodeApi(): VsCodeApi {
  if (!api) {
    const raw = acquireVsCodeApi();
    api = {
      postMessage: (message) => raw.postMessage(message),
      getState: () => raw.getState(),
      setState: (state) => raw.setState(state),
    };
  }
  return api;
}

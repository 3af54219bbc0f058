/**
 * Entry of the webview bundle. It runs inside VS Code's webview sandbox and talks to the
 * extension host only through postMessage.
 */
interface VsCodeApi {
  postMessage(message: unknown): void;
}

declare function acquireVsCodeApi(): VsCodeApi;

const vscode = acquireVsCodeApi();
vscode.postMessage({ type: 'ready' });

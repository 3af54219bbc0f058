import type { HostToWebviewMessage } from '../core/webviewProtocol';
import type { VsCodeApi } from './vscodeApi';

/** One kind of page the webview bundle can show, chosen by `<body data-view="…">`. */
export interface WebviewView {
  handleMessage(message: HostToWebviewMessage): void;
}

export type ViewFactory = (root: HTMLElement, api: VsCodeApi) => WebviewView;

/**
 * One kind of page the webview bundle can show, chosen by `<body data-view="…">`. A mounted view
 * validates what arrives from the host against its own protocol and ignores anything else.
 */
export interface MountedView {
  receive(raw: unknown): void;
}

export type ViewFactory = (root: HTMLElement) => MountedView;

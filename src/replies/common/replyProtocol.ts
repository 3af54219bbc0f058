/**
 * The reply view's protocol: what the host sends it and what it sends back. Plain types and data,
 * so the webview imports it as it is; the host validates what the webview sends with
 * `replySchema.ts` before acting on it.
 */

/**
 * What the user can do with a code block, or with the whole reply (`block: 'all'`). `showRequest`
 * opens the request inspector on the request the reply answered, so only the whole reply offers it.
 */
export const CODE_ACTIONS = ['copy', 'insert', 'replace', 'diff', 'newFile', 'continueInChat', 'showRequest'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];

/** A reply as the reply view shows it. */
export interface ReplyViewModel {
  /** Opaque id the host uses to find the reply when an action comes back. */
  readonly replyId: string;
  /** e.g. "Explain · hello.ts". */
  readonly title: string;
  /** The cluster's label (or id). */
  readonly cluster: string;
  /** The assistant message, markdown. */
  readonly markdown: string;
  /** Which actions to offer; the webview shows only these. */
  readonly actions: readonly CodeAction[];
}

export type WebviewToHostMessage =
  | { readonly type: 'ready' }
  | { readonly type: 'codeAction'; readonly replyId: string; readonly action: CodeAction; readonly block: 'all' | number }
  | { readonly type: 'openLink'; readonly href: string };

export type HostToWebviewMessage =
  | { readonly type: 'showReply'; readonly reply: ReplyViewModel }
  | { readonly type: 'actionDone'; readonly replyId: string; readonly action: CodeAction; readonly ok: boolean };

/**
 * Longest text of one message a webview accepts from the host. The client refuses a response over
 * 16 MiB, so every reply it accepts fits: a webview never refuses, and so never drops, a reply.
 */
export const MAX_MESSAGE_LENGTH = 16 * 1024 * 1024;

/** Longest href a webview may send in an `openLink` message. */
export const MAX_LINK_LENGTH = 8192;

/**
 * True only for an absolute http(s) link of at most MAX_LINK_LENGTH characters; everything else
 * (javascript:, data:, command:, file:) is refused.
 */
export function isOpenableLink(href: string): boolean {
  if (href.length > MAX_LINK_LENGTH) {
    return false;
  }
  try {
    const url = new URL(href);
    return url.protocol === 'https:' || url.protocol === 'http:';
  } catch {
    return false;
  }
}

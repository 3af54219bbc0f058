/**
 * The reply view's protocol constants, plain data the webview imports as it is. The messages
 * themselves are declared once, as the schemas that check them: `hostToReplySchema.ts` (what the
 * view receives) and `replyToHostSchema.ts` (what the host accepts from it).
 */

/**
 * What the user can do with a code block, or with the whole reply (`block: 'all'`). `showRequest`
 * opens the request inspector on the request the reply answered, so only the whole reply offers it.
 */
export const CODE_ACTIONS = ['copy', 'insert', 'replace', 'diff', 'newFile', 'continueInChat', 'showRequest'] as const;
export type CodeAction = (typeof CODE_ACTIONS)[number];

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

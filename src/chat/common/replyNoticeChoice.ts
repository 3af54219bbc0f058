/** How long a wait must be before a reply that arrives unseen also offers, in a notification, to open it. */
export const OFFER_TO_OPEN_AFTER_MS = 10_000;

export interface ReplyNotice {
  /** Counted on the chat view's badge until the view is shown. */
  readonly badge: boolean;
  /** A notification offers to open the conversation. */
  readonly offerToOpen: boolean;
}

/**
 * What a reply that arrives tells the user. A reply the user sees arriving needs nothing more; one
 * that arrives while the chat is hidden counts on the view's badge, and after a long wait (when the
 * user has likely turned to something else) a notification offers to open it.
 */
export function replyNotice(viewVisible: boolean, waitedMs: number, offerAfterMs = OFFER_TO_OPEN_AFTER_MS): ReplyNotice {
  if (viewVisible) {
    return { badge: false, offerToOpen: false };
  }
  return { badge: true, offerToOpen: waitedMs > offerAfterMs };
}

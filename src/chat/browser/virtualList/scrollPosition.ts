/** How close to the end (in px) still counts as "at the bottom". */
export const BOTTOM_TOLERANCE = 32;

/** True when a scroll container shows its end, so new messages should keep it there. */
export function isNearBottom(scrollTop: number, scrollHeight: number, clientHeight: number, tolerance = BOTTOM_TOLERANCE): boolean {
  return scrollHeight - scrollTop - clientHeight <= tolerance;
}

/**
 * Whether the view stays pinned to its end after a scroll from `previousTop` to `top`: reaching
 * the end pins it, only moving up unpins it (content growing or settling below does not). A scroll
 * that left the view where the code put it changes nothing: a long reply opened at its start is
 * at the end until its later parts arrive, and must not be followed then.
 */
export function pinnedAfterScroll(pinned: boolean, previousTop: number, top: number, atBottom: boolean): boolean {
  if (top === previousTop) {
    return pinned;
  }
  if (atBottom) {
    return true;
  }
  return top < previousTop ? false : pinned;
}

/** How close to the end (in px) still counts as "at the bottom". */
export const BOTTOM_TOLERANCE = 32;

/** True when a scroll container shows its end, so new messages should keep it there. */
export function isNearBottom(scrollTop: number, scrollHeight: number, clientHeight: number, tolerance = BOTTOM_TOLERANCE): boolean {
  return scrollHeight - scrollTop - clientHeight <= tolerance;
}

/**
 * Whether the view stays pinned to its end after a scroll from `previousTop` to `top`: reaching
 * the end pins it, only moving up unpins it (content growing or settling below does not).
 */
export function pinnedAfterScroll(pinned: boolean, previousTop: number, top: number, atBottom: boolean): boolean {
  if (atBottom) {
    return true;
  }
  return top < previousTop ? false : pinned;
}

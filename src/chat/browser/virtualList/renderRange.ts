/** Rendered beyond the viewport, above and below (px; at least one viewport). */
export const RENDER_MARGIN = 600;
/** The most messages in the DOM, however small they are. */
export const MAX_RENDERED = 60;
/** New messages rendered per frame beyond the visible ones, so a jump does not block input. */
export const NEW_PER_FRAME = 8;
/**
 * How far beyond the margin a rendered message stays rendered (px). Without it, a message at the
 * margin's edge went in and out every frame: its height, snapped to whole pixels, depends on
 * where it lies, so rendering it moved the end the pinned view keeps, which dropped it again.
 */
export const KEEP_SLACK = 200;

/** Positions start … end - 1 of the conversation. */
export interface RenderRange {
  readonly start: number;
  readonly end: number;
}

/** What the range is computed from: the list's heights and where the user looks. */
export interface Heights {
  readonly count: number;
  readonly total: number;
  offsetOf(position: number): number;
  positionAt(offset: number): number;
}

export interface Viewport {
  /** Scroll offset from the top of the list. */
  readonly top: number;
  readonly height: number;
  /** Pinned to the end: the last messages are shown, whatever `top` says. */
  readonly pinned: boolean;
}

export const EMPTY_RANGE: RenderRange = { start: 0, end: 0 };

/**
 * The messages to keep in the DOM: those in the viewport plus `margin` px above and below it,
 * never more than `maxItems` (the ones nearest the viewport win), so the DOM stays bounded even
 * when the estimated heights are far too small.
 */
export function renderRange(heights: Heights, view: Viewport, margin: number, maxItems: number): RenderRange {
  const { count, total } = heights;
  if (count === 0) {
    return EMPTY_RANGE;
  }
  const height = Math.max(0, view.height);
  const lastTop = Math.max(0, total - height);
  const top = view.pinned ? lastTop : Math.min(Math.max(0, view.top), lastTop);
  const visibleStart = heights.positionAt(top);
  const visibleEnd = Math.max(visibleStart + 1, heights.positionAt(top + height) + 1);
  const start = heights.positionAt(top - margin);
  const end = heights.positionAt(top + height + margin) + 1;
  return clampAround({ start, end }, { start: visibleStart, end: visibleEnd }, Math.max(1, maxItems), view.pinned);
}

/** Cuts `range` to `limit` items, keeping `visible` (or its end when pinned) and sharing the rest evenly. */
function clampAround(range: RenderRange, visible: RenderRange, limit: number, pinned: boolean): RenderRange {
  if (range.end - range.start <= limit) {
    return range;
  }
  const shown = visible.end - visible.start;
  if (shown >= limit) {
    return pinned ? { start: visible.end - limit, end: visible.end } : { start: visible.start, end: visible.start + limit };
  }
  const spare = limit - shown;
  let above = Math.min(visible.start - range.start, Math.ceil(spare / 2));
  const below = Math.min(range.end - visible.end, spare - above);
  above = Math.min(visible.start - range.start, spare - below);
  return { start: visible.start - above, end: visible.end + below };
}

/**
 * One frame's step from the rendered range towards `target`: everything `visible` is rendered at
 * once, and beyond it at most `budget` new messages, nearest first, so a jump across a long
 * conversation does not block input for the whole margin. Messages already rendered cost nothing,
 * and those within `keep` (the target with some slack) stay.
 */
export function stepTowards(current: RenderRange, visible: RenderRange, target: RenderRange, budget: number, keep = target): RenderRange {
  const rendered = (position: number): boolean => position >= current.start && position < current.end;
  let start = Math.max(visible.start, target.start);
  let end = Math.min(Math.max(visible.end, start), target.end);
  let spent = 0;
  for (let grew = true; grew;) {
    grew = false;
    if (start > target.start && (rendered(start - 1) || spent < budget)) {
      spent += rendered(start - 1) ? 0 : 1;
      start--;
      grew = true;
    }
    if (end < target.end && (rendered(end) || spent < budget)) {
      spent += rendered(end) ? 0 : 1;
      end++;
      grew = true;
    }
  }
  while (start > keep.start && rendered(start - 1)) {
    start--;
  }
  while (end < keep.end && rendered(end)) {
    end++;
  }
  return { start, end };
}

/** One frame's step: the range rendered next, and whether it holds all it is headed for (no further frame needed). */
export function frameRanges(
  heights: Heights,
  view: Viewport,
  current: RenderRange,
): { readonly next: RenderRange; readonly settled: boolean } {
  const margin = Math.max(RENDER_MARGIN, view.height);
  const target = renderRange(heights, view, margin, MAX_RENDERED);
  const visible = renderRange(heights, view, 0, MAX_RENDERED);
  const keep = renderRange(heights, view, margin + KEEP_SLACK, MAX_RENDERED);
  const next = stepTowards(current, visible, target, NEW_PER_FRAME, keep);
  return { next, settled: next.start <= target.start && next.end >= target.end };
}

/** The scroll offset that shows the extent top…bottom whole with the least move (its top if it is taller than the view). */
export function revealTop(top: number, bottom: number, view: Viewport): number {
  if (top < view.top || bottom - top > view.height) {
    return top;
  }
  return bottom > view.top + view.height ? bottom - view.height : view.top;
}

export function sameRange(a: RenderRange, b: RenderRange): boolean {
  return a.start === b.start && a.end === b.end;
}

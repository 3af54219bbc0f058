/** Positions start … end - 1 of the history. */
export interface RowRange {
  readonly start: number;
  readonly end: number;
}

/** Rows rendered beyond the viewport, above and below it, so a small scroll shows rows already there. */
export const MARGIN_ROWS = 10;
/** The most rows taken as visible, however tall the viewport says it is: the DOM stays bounded. */
export const MAX_VISIBLE_ROWS = 100;

/** Where the user looks in the list: its scroll offset and height, in px. */
export interface RowViewport {
  readonly top: number;
  readonly height: number;
}

/**
 * The rows to keep in the DOM: those the viewport shows, plus `MARGIN_ROWS` on each side. Every
 * row is `rowHeight` px tall, so this is arithmetic on the scroll offset, whatever the count.
 */
export function rowWindow(count: number, view: RowViewport, rowHeight: number): RowRange {
  if (count <= 0) {
    return { start: 0, end: 0 };
  }
  const first = Math.min(count - 1, Math.max(0, Math.floor(view.top / rowHeight)));
  const shown = Math.min(MAX_VISIBLE_ROWS, Math.max(1, Math.ceil(Math.max(0, view.height) / rowHeight) + 1));
  return { start: Math.max(0, first - MARGIN_ROWS), end: Math.min(count, first + shown + MARGIN_ROWS) };
}

/** The scroll offset that shows row `position` whole with the least move. */
export function revealRow(position: number, view: RowViewport, rowHeight: number): number {
  const top = position * rowHeight;
  if (top < view.top || view.height < rowHeight) {
    return top;
  }
  return top + rowHeight > view.top + view.height ? top + rowHeight - view.height : view.top;
}

/** How many rows a Page Up or Page Down moves: a viewport's worth, less one row kept for context. */
export function pageRows(view: RowViewport, rowHeight: number): number {
  return Math.max(1, Math.floor(view.height / rowHeight) - 1);
}

export function sameRows(a: RowRange, b: RowRange): boolean {
  return a.start === b.start && a.end === b.end;
}

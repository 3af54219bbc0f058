import { ComputedSheet, pixels } from '../../../base/browser/computedSheet';

/** Every row of the history list is this tall (px): the list windows its rows by this number alone. */
export const ROW_HEIGHT = 26;
/** The most rows shown before the list scrolls. */
const MOST_ROWS = 10;

/**
 * The history list's row height and the heights of its two spacers, in one computed stylesheet.
 * The row height is declared here and nowhere else, so the CSS and the windowing arithmetic cannot
 * disagree.
 */
export class HistorySheet {
  private readonly sheet = new ComputedSheet();

  constructor() {
    this.set(0, 0);
  }

  /** False without constructable stylesheets: rows then keep their natural height, so the list cannot be windowed. */
  get available(): boolean {
    return this.sheet.available;
  }

  /** The spacers' heights (px): the rows above the rendered ones, and those below. */
  set(before: number, after: number): void {
    this.sheet.replace(
      `.history-list>.history-item{box-sizing:border-box;height:${ROW_HEIGHT}px}` +
        // Whole rows only, never one cut in half: up to a third of the view's height, rounded down to rows.
        `.history-scroll{max-height:min(${ROW_HEIGHT * MOST_ROWS}px,round(down,33vh,${ROW_HEIGHT}px))}` +
        `.history-spacer-before{height:${pixels(before)}px}.history-spacer-after{height:${pixels(after)}px}`,
    );
  }
}

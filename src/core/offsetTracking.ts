/** A text change as an offset into the text before it, how much it removed and what it inserted. */
export interface OffsetChange {
  readonly rangeOffset: number;
  readonly rangeLength: number;
  readonly textLength: number;
}

/** A span of a document, followed through later edits. */
export interface TrackedSpan {
  readonly start: number;
  readonly end: number;
  /** False once an edit touched the span itself: its text is no longer what was sent. */
  readonly intact: boolean;
}

/**
 * Moves a span through one batch of changes, all described against the text before the batch
 * (as VS Code reports them). Edits before the span shift it; edits after leave it; an edit that
 * overlaps it, or inserts strictly inside it, marks it no longer intact.
 */
export function applyChanges(span: TrackedSpan, changes: readonly OffsetChange[]): TrackedSpan {
  let shift = 0;
  let intact = span.intact;
  for (const change of changes) {
    const changeStart = change.rangeOffset;
    const changeEnd = change.rangeOffset + change.rangeLength;
    const delta = change.textLength - change.rangeLength;
    if (changeEnd <= span.start) {
      shift += delta;
    } else if (changeStart >= span.end) {
      // after the span: no effect
    } else {
      intact = false;
    }
  }
  return { start: span.start + shift, end: span.end + shift, intact };
}

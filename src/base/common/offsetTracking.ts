/**
 * A text change as VS Code reports it: an offset into the text before the batch, the length it
 * removed, the length it inserted. Spans and proposals follow edits by these alone.
 */
export interface OffsetChange {
  readonly rangeOffset: number;
  readonly rangeLength: number;
  readonly textLength: number;
}

/** A span of a document, followed through later edits. */
export interface TrackedSpan {
  readonly start: number;
  readonly end: number;
  /** False once an edit touched the span itself (its text may since have been restored, e.g. by undo). */
  readonly intact: boolean;
}

/**
 * Moves a span through one batch of changes, all described against the text before the batch
 * (as VS Code reports them). Edits before the span shift it; edits after leave it; an edit inside
 * or across it stretches the span over the edited text and marks it touched, so a caller can still
 * compare its text with the original (an undo restores it exactly).
 */
export function applyChanges(span: TrackedSpan, changes: readonly OffsetChange[]): TrackedSpan {
  let startShift = 0;
  let endShift = 0;
  let intact = span.intact;
  let newStart: number | undefined;
  for (const change of changes) {
    const changeStart = change.rangeOffset;
    const changeEnd = change.rangeOffset + change.rangeLength;
    const delta = change.textLength - change.rangeLength;
    if (changeEnd <= span.start) {
      startShift += delta;
      endShift += delta;
    } else if (changeStart >= span.end) {
      // after the span: no effect
    } else {
      intact = false;
      if (changeStart < span.start) {
        newStart = changeStart;
      }
      endShift += changeEnd > span.end ? changeStart + change.textLength - span.end : delta;
    }
  }
  const start = (newStart ?? span.start) + startShift;
  return { start, end: Math.max(start, span.end + endShift), intact };
}

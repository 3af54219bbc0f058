/** One undo step of a proposal's own: the text and the pending hunks before and after it. */
interface SettleStep<T> {
  readonly before: string;
  after: string;
  readonly pendingBefore: readonly T[];
  pendingAfter: readonly T[];
}

/**
 * The proposal's accepts and rejects that VS Code keeps as undo steps of their own (those made
 * after the user edited the file, so they could not join the insertion's step). An Undo that gives
 * back the text from before such a step brings back the hunks pending then, and a Redo the ones
 * after it, so undoing an accept shows the proposal again rather than leaving its old and new
 * lines behind as plain text.
 */
export class SettleHistory<T> {
  private readonly done: SettleStep<T>[] = [];
  private readonly undone: SettleStep<T>[] = [];

  /**
   * Records an own edit that took the text from `before` to `after`: a new step, or, when it
   * `joined` the undo step of the one before, part of that step (joining the insertion's step,
   * with no step recorded yet, is nothing to record: undoing it takes the whole proposal out).
   */
  record(step: SettleStep<T>, joined: boolean): void {
    this.undone.length = 0;
    const last = this.done.at(-1);
    if (!joined) {
      this.done.push({ ...step });
    } else if (last) {
      last.after = step.after;
      last.pendingAfter = step.pendingAfter;
    }
  }

  /** After an Undo or Redo that left `text`: the hunks pending then, if it undid or redid a step. */
  follow(kind: 'undo' | 'redo' | undefined, text: () => string): readonly T[] | undefined {
    return kind === 'undo' ? this.undo(text()) : kind === 'redo' ? this.redo(text()) : undefined;
  }

  /** The hunks pending before the last step, when an Undo took the text back to before it. */
  undo(text: string): readonly T[] | undefined {
    return this.move(this.done, this.undone, text, 'before');
  }

  /** The hunks pending after the step last undone, when a Redo made it again. */
  redo(text: string): readonly T[] | undefined {
    return this.move(this.undone, this.done, text, 'after');
  }

  /** Whether an Undo could still bring hunks back, so a settled proposal keeps watching. */
  get canUndo(): boolean {
    return this.done.length > 0;
  }

  private move(from: SettleStep<T>[], to: SettleStep<T>[], text: string, side: 'before' | 'after'): readonly T[] | undefined {
    const step = from.at(-1);
    if (!step || step[side] !== text) {
      return undefined;
    }
    from.pop();
    to.push(step);
    return side === 'before' ? step.pendingBefore : step.pendingAfter;
  }
}

/** One own edit of a proposal: the text and the pending hunks before and after it. */
interface SettleStep<T> {
  readonly before: string;
  readonly after: string;
  readonly pendingBefore: readonly T[];
  readonly pendingAfter: readonly T[];
}

/** A step, and whether it was made to join the undo step of the one before. */
interface RecordedStep<T> extends SettleStep<T> {
  readonly joining: boolean;
}

/**
 * The proposal's accepts and rejects as undo steps. An Undo that gives back the text from before
 * one brings back the hunks pending then, and a Redo the ones after it, so undoing an accept shows
 * the proposal again rather than leaving its old and new lines behind as plain text.
 *
 * An edit made to join the step before may still be a step of its own: VS Code closes an undo step
 * when the user moves the cursor, which cannot be seen from here. So every edit is recorded, and an
 * Undo is matched by its text: against the last step, or, back through the steps made to join,
 * against the one the joined group began with. An Undo back to the text before the first step (the
 * insertion's step joined) matches none: it took the proposal out.
 */
export class SettleHistory<T> {
  private readonly done: RecordedStep<T>[] = [];
  /** The groups undone, each as VS Code undid it, the last undone last. */
  private readonly undone: RecordedStep<T>[][] = [];

  /** Records an own edit that took the text from `before` to `after`, made to join the step before or not. */
  record(step: SettleStep<T>, joining: boolean): void {
    this.undone.length = 0;
    this.done.push({ ...step, joining });
  }

  /** After an Undo or Redo that left `text`: the hunks pending then, if it undid or redid steps. */
  follow(kind: 'undo' | 'redo' | undefined, text: () => string): readonly T[] | undefined {
    return kind === 'undo' ? this.undo(text()) : kind === 'redo' ? this.redo(text()) : undefined;
  }

  /** The hunks pending before the steps an Undo took back, when it took the text back to before them. */
  undo(text: string): readonly T[] | undefined {
    for (let index = this.done.length - 1; index >= 0; index--) {
      const step = this.done[index];
      if (step?.before === text) {
        this.undone.push(this.done.splice(index));
        return step.pendingBefore;
      }
      if (!step?.joining) {
        return undefined;
      }
    }
    return undefined;
  }

  /** The hunks pending after the group last undone, when a Redo made it again. */
  redo(text: string): readonly T[] | undefined {
    const group = this.undone.at(-1);
    const last = group?.at(-1);
    if (!group || last?.after !== text) {
      return undefined;
    }
    this.undone.pop();
    this.done.push(...group);
    return last.pendingAfter;
  }

  /** Whether an Undo could still bring hunks back, so a settled proposal keeps watching. */
  get canUndo(): boolean {
    return this.done.length > 0;
  }
}

/**
 * Edit mode of the chat input: which user message is being edited, and the draft that was in the
 * box before, to put back when editing ends.
 */
export class EditSession {
  private current: { readonly index: number; readonly savedDraft: string } | undefined;

  /** The index of the message being edited, if any. */
  get index(): number | undefined {
    return this.current?.index;
  }

  get active(): boolean {
    return this.current !== undefined;
  }

  /** Starts editing message `index`; when already editing, the first saved draft is kept. */
  begin(index: number, draft: string): void {
    this.current = { index, savedDraft: this.current?.savedDraft ?? draft };
  }

  /** Ends editing and returns the draft to restore (undefined when not editing). */
  end(): string | undefined {
    const saved = this.current?.savedDraft;
    this.current = undefined;
    return saved;
  }
}

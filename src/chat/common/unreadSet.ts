/**
 * The conversations with a reply the user has not opened yet: a reply that arrived while another
 * conversation was shown. Kept as a plain list so it can be saved as it is.
 */
export class UnreadConversations {
  private readonly ids: Set<string>;

  constructor(saved: readonly string[] = []) {
    this.ids = new Set(saved);
  }

  has(id: string): boolean {
    return this.ids.has(id);
  }

  /** Whether that changed anything (nothing to save otherwise). */
  mark(id: string): boolean {
    const changed = !this.ids.has(id);
    this.ids.add(id);
    return changed;
  }

  /** Whether that changed anything. */
  clear(id: string): boolean {
    return this.ids.delete(id);
  }

  toJSON(): string[] {
    return [...this.ids];
  }
}

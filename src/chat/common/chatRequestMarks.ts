const KEEP = 50;

/**
 * Which request inspector record each chat reply of this window answered, so *Show Request* on a
 * reply opens it. In memory, like the records: a reply from an earlier session has none.
 */
export class ChatRequestMarks {
  private readonly marks = new Map<string, number>();

  /** `at` is the reply's time, unique within its conversation (its turns run one at a time). */
  mark(conversationId: string, at: string, inspection: number | undefined): void {
    if (inspection === undefined) {
      return;
    }
    this.marks.set(key(conversationId, at), inspection);
    for (const old of [...this.marks.keys()].slice(0, Math.max(0, this.marks.size - KEEP))) {
      this.marks.delete(old);
    }
  }

  get(conversationId: string, at: string): number | undefined {
    return this.marks.get(key(conversationId, at));
  }
}

function key(conversationId: string, at: string): string {
  return `${conversationId}\n${at}`;
}

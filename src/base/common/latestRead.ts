/**
 * Numbers the reads of each key, so that when reads of one file overlap (a watcher reports a file
 * made and then changed, and each event reads it), only the read started last is kept: an earlier
 * one that ends later would otherwise put the older text back.
 */
export class LatestRead {
  private readonly started = new Map<string, number>();

  /** Starts a read of `key`; the function returned tells whether it is still the latest one. */
  begin(key: string): () => boolean {
    const number = (this.started.get(key) ?? 0) + 1;
    this.started.set(key, number);
    return () => this.started.get(key) === number;
  }
}

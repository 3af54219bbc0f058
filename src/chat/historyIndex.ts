import type * as vscode from 'vscode';
import type { IndexEntry } from '../core/chat/conversationIndex';
import type { ConversationLogFiles } from '../core/chat/conversationLogFiles';

const INDEX_SAVE_DELAY_MS = 500;

/**
 * The history of every saved conversation (title, time, size) in memory, written to the folder's
 * index shortly after it changes, so the next start lists the history without reading a log.
 */
export class HistoryIndex implements vscode.Disposable {
  private readonly entries = new Map<string, IndexEntry>();
  private timer: NodeJS.Timeout | undefined;

  constructor(
    private readonly files: ConversationLogFiles,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  get(id: string): IndexEntry | undefined {
    return this.entries.get(id);
  }

  values(): IndexEntry[] {
    return [...this.entries.values()];
  }

  /** The entries read at start; `stale` when the index on disk needs writing again. */
  load(entries: readonly IndexEntry[], stale: boolean): void {
    for (const entry of entries) {
      this.entries.set(entry.id, entry);
    }
    if (stale) {
      this.scheduleWrite();
    }
  }

  set(entry: IndexEntry): void {
    this.entries.set(entry.id, entry);
    this.scheduleWrite();
  }

  /** Resolves whether there were any entries to set. */
  setAll(entries: readonly IndexEntry[]): boolean {
    entries.forEach((entry) => this.entries.set(entry.id, entry));
    if (entries.length > 0) {
      this.scheduleWrite();
    }
    return entries.length > 0;
  }

  /** Resolves whether there was an entry to delete. */
  delete(id: string): boolean {
    const existed = this.entries.delete(id);
    this.scheduleWrite();
    return existed;
  }

  dispose(): void {
    clearTimeout(this.timer);
  }

  private scheduleWrite(): void {
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      const saved = this.values().filter((entry) => entry.size > 0);
      this.files.writeIndex(saved).catch((error: unknown) => this.log.warn(`The history index could not be written: ${String(error)}`));
    }, INDEX_SAVE_DELAY_MS);
  }
}

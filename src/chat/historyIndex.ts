import type * as vscode from 'vscode';
import { type IndexEntry, newestFirst } from '../core/chat/conversationIndex';
import type { ConversationLogFiles } from '../core/chat/conversationLogFiles';
import { loadHistoryIndex } from './conversationFolder';

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
    /** The conversations open in this window, as they are now (ahead of the index while being written). */
    private readonly opened: () => Iterable<IndexEntry>,
  ) {}

  /** Every conversation: the saved ones as indexed, the open ones as they are now. */
  all(): IndexEntry[] {
    const listed = new Map(this.entries);
    for (const entry of this.opened()) {
      listed.set(entry.id, entry);
    }
    return [...listed.values()];
  }

  /** The most recently changed conversation's id. */
  newest(): string | undefined {
    return this.all().sort(newestFirst)[0]?.id;
  }

  get(id: string): IndexEntry | undefined {
    return this.entries.get(id);
  }

  values(): IndexEntry[] {
    return [...this.entries.values()];
  }

  /** Reads the history from the folder's index (and the logs it does not know); resolves with what it read. */
  async load(): Promise<IndexEntry[]> {
    const loaded = await loadHistoryIndex(this.files).catch((error: unknown) => {
      this.log.error(`The conversation history could not be read: ${String(error)}`);
      return { entries: [], indexChanged: false };
    });
    for (const entry of loaded.entries) {
      this.entries.set(entry.id, entry);
    }
    if (loaded.indexChanged) {
      this.scheduleWrite();
    }
    return loaded.entries;
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

import type * as vscode from 'vscode';
import { appendIndexChanges, type IndexChange, type IndexEntry, newestEntries, newestFirst, readRecent } from '../node/conversationIndex';
import type { ConversationLogFiles } from '../node/conversationLogFiles';
import { checkIndexLater, loadHistoryIndex, migrateConversationFolder } from './conversationFolder';

const INDEX_SAVE_DELAY_MS = 500;
/**
 * The whole index is read once the window is this long idle (after the chat opened from the recent
 * entries, or after a conversation last changed), unless it is needed sooner: a turn never shares
 * its time with reading the whole history.
 */
const IDLE_BEFORE_WHOLE_LOAD_MS = 3000;

/**
 * The history of every saved conversation (title, time, size) in memory. Shortly after entries
 * change, the changed ones are appended to the folder's index journal (a write the size of the
 * change, however long the history), so the next start lists the history without reading a log.
 * Until the whole index is loaded it may hold only the newest entries (the recent file), and is
 * never written: that would drop the others from the index.
 */
export class HistoryIndex implements vscode.Disposable {
  private readonly entries = new Map<string, IndexEntry>();
  private timer: NodeJS.Timeout | undefined;
  private check: vscode.Disposable | undefined;
  private whole: Promise<void> | undefined;
  private wholeTimer: NodeJS.Timeout | undefined;
  private loadWhenIdle = false;
  private complete = false;
  /** Entries set or deleted before the whole index was loaded: newer than the index's, and written once it is. */
  private readonly changedEarly = new Set<string>();
  /** Entries changed since the last write; undefined when the index is to be written whole. */
  private changed: Set<string> | undefined = new Set();

  constructor(
    private readonly files: ConversationLogFiles,
    private readonly log: vscode.LogOutputChannel,
    /** The conversations open in this window, as they are now (ahead of the index while being written). */
    private readonly opened: () => Iterable<IndexEntry>,
    /** Told when the whole history is there, and when stale entries were rebuilt from their logs. */
    private readonly refreshed: () => void,
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

  /** Reads the newest entries (the recent file); false when there is none (the folder never had an index). */
  async loadRecent(): Promise<boolean> {
    const recent = await readRecent(this.files.folder);
    for (const entry of recent ?? []) {
      if (!this.entries.has(entry.id)) {
        this.entries.set(entry.id, entry);
      }
    }
    return recent !== undefined;
  }

  /** Loads the whole index once the window is idle (unless it is loaded before). */
  loadWholeWhenIdle(): void {
    this.loadWhenIdle = true;
    this.waitForIdle();
  }

  private waitForIdle(): void {
    if (!this.loadWhenIdle || this.whole) {
      return;
    }
    clearTimeout(this.wholeTimer);
    this.wholeTimer = setTimeout(() => void this.loadWhole(), IDLE_BEFORE_WHOLE_LOAD_MS);
  }

  /** Once: migrates the folder, reads the whole index, and checks it against the logs a while later. */
  loadWhole(): Promise<void> {
    this.whole ??= (async () => {
      await migrateConversationFolder(this.files, this.log);
      this.check = checkIndexLater(this.files, this.log, await this.load(), (rebuilt) => {
        const open = new Set([...this.opened()].map((entry) => entry.id));
        if (this.setAll(rebuilt.filter((entry) => !open.has(entry.id)))) {
          this.refreshed();
        }
      });
      this.refreshed();
    })();
    return this.whole;
  }

  /** Reads the history from the folder's index (and the logs it does not know); resolves with what it read. */
  private async load(): Promise<IndexEntry[]> {
    const loaded = await loadHistoryIndex(this.files).catch((error: unknown) => {
      this.log.error(`The conversation history could not be read: ${String(error)}`);
      return { entries: [], indexChanged: false };
    });
    // The recent entries give way to the index's; what changed since loading began is newer than both.
    const early = new Map([...this.changedEarly].map((id) => [id, this.entries.get(id)]));
    this.entries.clear();
    for (const entry of loaded.entries) {
      this.entries.set(entry.id, entry);
    }
    for (const [id, entry] of early) {
      if (entry) {
        this.entries.set(id, entry);
      } else {
        this.entries.delete(id);
      }
    }
    this.complete = true;
    if (loaded.indexChanged || this.changedEarly.size > 0) {
      this.scheduleWrite();
    }
    return loaded.entries;
  }

  set(entry: IndexEntry): void {
    if (sameEntry(this.entries.get(entry.id), entry)) {
      return;
    }
    this.entries.set(entry.id, entry);
    this.scheduleWrite(entry.id);
  }

  /** Resolves whether there were any entries to set. */
  setAll(entries: readonly IndexEntry[]): boolean {
    entries.forEach((entry) => this.set(entry));
    return entries.length > 0;
  }

  /** Resolves whether there was an entry to delete. */
  delete(id: string): boolean {
    const existed = this.entries.delete(id);
    this.scheduleWrite(id);
    return existed;
  }

  dispose(): void {
    clearTimeout(this.timer);
    clearTimeout(this.wholeTimer);
    this.check?.dispose();
  }

  private scheduleWrite(changed?: string): void {
    if (!this.complete) {
      if (changed !== undefined) {
        this.changedEarly.add(changed);
      }
      this.waitForIdle();
      return;
    }
    if (changed === undefined) {
      this.changed = undefined;
    } else {
      this.changed?.add(changed);
    }
    clearTimeout(this.timer);
    this.timer = setTimeout(() => {
      this.write().catch((error: unknown) => this.log.warn(`The history index could not be written: ${String(error)}`));
    }, INDEX_SAVE_DELAY_MS);
  }

  private async write(): Promise<void> {
    const changed = this.changed;
    this.changed = new Set();
    const saved = this.values().filter((entry) => entry.size > 0);
    if (!changed) {
      await this.files.writeIndex(saved);
      return;
    }
    const changes = [...changed].map((id): IndexChange => {
      const entry = this.entries.get(id);
      return entry && entry.size > 0 ? { set: entry } : { delete: id };
    });
    await appendIndexChanges(this.files.folder, changes, newestEntries(saved));
  }
}

function sameEntry(a: IndexEntry | undefined, b: IndexEntry): boolean {
  return a !== undefined && a.title === b.title && a.updatedAt === b.updatedAt && a.messageCount === b.messageCount && a.size === b.size;
}

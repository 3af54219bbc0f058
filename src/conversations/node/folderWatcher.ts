import * as fs from 'node:fs';

/**
 * Reports which conversations changed on disk, whoever changed them (another window, this one),
 * each at most once per `delayMs`: a burst of writes to one log becomes one report.
 */
export class FolderWatcher {
  private readonly watcher: fs.FSWatcher;
  private readonly pending = new Map<string, NodeJS.Timeout>();

  constructor(folder: string, idOf: (fileName: string) => string | undefined, onChange: (id: string) => void, delayMs = 50) {
    this.watcher = fs.watch(folder, { persistent: false }, (_event, fileName) => {
      const id = fileName === null ? undefined : idOf(fileName.toString());
      if (id === undefined || this.pending.has(id)) {
        return;
      }
      this.pending.set(
        id,
        setTimeout(() => {
          this.pending.delete(id);
          onChange(id);
        }, delayMs),
      );
    });
    // A folder removed under us ends the watch; the next start begins a new one.
    this.watcher.on('error', () => this.dispose());
  }

  dispose(): void {
    this.watcher.close();
    for (const timer of this.pending.values()) {
      clearTimeout(timer);
    }
    this.pending.clear();
  }
}

import { watch } from 'node:fs';

/**
 * Calls `heard` with the name of each entry of the folder at `folderPath` made, changed or removed,
 * not of those in its sub-folders. The watch is the system's own (inotify on Linux) and listens from
 * the moment this returns, where VS Code's watchers start a moment later and, inside a workspace,
 * share the recursive watch's blind spots. Stops by itself when the folder goes away.
 */
export function watchFolder(folderPath: string, heard: (name: string) => void): { dispose(): void } {
  const watcher = watch(folderPath, (_event, name) => {
    if (name !== null) {
      heard(name);
    }
  });
  // The folder removed, or the system out of watches: whoever made the watch finds out on the next read.
  watcher.on('error', () => watcher.close());
  return { dispose: () => watcher.close() };
}

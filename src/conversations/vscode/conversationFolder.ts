import * as fs from 'node:fs/promises';
import * as vscode from 'vscode';
import { JOURNAL_COMPACT_LINES, type IndexEntry, indexEntry, logSizes, readIndexAndJournal } from '../node/conversationIndex';
import { conversationIdOf, type ConversationLogFiles } from '../node/conversationLogFiles';
import { FolderWatcher } from '../node/folderWatcher';
import { migrateOldConversations } from '../node/conversationMigration';

const STALE_CHECK_DELAY_MS = 2000;

/** Moves conversations of the earlier format into logs, reporting any that could not be read. */
export async function migrateConversationFolder(files: ConversationLogFiles, log: vscode.LogOutputChannel): Promise<void> {
  try {
    const { migrated, setAside } = await migrateOldConversations(files);
    if (migrated.length > 0) {
      log.info(`Moved ${migrated.length} saved conversation(s) to the log format.`);
    }
    for (const entry of setAside) {
      log.warn(`A saved conversation could not be read (${entry.reason}); it was moved to ${entry.movedTo}.`);
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Cluster Chat: a saved conversation could not be read ({0}) and was set aside as {1}.', entry.reason, entry.movedTo),
      );
    }
  } catch (error) {
    log.error(`Saved conversations could not be moved to the log format: ${String(error)}`);
  }
}

/**
 * The history from the index, reading only logs the index does not know; `indexChanged` when it
 * is to be written whole again (it missed logs, or its journal grew long). No other log is read or
 * even looked at here: `staleEntries` checks the index against the logs afterwards.
 */
export async function loadHistoryIndex(files: ConversationLogFiles): Promise<{ entries: IndexEntry[]; indexChanged: boolean }> {
  const [ids, { entries: index, journalLines }] = await Promise.all([files.ids(), readIndexAndJournal(files.folder)]);
  const entries: IndexEntry[] = [];
  for (const id of ids) {
    const known = index.get(id) ?? (await readEntry(files, id));
    if (known) {
      entries.push(known);
    }
  }
  const journalLong = journalLines > JOURNAL_COMPACT_LINES;
  return { entries, indexChanged: journalLong || entries.length !== index.size || ids.some((id) => !index.has(id)) };
}

/** Logs looked at per turn of the event loop, so a long history never holds up a turn of the chat. */
const STAT_BATCH = 100;

/**
 * The entries whose log changed size since the index was written (another window wrote the log
 * and not the index, or a crash came between the two), rebuilt from their logs.
 */
async function staleEntries(files: ConversationLogFiles, entries: readonly IndexEntry[]): Promise<IndexEntry[]> {
  const rebuilt: IndexEntry[] = [];
  for (let start = 0; start < entries.length; start += STAT_BATCH) {
    const batch = entries.slice(start, start + STAT_BATCH);
    const sizes = await logSizes(new Map(batch.map((entry) => [entry.id, files.logOf(entry.id)])));
    for (const entry of batch) {
      const size = sizes.get(entry.id);
      const fresh = size !== undefined && size !== entry.size ? await readEntry(files, entry.id) : undefined;
      if (fresh) {
        rebuilt.push(fresh);
      }
    }
    await new Promise((resolve) => setImmediate(resolve));
  }
  return rebuilt;
}

async function readEntry(files: ConversationLogFiles, id: string): Promise<IndexEntry | undefined> {
  const read = await files.read(id).catch(() => undefined);
  return read ? indexEntry(read.replay.conversation, read.size) : undefined;
}

/**
 * Hears of every change to a conversation's files, from any window (the folder is made first, as
 * only an existing folder can be watched). Without a watcher other windows' changes show after a reload.
 */
export async function watchConversationFolder(
  files: ConversationLogFiles,
  log: vscode.LogOutputChannel,
  changed: (id: string) => Promise<unknown>,
): Promise<vscode.Disposable> {
  try {
    await fs.mkdir(files.folder, { recursive: true });
    const watcher = new FolderWatcher(files.folder, conversationIdOf, (id) => {
      changed(id).catch((error: unknown) => log.warn(`Reading a conversation failed: ${String(error)}`));
    });
    return { dispose: () => watcher.dispose() };
  } catch (error) {
    log.warn(`Changes from other windows will show after a reload: the conversation folder cannot be watched (${String(error)}).`);
    return { dispose: () => undefined };
  }
}

/**
 * Checks the index a window started with against the logs, a while later: it looks at every log's
 * size, so it waits until the chat has shown itself.
 */
export function checkIndexLater(
  files: ConversationLogFiles,
  log: vscode.LogOutputChannel,
  started: readonly IndexEntry[],
  rebuilt: (entries: IndexEntry[]) => unknown,
): vscode.Disposable {
  const check = setTimeout(() => {
    staleEntries(files, started).then(rebuilt, (error: unknown) => log.warn(`The history index could not be checked: ${String(error)}`));
  }, STALE_CHECK_DELAY_MS);
  return { dispose: () => clearTimeout(check) };
}

/** A conversation or draft that could not be written: logged, and shown, never silent. */
export function reportSaveFailure(log: vscode.LogOutputChannel, error: unknown): void {
  const message = error instanceof Error ? error.message : String(error);
  log.error(`Saving the conversation failed: ${message}`);
  void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the conversation could not be saved: {0}', message));
}

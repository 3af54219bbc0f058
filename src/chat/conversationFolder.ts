import * as vscode from 'vscode';
import { type IndexEntry, indexEntry, logSizes, readIndex } from '../core/chat/conversationIndex';
import { conversationIdOf, type ConversationLogFiles } from '../core/chat/conversationLogFiles';
import { FolderWatcher } from '../core/chat/folderWatcher';
import { migrateOldConversations } from '../core/chat/conversationMigration';

/**
 * Opens the conversation folder: moves conversations of the earlier format into logs, then takes
 * the history from the index, rebuilding only the entries whose log changed size since (another
 * window or a crash left them stale). No conversation's messages are read here.
 */
export async function loadConversationFolder(
  files: ConversationLogFiles,
  log: vscode.LogOutputChannel,
): Promise<{ entries: IndexEntry[]; indexChanged: boolean }> {
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
  const ids = await files.ids();
  const [index, sizes] = await Promise.all([readIndex(files.folder), logSizes(new Map(ids.map((id) => [id, files.logOf(id)])))]);
  const entries: IndexEntry[] = [];
  let indexChanged = index.size !== sizes.size;
  for (const [id, size] of sizes) {
    const cached = index.get(id);
    if (cached && cached.size === size) {
      entries.push(cached);
      continue;
    }
    indexChanged = true;
    const read = await files.read(id).catch(() => undefined);
    if (read) {
      entries.push(indexEntry(read.replay.conversation, read.size));
    }
  }
  return { entries, indexChanged };
}

/** Hears of every change to a conversation's files, from any window; none when the folder cannot be watched. */
export function watchConversationFolder(
  files: ConversationLogFiles,
  log: vscode.LogOutputChannel,
  onChange: (id: string) => void,
): vscode.Disposable | undefined {
  try {
    return new FolderWatcher(files.folder, conversationIdOf, onChange);
  } catch (error) {
    log.warn(`Changes from other windows will show after a reload: the conversation folder cannot be watched (${String(error)}).`);
    return undefined;
  }
}

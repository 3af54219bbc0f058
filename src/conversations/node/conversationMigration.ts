import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { parseStoredConversation } from '../common/conversation';
import { newMessageId } from './conversationIds';
import { changesBetween } from '../common/conversationChanges';
import { INDEX_FILE } from './conversationIndex';
import { replayLog } from '../common/conversationLog';
import { checkedId, type ConversationLogFiles } from './conversationLogFiles';

/** An old conversation file that could not be read, and where it was moved. */
export interface SetAsideFile {
  readonly file: string;
  readonly movedTo: string;
  readonly reason: string;
}

/**
 * Moves conversations saved in the earlier format (one JSON file each, `<id>.json`) into logs.
 * An old file is removed only once its log is published and reads back with every message; a
 * file that cannot be read is set aside, never deleted. Safe to run in two windows at once.
 */
export async function migrateOldConversations(files: ConversationLogFiles): Promise<{ migrated: string[]; setAside: SetAsideFile[] }> {
  const migrated: string[] = [];
  const setAside: SetAsideFile[] = [];
  await fs.mkdir(files.folder, { recursive: true });
  const oldFiles = (await fs.readdir(files.folder)).filter((name) => /^[A-Za-z0-9_-]{1,100}\.json$/.test(name) && name !== INDEX_FILE);
  for (const name of oldFiles) {
    const file = path.join(files.folder, name);
    const raw = await fs.readFile(file, 'utf8').catch(() => undefined);
    if (raw === undefined) {
      continue; // another window migrated it a moment ago
    }
    const parsed = parseStoredConversation(raw);
    if (!parsed.ok || `${parsed.conversation.id}.json` !== name) {
      const movedTo = `${file}.unreadable-${Date.now()}`;
      await fs.rename(file, movedTo).catch(() => undefined);
      setAside.push({ file, movedTo, reason: parsed.ok ? 'its name does not match its id' : parsed.reason });
      continue;
    }
    const old = parsed.conversation;
    const { records } = changesBetween(undefined, old, newMessageId, old.updatedAt);
    // The title record keeps both the title and the time of the last change, which a draft or a
    // rename may have set later than the last message.
    records.push({ t: 'title', title: old.title, at: old.updatedAt });
    await files.create(checkedId(old.id), records);
    const check = replayLog(old.id, await fs.readFile(files.logOf(old.id), 'utf8'));
    if (check.conversation.messages.length < old.messages.length) {
      continue; // keep the old file; the next start tries again
    }
    if (old.draft.length > 0 && (await files.readDraft(old.id)).length === 0) {
      await files.writeDraft(old.id, old.draft);
    }
    await fs.rm(file, { force: true });
    migrated.push(old.id);
  }
  return { migrated, setAside };
}

import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import * as z from 'zod/mini';
import { StoredConversationSchema } from '../common/conversation';
import { newMessageId } from './conversationIds';
import { recordsOfWhole } from '../common/conversationOperations';
import { INDEX_FILE } from './conversationIndex';
import { replayLog } from '../common/conversationLog';
import { checkedId, type ConversationLogFiles } from './conversationLogFiles';

/** A conversation file of the earlier format: the conversation, with a version and its draft. */
const OneFileConversationSchema = z.extend(StoredConversationSchema, { version: z.literal(1), draft: z.string() });
type OneFileConversation = z.infer<typeof OneFileConversationSchema>;

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
    const parsed = parseOneFileConversation(raw);
    if (!parsed.ok || `${parsed.conversation.id}.json` !== name) {
      const movedTo = `${file}.unreadable-${Date.now()}`;
      await fs.rename(file, movedTo).catch(() => undefined);
      setAside.push({ file, movedTo, reason: parsed.ok ? 'its name does not match its id' : parsed.reason });
      continue;
    }
    const old = parsed.conversation;
    await files.create(checkedId(old.id), recordsOfWhole(old, newMessageId));
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

/** A conversation of the earlier format, or a description of why the data is not one. */
export function parseOneFileConversation(raw: string): { ok: true; conversation: OneFileConversation } | { ok: false; reason: string } {
  let json: unknown;
  try {
    json = JSON.parse(raw) as unknown;
  } catch {
    return { ok: false, reason: 'not valid JSON' };
  }
  const parsed = OneFileConversationSchema.safeParse(json);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    return { ok: false, reason: issue ? `unexpected ${issue.path.join('.') || 'content'}` : 'unexpected content' };
  }
  return { ok: true, conversation: parsed.data };
}

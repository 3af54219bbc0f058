/** The saved history the history bench opens windows with and searches: conversations as the extension writes them. */
import { appendMessage, newConversation, type StoredConversation } from '../../src/conversations/common/conversation';
import { recordsOfWhole } from '../../src/conversations/common/conversationOperations';
import { type IndexEntry, indexEntry, indexFiles } from '../../src/conversations/node/conversationIndex';
import { encodeRecord, replayLog } from '../../src/conversations/common/conversationLog';

export const MANY = 5000;
export const MESSAGES_EACH = 10;
/** One message in a hundred conversations, spread over the history, holds this word; never a title. */
export const RARE_WORD = 'zebrafish';
/** Only the oldest 1% of the conversations hold this one, so a search reads nearly every log before a hit. */
export const OLD_WORD = 'quokka';
const FOLDER = 'User/globalStorage/clusterchat.cluster-chat/conversations';
/** Where a window with the short history gets the long history's files, which nothing reads (see `windowUserData`). */
const UNREAD_FOLDER = 'User/globalStorage/bench.unread/conversations';
const ACTIVE_ID = 'bench-active';

/** About 10 KB a conversation, so 5,000 of them are about 50 MB. */
function conversation(id: string, number: number, updatedAt: string): StoredConversation {
  let built = newConversation(id, '', new Date(updatedAt));
  for (let index = 0; index < MESSAGES_EACH; index++) {
    const rare =
      index === 7 && number % 100 === 0
        ? ` and then a ${RARE_WORD} appeared`
        : index === 7 && number > 0 && number <= 50
          ? ` a ${OLD_WORD}`
          : '';
    const content = `Message ${index} of conversation ${number}${rare}: ${'lorem ipsum dolor sit amet, consectetur adipiscing elit. '.repeat(17)}`;
    built = appendMessage(
      built,
      index % 2 === 0 ? { role: 'user', content, at: updatedAt } : { role: 'assistant', content, cluster: 'demo', at: updatedAt },
    );
  }
  return built;
}

const made = new Map<number, Map<string, string>>();

/**
 * The folder's files as the extension writes them: one log per conversation and the history index.
 * Made once per count, before any window opens: making 5,000 conversations leaves about 100 MB of
 * garbage in the bench's process, and collecting it while a window opened slowed that window alone.
 */
export function conversationFiles(count: number): Map<string, string> {
  const files = made.get(count) ?? makeConversationFiles(count);
  made.set(count, files);
  return files;
}

export function makeConversationFiles(count: number): Map<string, string> {
  const files = new Map<string, string>();
  const entries: IndexEntry[] = [];
  let messageId = 0;
  for (let number = 0; number < count; number++) {
    const id = number === 0 ? ACTIVE_ID : `bench-${number}`;
    // The active one is the newest, so the chat opens it in every run.
    const updatedAt = new Date(Date.UTC(2026, 0, 1) + (number === 0 ? count : number) * 60_000).toISOString();
    const log = recordsOfWhole(conversation(id, number, updatedAt), () => `m${++messageId}`)
      .map(encodeRecord)
      .join('');
    files.set(`${id}.jsonl`, log);
    entries.push(indexEntry(replayLog(id, log).conversation, Buffer.byteLength(log)));
  }
  for (const [name, contents] of indexFiles(entries)) {
    files.set(name, contents);
  }
  return files;
}

/**
 * The window's user data: its history in the extension's folder, and, in a window with the short
 * history, the long history's files in a folder nothing reads. Both sides then start with the same
 * 50 MB written and flushed just before, and differ only in what the extension's history holds.
 */
export function windowUserData(count: number): Record<string, string> {
  const inFolder = (folder: string, files: Map<string, string>) =>
    [...files].map(([name, content]): [string, string] => [`${folder}/${name}`, content]);
  const unread = count < MANY ? inFolder(UNREAD_FOLDER, conversationFiles(MANY)) : [];
  return Object.fromEntries([...unread, ...inFolder(FOLDER, conversationFiles(count))]);
}

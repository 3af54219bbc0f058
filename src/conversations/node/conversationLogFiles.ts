import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { type IndexEntry, writeIndex } from './conversationIndex';
import { applyRecords, decodeRecords, encodeRecord, type LogRecord, replayLog } from '../common/conversationLog';
import type { ReadLog } from '../common/openConversation';

const LOG = '.jsonl';
const DRAFT = '.draft.json';

export type { ReadLog };

/**
 * The conversation folder: one append-only log per conversation (`<id>.jsonl`) and its unsent
 * draft (`<id>.draft.json`, the one file that is rewritten, atomically). Several windows may use
 * the folder at once.
 */
export class ConversationLogFiles {
  constructor(readonly folder: string) {}

  /** The ids of the conversations in the folder. */
  async ids(): Promise<string[]> {
    await fs.mkdir(this.folder, { recursive: true });
    return (await fs.readdir(this.folder)).filter((name) => name.endsWith(LOG)).map((name) => name.slice(0, -LOG.length));
  }

  /** The log read whole, or undefined when there is none. */
  async read(id: string): Promise<ReadLog | undefined> {
    const data = await fs.readFile(this.logOf(id)).catch(notFound);
    if (data === undefined) {
      return undefined;
    }
    const whole = wholeRecords(data);
    return { replay: replayLog(id, whole.text), size: whole.length };
  }

  /**
   * The log read on from where `known` ended: only the bytes appended since. A log that is shorter
   * than before was replaced (deleted and begun again), so it is read whole.
   */
  async readOn(id: string, known: ReadLog): Promise<ReadLog | undefined> {
    const handle = await fs.open(this.logOf(id), 'r').catch(notFound);
    if (!handle) {
      return undefined;
    }
    try {
      const { size } = await handle.stat();
      if (size < known.size) {
        return await this.read(id);
      }
      if (size === known.size) {
        return known;
      }
      const tail = Buffer.alloc(size - known.size);
      const { bytesRead } = await handle.read(tail, 0, tail.length, known.size);
      const whole = wholeRecords(tail.subarray(0, bytesRead));
      const { records, skipped } = decodeRecords(whole.text);
      return { replay: applyRecords(known.replay, records, skipped), size: known.size + whole.length };
    } finally {
      await handle.close();
    }
  }

  /** Appends records in one write, flushed to disk before this resolves; resolves with the bytes written. */
  async append(id: string, records: readonly LogRecord[]): Promise<number> {
    if (records.length === 0) {
      return 0;
    }
    await fs.mkdir(this.folder, { recursive: true });
    const bytes = Buffer.from(records.map(encodeRecord).join(''), 'utf8');
    const handle = await fs.open(this.logOf(id), 'a');
    try {
      await handle.write(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return bytes.length;
  }

  /**
   * Publishes a whole log only if none exists yet (a migration, which another window may be
   * doing at the same moment). Resolves false when a log was already there.
   */
  async create(id: string, records: readonly LogRecord[]): Promise<boolean> {
    const temporary = await this.writeTemporary(this.logOf(id), records.map(encodeRecord).join(''));
    try {
      await fs.link(temporary, this.logOf(id));
      return true;
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'EEXIST') {
        return false;
      }
      throw error;
    } finally {
      await fs.rm(temporary, { force: true });
    }
  }

  async remove(id: string): Promise<void> {
    await fs.rm(this.logOf(id), { force: true });
    await fs.rm(this.draftOf(id), { force: true });
  }

  async readDraft(id: string): Promise<string> {
    const data = await fs.readFile(this.draftOf(id), 'utf8').catch(notFound);
    try {
      const parsed = data === undefined ? undefined : (JSON.parse(data) as unknown);
      return typeof parsed === 'object' && parsed !== null && 'draft' in parsed && typeof parsed.draft === 'string' ? parsed.draft : '';
    } catch {
      return '';
    }
  }

  async writeDraft(id: string, draft: string): Promise<void> {
    if (draft.length === 0) {
      await fs.rm(this.draftOf(id), { force: true });
      return;
    }
    const temporary = await this.writeTemporary(this.draftOf(id), JSON.stringify({ draft }));
    await fs.rename(temporary, this.draftOf(id));
  }

  writeIndex(entries: Iterable<IndexEntry>): Promise<void> {
    return writeIndex(this.folder, entries);
  }

  logOf(id: string): string {
    return path.join(this.folder, `${checkedId(id)}${LOG}`);
  }

  private draftOf(id: string): string {
    return path.join(this.folder, `${checkedId(id)}${DRAFT}`);
  }

  private async writeTemporary(target: string, contents: string): Promise<string> {
    await fs.mkdir(this.folder, { recursive: true });
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temporary, 'w');
    try {
      await handle.writeFile(contents);
      await handle.sync();
    } finally {
      await handle.close();
    }
    return temporary;
  }
}

/** Which conversation a file in the folder belongs to, if it is a log or a draft. */
export function conversationIdOf(fileName: string): string | undefined {
  const suffix = [LOG, DRAFT].find((ending) => fileName.endsWith(ending));
  return suffix ? fileName.slice(0, -suffix.length) : undefined;
}

/**
 * The bytes up to the end of the last whole record. The last record may still be being written
 * by another window, so one that does not parse is left to be read again next time; once a record
 * follows it, it is a record a crash cut short, and replay skips it.
 */
function wholeRecords(bytes: Buffer): { text: string; length: number } {
  const lastStart = Math.max(0, bytes.lastIndexOf(0x0a));
  const complete = decodeRecords(bytes.subarray(lastStart).toString('utf8')).skipped === 0;
  const length = complete ? bytes.length : lastStart;
  return { text: bytes.subarray(0, length).toString('utf8'), length };
}

export function checkedId(id: string): string {
  if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) {
    throw new Error(`invalid conversation id ${JSON.stringify(id)}`);
  }
  return id;
}

function notFound(error: unknown): undefined {
  if ((error as NodeJS.ErrnoException).code === 'ENOENT') {
    return undefined;
  }
  throw error;
}

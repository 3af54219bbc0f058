import { randomBytes } from 'node:crypto';
import * as fs from 'node:fs/promises';
import * as path from 'node:path';
import { parseStoredConversation, type StoredConversation } from './conversation';

/** A conversation file that could not be read, and where it was moved. */
export interface SetAsideFile {
  readonly file: string;
  readonly movedTo: string;
  readonly reason: string;
}

export interface LoadResult {
  readonly conversations: StoredConversation[];
  readonly setAside: SetAsideFile[];
}

/**
 * Conversations as one JSON file each in a folder. Writes are atomic (a temporary file renamed
 * over the old one), so a crash mid-write leaves the previous version; a file that cannot be
 * read is moved aside (never deleted) and reported, and the rest still load.
 */
export class ConversationFiles {
  constructor(private readonly folder: string) {}

  async loadAll(): Promise<LoadResult> {
    await fs.mkdir(this.folder, { recursive: true });
    const conversations: StoredConversation[] = [];
    const setAside: SetAsideFile[] = [];
    for (const name of (await fs.readdir(this.folder)).filter((entry) => entry.endsWith('.json')).sort()) {
      const file = path.join(this.folder, name);
      const parsed = parseStoredConversation(await fs.readFile(file, 'utf8').catch(() => ''));
      if (parsed.ok && `${parsed.conversation.id}.json` === name) {
        conversations.push(parsed.conversation);
        continue;
      }
      const movedTo = `${file}.unreadable-${Date.now()}`;
      await fs.rename(file, movedTo).catch(() => undefined);
      setAside.push({ file, movedTo, reason: parsed.ok ? 'its name does not match its id' : parsed.reason });
    }
    await this.removeStaleTemporaries();
    return { conversations, setAside };
  }

  async save(conversation: StoredConversation): Promise<void> {
    await fs.mkdir(this.folder, { recursive: true });
    const target = this.fileOf(conversation.id);
    const temporary = `${target}.${randomBytes(6).toString('hex')}.tmp`;
    const handle = await fs.open(temporary, 'w');
    try {
      await handle.writeFile(JSON.stringify(conversation));
      await handle.sync();
    } finally {
      await handle.close();
    }
    await fs.rename(temporary, target);
  }

  async delete(id: string): Promise<void> {
    await fs.rm(this.fileOf(id), { force: true });
  }

  private fileOf(id: string): string {
    if (!/^[A-Za-z0-9_-]{1,100}$/.test(id)) {
      throw new Error(`invalid conversation id ${JSON.stringify(id)}`);
    }
    return path.join(this.folder, `${id}.json`);
  }

  private async removeStaleTemporaries(): Promise<void> {
    for (const name of await fs.readdir(this.folder)) {
      if (name.endsWith('.tmp')) {
        await fs.rm(path.join(this.folder, name), { force: true });
      }
    }
  }
}

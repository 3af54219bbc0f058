import type { ConversationLogFiles } from './conversationLogFiles';

const DRAFT_SAVE_DELAY_MS = 400;

/**
 * Writes each conversation's unsent draft to its own file: shortly after typing stops, at once
 * when the window closes, and only when it differs from what the file holds.
 */
export class DraftWriter {
  private readonly written = new Map<string, string>();
  private pending: { readonly timer: NodeJS.Timeout; readonly write: () => Promise<void> } | undefined;

  constructor(private readonly files: ConversationLogFiles) {}

  /** The draft a file was just read with. */
  read(id: string, draft: string): void {
    this.written.set(id, draft);
  }

  async write(id: string, draft: string): Promise<void> {
    if ((this.written.get(id) ?? '') === draft) {
      return;
    }
    await this.files.writeDraft(id, draft);
    this.written.set(id, draft);
  }

  /** Runs `write` once typing has paused; a newer call replaces a pending one. */
  schedule(write: () => Promise<void>): void {
    clearTimeout(this.pending?.timer);
    this.pending = { timer: setTimeout(() => void this.flush(), DRAFT_SAVE_DELAY_MS), write };
  }

  flush(): Promise<void> {
    const pending = this.pending;
    this.pending = undefined;
    clearTimeout(pending?.timer);
    return pending ? pending.write() : Promise.resolve();
  }
}

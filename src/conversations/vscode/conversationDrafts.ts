import type * as vscode from 'vscode';
import type { ConversationLogFiles } from '../node/conversationLogFiles';
import { DraftWriter } from '../node/draftWriter';
import { reportSaveFailure } from './conversationFolder';

/** Each open conversation's unsent input, kept beside its log and written shortly after typing stops. */
export class ConversationDrafts {
  private readonly drafts = new Map<string, string>();
  private readonly writer: DraftWriter;

  constructor(
    private readonly files: ConversationLogFiles,
    private readonly log: vscode.LogOutputChannel,
    /** Makes sure the conversation's log exists: a draft alone makes a new chat worth keeping. */
    private readonly keep: (id: string) => Promise<unknown>,
  ) {
    this.writer = new DraftWriter(files);
  }

  of(id: string): string {
    return this.drafts.get(id) ?? '';
  }

  /** Reads the draft saved with a conversation being opened. */
  async load(id: string): Promise<void> {
    const draft = await this.files.readDraft(id);
    this.drafts.set(id, draft);
    this.writer.read(id, draft);
  }

  set(id: string, draft: string): void {
    if (this.of(id) === draft) {
      return;
    }
    this.drafts.set(id, draft);
    this.writer.schedule(() => this.write(id));
  }

  forget(id: string): void {
    this.drafts.delete(id);
  }

  /** Writes a draft typed a moment ago now (the window is closing). */
  flush(): Promise<void> {
    return this.writer.flush();
  }

  private async write(id: string): Promise<void> {
    const draft = this.of(id);
    try {
      if (draft.length > 0) {
        await this.keep(id);
      }
      await this.writer.write(id, draft);
    } catch (error) {
      reportSaveFailure(this.log, error);
    }
  }
}

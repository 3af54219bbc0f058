import * as vscode from 'vscode';
import { newConversation, newConversationId, newMessageId, type StoredConversation } from '../core/chat/conversation';
import { changesBetween, sameContent } from '../core/chat/conversationChanges';
import { type IndexEntry, indexEntry } from '../core/chat/conversationIndex';
import type { ConversationLogFiles, ReadLog } from '../core/chat/conversationLogFiles';
import { settings } from '../settings';
import { followConversationFolder, loadConversationFolder } from './conversationFolder';
import { DraftWriter } from './draftWriter';
import { HistoryIndex } from './historyIndex';
import { SerialQueues } from './serialQueues';

const ACTIVE_KEY = 'clusterChat.activeConversation';

/** A conversation this window has open: as it wants it, and its log as last read (none before the first save). */
type Open = { readonly conversation: StoredConversation; readonly log: ReadLog | undefined };

/** A change another window (or an earlier write of this one) made on disk. */
export interface ExternalChange {
  readonly id: string;
  readonly deleted: boolean;
}

/**
 * The conversations: the history index of all of them, the open ones in full, and which is active.
 * Every change is appended to the conversation's log at once; changes other windows append are
 * read back within a moment (a folder watcher), so every window shows every window's messages.
 */
export class ConversationStore implements vscode.Disposable {
  private readonly open = new Map<string, Open>();
  private readonly index: HistoryIndex;
  private readonly queues = new SerialQueues();
  private readonly drafts: DraftWriter;
  private readonly changed = new vscode.EventEmitter<ExternalChange>();
  /** Fired when a log changed in a way this window did not write itself. */
  readonly onDidChangeExternally = this.changed.event;
  private readonly refreshed = new vscode.EventEmitter<void>();
  /** Fired when history entries the index had wrong were rebuilt from their logs. */
  readonly onDidRefreshHistory = this.refreshed.event;
  private activeConversationId = '';
  private loading: Promise<void> | undefined;
  private interrupted: string[] = [];
  private watcher: vscode.Disposable | undefined;

  constructor(
    private readonly files: ConversationLogFiles,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.drafts = new DraftWriter(files);
    this.index = new HistoryIndex(files, log);
  }

  /** Loads the index and the active conversation the first time; resolves with the conversations found interrupted. */
  async ensureLoaded(): Promise<readonly string[]> {
    this.loading ??= this.load();
    await this.loading;
    return this.takeInterrupted();
  }

  get activeId(): string {
    return this.activeConversationId;
  }

  /** An open conversation. */
  get(id: string): StoredConversation | undefined {
    return this.open.get(id)?.conversation;
  }

  /** What the history lists: every saved conversation, and the open ones as they are now. */
  history(): IndexEntry[] {
    const listed = new Map(this.index.values().map((entry) => [entry.id, entry]));
    for (const [id, { conversation, log }] of this.open) {
      listed.set(id, indexEntry(conversation, log?.size ?? 0));
    }
    return [...listed.values()];
  }

  /** One conversation's history entry, open or not. */
  entry(id: string): IndexEntry | undefined {
    const opened = this.open.get(id);
    return opened ? indexEntry(opened.conversation, opened.log?.size ?? 0) : this.index.get(id);
  }

  /** The active conversation; a fresh one when there is none. */
  active(): StoredConversation {
    return this.get(this.activeConversationId) ?? this.startFresh();
  }

  /** The conversation, read from its log if it is not open yet. */
  async openConversation(id: string): Promise<StoredConversation | undefined> {
    const known = this.get(id);
    if (known) {
      return known;
    }
    return this.queues.run(id, async () => {
      const log = await this.files.read(id);
      if (!log) {
        return undefined;
      }
      const conversation = { ...log.replay.conversation, draft: await this.files.readDraft(id) };
      this.drafts.read(id, conversation.draft);
      this.open.set(id, { conversation, log });
      this.index.set(indexEntry(conversation, log.size));
      if (conversation.messages.at(-1)?.role === 'user') {
        this.interrupted.push(id);
      }
      return conversation;
    });
  }

  /** Conversations opened since the last call whose last message had no reply. */
  takeInterrupted(): string[] {
    return this.interrupted.splice(0);
  }

  async setActive(id: string): Promise<void> {
    this.activeConversationId = id;
    await this.memento.update(ACTIVE_KEY, id);
  }

  /** A new empty conversation, kept in memory only: it is saved with its first message or draft. */
  create(): StoredConversation {
    return this.update(newConversation(newConversationId(), settings.systemPrompt(), new Date()));
  }

  /** The most recently changed conversation's id. */
  newest(): string | undefined {
    return this.history().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0]?.id;
  }

  /** Replaces the conversation in memory (not yet on disk) and returns it. */
  update(conversation: StoredConversation): StoredConversation {
    this.open.set(conversation.id, { conversation, log: this.open.get(conversation.id)?.log });
    return conversation;
  }

  /**
   * Appends to the log what changed since this window last read it, then reads the log on, so the
   * conversation also holds what other windows appended meanwhile. Resolves with the conversation
   * as the log now holds it; a failed write is reported, never silent.
   */
  async save(conversation: StoredConversation): Promise<StoredConversation> {
    return this.queues.run(conversation.id, async () => {
      const known = this.open.get(conversation.id)?.log;
      const changes = changesBetween(known?.replay, conversation, newMessageId, new Date().toISOString());
      try {
        await this.files.append(conversation.id, changes.records);
      } catch (error) {
        this.reportSaveFailure(error);
        return conversation;
      }
      const current = this.open.get(conversation.id)?.conversation ?? changes.conversation;
      this.update({ ...changes.conversation, draft: current.draft });
      const saved = (await this.readOn(conversation.id, changes.conversation)) ?? changes.conversation;
      await this.drafts.write(conversation.id, current.draft).catch((error: unknown) => this.reportSaveFailure(error));
      return saved;
    });
  }

  /** Keeps the unsent input of a conversation; written shortly after typing stops. */
  setDraft(id: string, draft: string): void {
    const conversation = this.get(id);
    if (!conversation || conversation.draft === draft) {
      return;
    }
    this.update({ ...conversation, draft });
    this.drafts.schedule(() => this.writeDraft(id));
  }

  async delete(id: string): Promise<void> {
    await this.queues.run(id, async () => {
      this.open.delete(id);
      this.index.delete(id);
      await this.files.remove(id);
    });
  }

  dispose(): void {
    void this.drafts.flush(); // the window is closing: a draft typed a moment ago is written now
    this.watcher?.dispose();
    this.index.dispose();
    this.changed.dispose();
    this.refreshed.dispose();
  }

  private async writeDraft(id: string): Promise<void> {
    const conversation = this.get(id);
    if (!conversation) {
      return;
    }
    if (!this.open.get(id)?.log) {
      await this.save(conversation); // a draft alone makes a new chat worth keeping; save writes the draft too
      return;
    }
    await this.drafts.write(id, conversation.draft).catch((error: unknown) => this.reportSaveFailure(error));
  }

  /**
   * Reads the log on from where this window last read it. When it then holds something other than
   * `expected` (what this window wrote), another window changed it, and listeners hear of it.
   */
  private async readOn(id: string, expected?: StoredConversation): Promise<StoredConversation | undefined> {
    const opened = this.open.get(id);
    const log = opened?.log ? await this.files.readOn(id, opened.log) : await this.files.read(id);
    if (!log) {
      const wasOpen = this.open.delete(id);
      if ((this.index.delete(id) || wasOpen) && !expected) {
        this.changed.fire({ id, deleted: true });
      }
      return undefined;
    }
    const conversation = { ...log.replay.conversation, draft: opened?.conversation.draft ?? '' };
    if (opened) {
      this.open.set(id, { conversation, log });
    }
    const before = this.index.get(id);
    this.index.set(indexEntry(conversation, log.size));
    const external = expected ? !sameContent(conversation, expected) : before?.size !== log.size;
    if (external) {
      this.changed.fire({ id, deleted: false });
    }
    return conversation;
  }

  private async load(): Promise<void> {
    const loaded = await loadConversationFolder(this.files, this.log);
    this.index.load(loaded.entries, loaded.indexChanged);
    const remembered = this.memento.get<string>(ACTIVE_KEY);
    const activeId = remembered && this.index.get(remembered) ? remembered : this.newest();
    const active = activeId === undefined ? undefined : await this.openConversation(activeId);
    this.activeConversationId = (active ?? this.create()).id;
    this.watcher = followConversationFolder(this.files, this.log, loaded.entries, {
      changed: (id) => this.queues.run(id, () => this.readOn(id)),
      rebuilt: (entries) => this.index.setAll(entries.filter((entry) => !this.open.has(entry.id))) && this.refreshed.fire(),
    });
  }

  private reportSaveFailure(error: unknown): void {
    const message = error instanceof Error ? error.message : String(error);
    this.log.error(`Saving the conversation failed: ${message}`);
    void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the conversation could not be saved: {0}', message));
  }

  private startFresh(): StoredConversation {
    const fresh = this.create();
    this.activeConversationId = fresh.id;
    return fresh;
  }
}

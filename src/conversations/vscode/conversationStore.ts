import * as vscode from 'vscode';
import { newConversation, type StoredConversation } from '../common/conversation';
import { newConversationId, newMessageId } from '../node/conversationIds';
import { changesBetween, sameContent } from '../common/conversationChanges';
import { type IndexEntry, indexEntry } from '../node/conversationIndex';
import type { ConversationLogFiles, ReadLog } from '../node/conversationLogFiles';
import { settings } from '../../base/vscode/settings';
import { reportSaveFailure, watchConversationFolder } from './conversationFolder';
import { DraftWriter } from '../node/draftWriter';
import { HistoryIndex } from './historyIndex';
import { SerialQueues } from '../../base/common/serialQueues';

const ACTIVE_KEY = 'clusterChat.activeConversation';

/** A conversation this window has open: as it wants it, and its log as last read (none before the first save). */
type Open = { readonly conversation: StoredConversation; readonly log: ReadLog | undefined };

/** A change another window (or an earlier write of this one) made on disk. */
export type ExternalChange = { readonly id: string; readonly deleted: boolean };

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
  /** Fired when the history is loaded, and when entries the index had wrong were rebuilt from their logs. */
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
    this.index = new HistoryIndex(
      files,
      log,
      () => [...this.open.values()].map(({ conversation, log: read }) => indexEntry(conversation, read?.size ?? 0)),
      () => this.refreshed.fire(),
    );
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
    return this.index.all();
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
  async openConversation(id: string | undefined): Promise<StoredConversation | undefined> {
    const known = id === undefined ? undefined : this.get(id);
    if (id === undefined || known) {
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
    return this.index.newest();
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
        reportSaveFailure(this.log, error);
        return conversation;
      }
      const current = this.open.get(conversation.id)?.conversation ?? changes.conversation;
      this.update({ ...changes.conversation, draft: current.draft });
      const saved = (await this.readOn(conversation.id, changes.conversation)) ?? changes.conversation;
      await this.drafts.write(conversation.id, current.draft).catch((error: unknown) => reportSaveFailure(this.log, error));
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
    // A draft alone makes a new chat worth keeping: saving the chat writes its draft too.
    const writing = conversation && (this.open.get(id)?.log ? this.drafts.write(id, conversation.draft) : this.save(conversation));
    await writing?.catch((error: unknown) => reportSaveFailure(this.log, error));
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
    if (expected ? !sameContent(conversation, expected) : before?.size !== log.size) {
      this.changed.fire({ id, deleted: false });
    }
    return conversation;
  }

  /** Resolves once the whole history index is loaded (read now if it was still waiting): the chat opens without it. */
  async historyLoaded(): Promise<void> {
    await this.ensureLoaded();
    await this.index.loadWhole();
  }

  /**
   * Opens the active conversation from the recent entries: the chat's opening costs the same however long the
   * history. A folder never indexed (perhaps of the earlier format) is migrated and indexed first.
   */
  private async load(): Promise<void> {
    this.watcher = await watchConversationFolder(this.files, this.log, (id) => this.queues.run(id, () => this.readOn(id)));
    const recent = await this.index.loadRecent();
    if (!recent) {
      await this.index.loadWhole();
    }
    const remembered = this.memento.get<string>(ACTIVE_KEY);
    let active = (await this.openConversation(remembered)) ?? (await this.openConversation(this.newest()));
    if (!active && recent) {
      await this.index.loadWhole();
      active = await this.openConversation(this.newest());
    }
    this.activeConversationId = (active ?? this.create()).id;
    this.index.loadWholeSoon();
  }

  private startFresh(): StoredConversation {
    const fresh = this.create();
    this.activeConversationId = fresh.id;
    return fresh;
  }
}

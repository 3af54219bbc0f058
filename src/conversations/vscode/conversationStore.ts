import * as vscode from 'vscode';
import { newConversation, type StoredConversation } from '../common/conversation';
import { freshConversation, isLogged, type OpenConversation, openedFromLog, withLogRead, withRecords } from '../common/openConversation';
import { type ConversationOperation, recordsFor } from '../common/conversationOperations';
import { newConversationId, newMessageId } from '../node/conversationIds';
import { type IndexEntry, indexEntry } from '../node/conversationIndex';
import type { ConversationLogFiles } from '../node/conversationLogFiles';
import { settings } from '../../base/vscode/settings';
import { reportSaveFailure, watchConversationFolder } from './conversationFolder';
import { ConversationDrafts } from './conversationDrafts';
import { HistoryIndex } from './historyIndex';
import { SerialQueues } from '../../base/common/serialQueues';

const ACTIVE_KEY = 'clusterChat.activeConversation';

/** A change another window (or an earlier write of this one) made on disk. */
export type ExternalChange = { readonly id: string; readonly deleted: boolean };

/**
 * The conversations: the history index of all of them, the open ones in full, and which is active.
 * Every change is appended to the conversation's log at once; changes other windows append are
 * read back within a moment (a folder watcher), so every window shows every window's messages.
 */
export class ConversationStore implements vscode.Disposable {
  private readonly open = new Map<string, OpenConversation>();
  private readonly index: HistoryIndex;
  private readonly queues = new SerialQueues();
  /** The unsent input of each open conversation. */
  readonly drafts: ConversationDrafts;
  private readonly changedHere = new vscode.EventEmitter<string>();
  /** Fired when an operation of this window changed a conversation (before it is written). */
  readonly onDidChange = this.changedHere.event;
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
    this.drafts = new ConversationDrafts(files, log, (id) => this.apply(id, { kind: 'keep' }).saved);
    this.index = new HistoryIndex(
      files,
      log,
      () => [...this.open.values()].map(({ shown, disk }) => indexEntry(shown.conversation, disk?.size ?? 0)),
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

  get(id: string): StoredConversation | undefined {
    return this.open.get(id)?.shown.conversation;
  }

  /** What the history lists: every saved conversation, and the open ones as they are now. */
  history(): IndexEntry[] {
    return this.index.all();
  }

  /** One conversation's history entry, open or not. */
  entry(id: string): IndexEntry | undefined {
    const opened = this.open.get(id);
    return opened ? indexEntry(opened.shown.conversation, opened.disk?.size ?? 0) : this.index.get(id);
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
      const conversation = log.replay.conversation;
      await this.drafts.load(id);
      this.open.set(id, openedFromLog(log));
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
    const conversation = newConversation(newConversationId(), settings.systemPrompt(), new Date());
    this.open.set(conversation.id, freshConversation(conversation));
    return conversation;
  }

  /** A new conversation made by `operations`, once they are saved; which conversation is active does not change. */
  async createWith(operations: readonly ConversationOperation[]): Promise<string> {
    const { id } = this.create();
    await Promise.all(operations.map((operation) => this.apply(id, operation).saved));
    return id;
  }

  newest(): string | undefined {
    return this.index.newest();
  }

  /**
   * Carries out an operation at once in memory, then appends it to the log; `saved` resolves with
   * the conversation as the log then replays (other windows' records included).
   */
  apply(id: string, operation: ConversationOperation): { conversation: StoredConversation; saved: Promise<StoredConversation> } {
    const opened = this.open.get(id);
    if (!opened) {
      throw new Error(`conversation ${id} is not open`);
    }
    const context = { logged: isLogged(opened), newMessageId, now: new Date().toISOString() };
    const records = recordsFor(operation, opened.shown.conversation, context);
    if (records.length === 0) {
      return { conversation: opened.shown.conversation, saved: Promise.resolve(opened.shown.conversation) };
    }
    const next = withRecords(opened, records);
    this.open.set(id, next);
    const { conversation } = next.shown;
    this.changedHere.fire(id);
    return { conversation, saved: this.queues.run(id, async () => (await this.sync(id)) ?? conversation) };
  }

  async delete(id: string): Promise<void> {
    await this.queues.run(id, async () => {
      this.open.delete(id);
      this.drafts.forget(id);
      this.index.delete(id);
      await this.files.remove(id);
    });
  }

  dispose(): void {
    void this.drafts.flush();
    this.watcher?.dispose();
    this.index.dispose();
    this.changed.dispose();
    this.changedHere.dispose();
    this.refreshed.dispose();
  }

  /**
   * Appends every record not yet on disk (a write that failed is carried by the next one), then
   * reads the log on from where this window last read it. When it grew by more than this window
   * wrote, another window changed it (or deleted it), and listeners hear of it.
   */
  private async sync(id: string): Promise<StoredConversation | undefined> {
    const opened = this.open.get(id);
    const batches = opened?.pending ?? [];
    let written: number;
    try {
      written = await this.files.append(id, batches.flat());
    } catch (error) {
      reportSaveFailure(this.log, error);
      return opened?.shown.conversation;
    }
    const known = opened?.disk?.size ?? this.index.get(id)?.size ?? 0;
    const read = opened?.disk ? await this.files.readOn(id, opened.disk) : await this.files.read(id);
    const now = this.open.get(id);
    if (!read) {
      const wasOpen = now?.disk !== undefined && this.open.delete(id);
      if (this.index.delete(id) || wasOpen) {
        this.changed.fire({ id, deleted: true });
      }
      return undefined;
    }
    if (now) {
      this.open.set(id, withLogRead(now, read, batches.length));
    }
    this.index.set(indexEntry(read.replay.conversation, read.size));
    if (read.size - known !== written) {
      this.changed.fire({ id, deleted: false });
    }
    return this.get(id);
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
    this.watcher = await watchConversationFolder(this.files, this.log, (id) => this.queues.run(id, () => this.sync(id)));
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
    this.index.loadWholeWhenIdle();
  }

  private startFresh(): StoredConversation {
    const fresh = this.create();
    this.activeConversationId = fresh.id;
    return fresh;
  }
}

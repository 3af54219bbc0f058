import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import { newConversation, type StoredConversation } from '../core/chat/conversation';
import type { ConversationFiles } from '../core/chat/conversationFiles';
import { settings } from '../settings';

const ACTIVE_KEY = 'clusterChat.activeConversation';
const DRAFT_SAVE_DELAY_MS = 400;

/**
 * The saved conversations in memory and on disk, and which one is active. Loaded once, on first
 * use; every change is written through at once (a failed write is reported, never silent).
 */
export class ConversationStore {
  private readonly conversations = new Map<string, StoredConversation>();
  private activeConversationId = '';
  private loaded: Promise<void> | undefined;
  /** Conversations whose last message is a user message nobody answered (the host stopped mid-request). */
  private interrupted: string[] = [];
  private draftTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly files: ConversationFiles,
    private readonly memento: vscode.Memento,
    private readonly log: vscode.LogOutputChannel,
  ) {}

  /** Loads the saved conversations the first time; resolves with those found interrupted then. */
  async ensureLoaded(): Promise<readonly string[]> {
    this.loaded ??= this.load();
    await this.loaded;
    const found = this.interrupted;
    this.interrupted = [];
    return found;
  }

  get activeId(): string {
    return this.activeConversationId;
  }

  get(id: string): StoredConversation | undefined {
    return this.conversations.get(id);
  }

  all(): StoredConversation[] {
    return [...this.conversations.values()];
  }

  /** The active conversation; a fresh one when there is none. */
  active(): StoredConversation {
    return this.conversations.get(this.activeConversationId) ?? this.startFresh();
  }

  async setActive(id: string): Promise<void> {
    this.activeConversationId = id;
    await this.memento.update(ACTIVE_KEY, id);
  }

  /** A new empty conversation, kept in memory only: it is saved with its first message or draft. */
  create(): StoredConversation {
    return this.update(newConversation(newConversationId(), settings.systemPrompt(), new Date()));
  }

  newest(): StoredConversation | undefined {
    return this.all().sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  }

  /** Replaces the conversation in memory (not yet on disk) and returns it. */
  update(conversation: StoredConversation): StoredConversation {
    this.conversations.set(conversation.id, conversation);
    return conversation;
  }

  async save(conversation: StoredConversation): Promise<void> {
    try {
      await this.files.save(conversation);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`Saving the conversation failed: ${message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the conversation could not be saved: {0}', message));
    }
  }

  /** Keeps the unsent input of a conversation; written shortly after typing stops. */
  setDraft(id: string, draft: string): void {
    const conversation = this.conversations.get(id);
    if (!conversation || conversation.draft === draft) {
      return;
    }
    this.update({ ...conversation, draft });
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => {
      const current = this.conversations.get(id);
      if (current) {
        void this.save(current);
      }
    }, DRAFT_SAVE_DELAY_MS);
  }

  async delete(id: string): Promise<void> {
    this.conversations.delete(id);
    await this.files.delete(id);
  }

  /** Writes the active conversation once more (the window is closing; its draft may be unsaved). */
  flush(): void {
    clearTimeout(this.draftTimer);
    const pending = this.conversations.get(this.activeConversationId);
    if (pending) {
      this.files.save(pending).catch((error: unknown) => this.log.error(`Saving the conversation on close failed: ${String(error)}`));
    }
  }

  private startFresh(): StoredConversation {
    const fresh = this.create();
    this.activeConversationId = fresh.id;
    return fresh;
  }

  private async load(): Promise<void> {
    try {
      const { conversations, setAside } = await this.files.loadAll();
      for (const conversation of conversations) {
        this.conversations.set(conversation.id, conversation);
        if (conversation.messages.at(-1)?.role === 'user') {
          this.interrupted.push(conversation.id);
        }
      }
      for (const entry of setAside) {
        this.log.warn(`A saved conversation could not be read (${entry.reason}); it was moved to ${entry.movedTo}.`);
        void vscode.window.showWarningMessage(
          vscode.l10n.t(
            'Cluster Chat: a saved conversation could not be read ({0}) and was set aside as {1}.',
            entry.reason,
            entry.movedTo,
          ),
        );
      }
    } catch (error) {
      this.log.error(`Conversations could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    const remembered = this.memento.get<string>(ACTIVE_KEY);
    this.activeConversationId = ((remembered && this.conversations.get(remembered)) || this.newest() || this.create()).id;
  }
}

function newConversationId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

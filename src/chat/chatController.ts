import { randomBytes } from 'node:crypto';
import * as vscode from 'vscode';
import type { AttachmentView, ChatErrorView, ChatMessageView, ConversationView, ErrorAction, HistoryItemView, HostToChatMessage } from '../core/protocol/chatProtocol';
import {
  appendMessage,
  type Attachment,
  composeUserMessage,
  newConversation,
  requestMessages,
  type StoredConversation,
  truncateMessages,
} from '../core/chat/conversation';
import type { ConversationFiles } from '../core/chat/conversationFiles';
import { isClusterError } from '../core/client/errors';
import type { CodeAction } from '../core/protocol/replyProtocol';
import { clusterLabel, type ClusterStore } from '../clusters/clusterStore';
import { recoveryActionsFor } from '../core/client/recovery';
import type { ReplyActions } from '../replies/replyActions';
import type { RequestPipeline } from '../service/requestPipeline';
import { settings } from '../settings';

const ACTIVE_KEY = 'clusterChat.activeConversation';
const DRAFT_SAVE_DELAY_MS = 400;

/** Where the controller sends view updates; absent while the view is not shown. */
export interface ChatViewConnection {
  post(message: HostToChatMessage): void;
}

/**
 * The chat's state and operations. The conversation, draft and attachments live here and on
 * disk; the webview only shows them and reports gestures. A request's user message is saved
 * before it is sent, so nothing is lost if the host stops mid-request.
 */
export class ChatController implements vscode.Disposable {
  private readonly conversations = new Map<string, StoredConversation>();
  private activeId = '';
  private attachments: Attachment[] = [];
  private readonly errors = new Map<string, ChatErrorView>();
  private inFlight: { readonly conversationId: string; readonly cancellation: vscode.CancellationTokenSource } | undefined;
  private view: ChatViewConnection | undefined;
  private loaded: Promise<void> | undefined;
  private draftTimer: NodeJS.Timeout | undefined;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    private readonly files: ConversationFiles,
    private readonly memento: vscode.Memento,
    private readonly pipeline: RequestPipeline,
    private readonly clusters: ClusterStore,
    private readonly actions: ReplyActions,
    private readonly log: vscode.LogOutputChannel,
  ) {
    this.subscriptions.push(clusters.onDidChangeActive(() => this.post({ type: 'cluster', cluster: this.clusterView() })));
  }

  attach(view: ChatViewConnection): void {
    this.view = view;
  }

  detach(view: ChatViewConnection): void {
    if (this.view === view) {
      this.view = undefined;
    }
  }

  /** Sends the whole state (the webview just loaded or came back). */
  async sendState(): Promise<void> {
    await this.ensureLoaded();
    const conversation = this.active();
    this.post({
      type: 'chatState',
      conversation: this.conversationView(conversation),
      draft: conversation.draft,
      attachments: this.attachmentViews(),
      cluster: this.clusterView(),
      history: this.historyViews(),
    });
  }

  async send(text: string): Promise<void> {
    await this.ensureLoaded();
    if (this.inFlight) {
      return;
    }
    const content = composeUserMessage(text, this.attachments);
    if (content.trim().length === 0) {
      return;
    }
    this.attachments = [];
    this.post({ type: 'attachments', attachments: [] });
    const conversation = this.update({ ...appendMessage(this.active(), { role: 'user', content, at: now() }), draft: '' });
    this.post({ type: 'messagesAppended', conversationId: conversation.id, messages: [messageView(conversation, conversation.messages.length - 1)] });
    this.post({ type: 'history', history: this.historyViews(), activeId: conversation.id });
    await this.save(conversation);
    await this.sendTurn(conversation.id);
  }

  stop(): void {
    this.inFlight?.cancellation.cancel();
  }

  /** Drops the last reply and asks again. */
  async regenerate(): Promise<void> {
    const conversation = this.active();
    const lastUser = lastIndexOf(conversation, 'user');
    if (this.inFlight || lastUser < 0) {
      return;
    }
    await this.truncate(conversation, lastUser + 1);
    await this.sendTurn(conversation.id);
  }

  /** Replaces user message `index` and everything after it, then sends. */
  async editAndResend(index: number, text: string): Promise<void> {
    const conversation = this.active();
    if (this.inFlight || conversation.messages[index]?.role !== 'user' || text.trim().length === 0) {
      return;
    }
    await this.truncate(conversation, index);
    await this.send(text);
  }

  async copyMessage(index: number): Promise<void> {
    const conversation = this.active();
    const message = conversation.messages[index];
    if (message) {
      await vscode.env.clipboard.writeText(message.content);
      this.post({ type: 'actionDone', replyId: `${conversation.id}:${index}`, action: 'copy', ok: true });
    }
  }

  async codeAction(replyId: string, action: CodeAction, block: number | 'all'): Promise<void> {
    const [conversationId, indexText] = replyId.split(':');
    const conversation = conversationId ? this.conversations.get(conversationId) : undefined;
    const message = conversation?.messages[Number(indexText)];
    if (!conversation || !message || action === 'continueInChat') {
      return;
    }
    const ok = await this.actions
      .perform({ id: replyId, title: conversation.title, cluster: message.cluster ?? '', markdown: message.content, source: undefined }, action, block)
      .catch(() => false);
    this.post({ type: 'actionDone', replyId, action, ok });
  }

  /** Attaches code to the next message and shows the chat. */
  addAttachment(attachment: Omit<Attachment, 'id'>): void {
    this.attachments = [...this.attachments, { ...attachment, id: randomBytes(4).toString('hex') }];
    this.post({ type: 'attachments', attachments: this.attachmentViews() });
  }

  removeAttachment(id: string): void {
    this.attachments = this.attachments.filter((attachment) => attachment.id !== id);
    this.post({ type: 'attachments', attachments: this.attachmentViews() });
  }

  async newChat(): Promise<void> {
    await this.ensureLoaded();
    const conversation = newConversation(newId(), settings.systemPrompt(), new Date());
    this.conversations.set(conversation.id, conversation);
    // Saved with its first message or draft: an empty chat leaves no file behind.
    await this.activate(conversation.id);
  }

  /** Starts a conversation from existing messages (e.g. a reply opened with “Continue in Chat”). */
  async importConversation(messages: readonly { readonly role: string; readonly content: string }[], cluster: string): Promise<void> {
    await this.ensureLoaded();
    const at = now();
    let conversation = newConversation(newId(), '', new Date());
    for (const message of messages) {
      if (message.role === 'system') {
        conversation = { ...conversation, systemPrompt: message.content };
      } else if (message.role === 'user' || message.role === 'assistant') {
        conversation = appendMessage(conversation, { role: message.role, content: message.content, ...(message.role === 'assistant' ? { cluster } : {}), at });
      }
    }
    this.conversations.set(conversation.id, conversation);
    await this.save(conversation);
    await this.activate(conversation.id);
  }

  async switchTo(id: string): Promise<void> {
    if (this.conversations.has(id)) {
      await this.activate(id);
    }
  }

  async rename(id: string): Promise<void> {
    const conversation = this.conversations.get(id);
    if (!conversation) {
      return;
    }
    const title = await vscode.window.showInputBox({
      title: vscode.l10n.t('Rename Conversation'),
      value: conversation.title,
      validateInput: (value) => (value.trim().length === 0 ? vscode.l10n.t('Enter a name.') : undefined),
    });
    if (title !== undefined) {
      await this.save(this.update({ ...conversation, title: title.trim() }));
      this.post({ type: 'history', history: this.historyViews(), activeId: this.activeId });
      if (id === this.activeId) {
        await this.sendState();
      }
    }
  }

  async delete(id: string): Promise<void> {
    const conversation = this.conversations.get(id);
    if (!conversation) {
      return;
    }
    const remove = vscode.l10n.t('Delete');
    const choice = await vscode.window.showWarningMessage(
      vscode.l10n.t('Delete the conversation “{0}”? This cannot be undone.', conversation.title),
      { modal: true },
      remove,
    );
    if (choice !== remove) {
      return;
    }
    if (this.inFlight?.conversationId === id) {
      this.stop();
    }
    this.conversations.delete(id);
    this.errors.delete(id);
    await this.files.delete(id);
    if (id === this.activeId) {
      const next = this.newest();
      if (next) {
        await this.activate(next.id);
      } else {
        await this.newChat();
      }
    } else {
      this.post({ type: 'history', history: this.historyViews(), activeId: this.activeId });
    }
  }

  async setSystemPrompt(text: string): Promise<void> {
    const conversation = this.update({ ...this.active(), systemPrompt: text, updatedAt: now() });
    await this.save(conversation);
    this.post({ type: 'systemPrompt', conversationId: conversation.id, systemPrompt: conversation.systemPrompt });
  }

  /** The unsent input changed; saved shortly after typing stops. */
  draftChanged(text: string): void {
    const conversation = this.active();
    if (conversation.draft === text) {
      return;
    }
    this.update({ ...conversation, draft: text });
    clearTimeout(this.draftTimer);
    this.draftTimer = setTimeout(() => void this.save(this.conversations.get(conversation.id) ?? conversation), DRAFT_SAVE_DELAY_MS);
  }

  async errorAction(action: ErrorAction): Promise<void> {
    const conversationId = this.activeId;
    switch (action) {
      case 'retry':
        await this.sendTurn(conversationId);
        return;
      case 'updateApiKey':
        if (await this.pipeline.updateApiKey()) {
          await this.sendTurn(conversationId);
        }
        return;
      case 'selectCluster':
        if (await this.pipeline.selectCluster()) {
          await this.sendTurn(conversationId);
        }
        return;
      case 'openSettings':
        await vscode.commands.executeCommand('workbench.action.openSettings', 'clusterChat');
        return;
      case 'showLog':
        this.log.show(true);
        return;
    }
  }

  /** The active conversation (for export and tests). */
  activeConversation(): StoredConversation {
    return this.active();
  }

  dispose(): void {
    clearTimeout(this.draftTimer);
    const pending = this.conversations.get(this.activeId);
    if (pending) {
      void this.files.save(pending).catch(() => undefined);
    }
    this.stop();
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
  }

  /** Sends the conversation as it stands and appends the reply, or shows the failure inline. */
  private async sendTurn(conversationId: string): Promise<void> {
    const conversation = this.conversations.get(conversationId);
    const failedIndex = conversation ? lastIndexOf(conversation, 'user') : -1;
    // Only a conversation waiting for a reply is sent: a stale Retry must not add a second reply.
    if (!conversation || this.inFlight || failedIndex < 0 || failedIndex !== conversation.messages.length - 1) {
      return;
    }
    this.setError(conversationId, undefined);
    const cancellation = new vscode.CancellationTokenSource();
    this.inFlight = { conversationId, cancellation };
    this.post({ type: 'busy', conversationId, busy: true });
    try {
      const sent = await this.pipeline.send({ caller: 'chat', messages: requestMessages(conversation), token: cancellation.token, interactive: true });
      if (!sent) {
        this.setError(conversationId, {
          index: failedIndex,
          message: vscode.l10n.t('Not sent: choose a cluster and set an API key, then retry.'),
          actions: ['selectCluster', 'updateApiKey', 'retry'],
        });
        return;
      }
      const current = this.conversations.get(conversationId);
      if (!current) {
        return;
      }
      const updated = this.update(
        appendMessage(current, { role: 'assistant', content: sent.reply.assistant.content, cluster: clusterLabel(sent.cluster), at: now() }),
      );
      await this.save(updated);
      this.post({ type: 'messagesAppended', conversationId, messages: [messageView(updated, updated.messages.length - 1)] });
      this.post({ type: 'history', history: this.historyViews(), activeId: this.activeId });
    } catch (error) {
      if (isClusterError(error) && error.kind === 'cancelled') {
        this.setError(conversationId, { index: failedIndex, message: vscode.l10n.t('Stopped. Your message is kept; retry to send it again.'), actions: ['retry'] });
      } else {
        this.setError(conversationId, { index: failedIndex, message: error instanceof Error ? error.message : String(error), actions: chatRecoveryActions(error) });
      }
    } finally {
      cancellation.dispose();
      this.inFlight = undefined;
      this.post({ type: 'busy', conversationId, busy: false });
    }
  }

  private setError(conversationId: string, error: ChatErrorView | undefined): void {
    if (error) {
      this.errors.set(conversationId, error);
    } else {
      this.errors.delete(conversationId);
    }
    this.post({ type: 'error', conversationId, error });
  }

  private async truncate(conversation: StoredConversation, index: number): Promise<void> {
    const updated = this.update(truncateMessages(conversation, index, new Date()));
    this.setError(updated.id, undefined);
    this.post({ type: 'messagesTruncated', conversationId: updated.id, index });
    await this.save(updated);
  }

  private async activate(id: string): Promise<void> {
    this.activeId = id;
    await this.memento.update(ACTIVE_KEY, id);
    await this.sendState();
  }

  private ensureLoaded(): Promise<void> {
    this.loaded ??= this.load();
    return this.loaded;
  }

  private async load(): Promise<void> {
    try {
      const { conversations, setAside } = await this.files.loadAll();
      for (const conversation of conversations) {
        this.conversations.set(conversation.id, conversation);
        const last = conversation.messages.length - 1;
        if (conversation.messages[last]?.role === 'user') {
          // Saved before sending, never answered: VS Code closed or the extension host stopped mid-request.
          this.errors.set(conversation.id, {
            index: last,
            message: vscode.l10n.t('No reply arrived: the request was interrupted when VS Code closed or reloaded. Your message is kept; Retry sends it again, but the cluster may already have acted on it.'),
            actions: ['retry', 'showLog'],
          });
        }
      }
      for (const entry of setAside) {
        this.log.warn(`A saved conversation could not be read (${entry.reason}); it was moved to ${entry.movedTo}.`);
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Cluster Chat: a saved conversation could not be read ({0}) and was set aside as {1}.', entry.reason, entry.movedTo),
        );
      }
    } catch (error) {
      this.log.error(`Conversations could not be loaded: ${error instanceof Error ? error.message : String(error)}`);
    }
    const remembered = this.memento.get<string>(ACTIVE_KEY);
    const active = (remembered && this.conversations.get(remembered)) || this.newest();
    if (active) {
      this.activeId = active.id;
    } else {
      const fresh = newConversation(newId(), settings.systemPrompt(), new Date());
      this.conversations.set(fresh.id, fresh);
      this.activeId = fresh.id;
    }
  }

  private active(): StoredConversation {
    const conversation = this.conversations.get(this.activeId);
    if (conversation) {
      return conversation;
    }
    const fresh = newConversation(newId(), settings.systemPrompt(), new Date());
    this.conversations.set(fresh.id, fresh);
    this.activeId = fresh.id;
    return fresh;
  }

  private newest(): StoredConversation | undefined {
    return [...this.conversations.values()].sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))[0];
  }

  private update(conversation: StoredConversation): StoredConversation {
    this.conversations.set(conversation.id, conversation);
    return conversation;
  }

  private async save(conversation: StoredConversation): Promise<void> {
    try {
      await this.files.save(conversation);
    } catch (error) {
      const message = error instanceof Error ? error.message : String(error);
      this.log.error(`Saving the conversation failed: ${message}`);
      void vscode.window.showErrorMessage(vscode.l10n.t('Cluster Chat: the conversation could not be saved: {0}', message));
    }
  }

  private post(message: HostToChatMessage): void {
    this.view?.post(message);
  }

  private conversationView(conversation: StoredConversation): ConversationView {
    const error = this.errors.get(conversation.id);
    return {
      id: conversation.id,
      title: conversation.title,
      systemPrompt: conversation.systemPrompt,
      messages: conversation.messages.map((_message, index) => messageView(conversation, index)),
      ...(error ? { error } : {}),
      busy: this.inFlight?.conversationId === conversation.id,
    };
  }

  private attachmentViews(): AttachmentView[] {
    return this.attachments.map((attachment) => ({ id: attachment.id, label: attachment.label, lines: attachment.code.split('\n').length }));
  }

  private historyViews(): HistoryItemView[] {
    return [...this.conversations.values()]
      .filter((conversation) => conversation.messages.length > 0 || conversation.id === this.activeId)
      .sort((a, b) => b.updatedAt.localeCompare(a.updatedAt))
      .map((conversation) => ({ id: conversation.id, title: conversation.title, updatedAt: conversation.updatedAt, messageCount: conversation.messages.length }));
  }

  private clusterView(): { id: string; label: string } | undefined {
    const cluster = this.clusters.active();
    return cluster ? { id: cluster.id, label: clusterLabel(cluster) } : undefined;
  }
}

function messageView(conversation: StoredConversation, index: number): ChatMessageView {
  const message = conversation.messages[index];
  if (!message) {
    throw new Error(`no message ${index}`);
  }
  return { index, role: message.role, content: message.content, ...(message.cluster ? { cluster: message.cluster } : {}) };
}

function lastIndexOf(conversation: StoredConversation, role: 'user' | 'assistant'): number {
  for (let index = conversation.messages.length - 1; index >= 0; index--) {
    if (conversation.messages[index]?.role === role) {
      return index;
    }
  }
  return -1;
}

/** The chat always offers Retry: the user may have fixed the cause elsewhere (a setting, the network). */
function chatRecoveryActions(error: unknown): ErrorAction[] {
  const actions = recoveryActionsFor(error);
  return actions.includes('retry') ? actions : ['retry', ...actions];
}

function newId(): string {
  return `${Date.now().toString(36)}-${randomBytes(4).toString('hex')}`;
}

function now(): string {
  return new Date().toISOString();
}

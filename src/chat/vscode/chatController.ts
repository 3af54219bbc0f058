import type * as vscode from 'vscode';
import type { ClusterStore } from '../../clusters/vscode/clusterStore';
import { composeUserMessage, type StoredConversation } from '../../conversations/common/conversation';
import type { ConversationLogFiles } from '../../conversations/node/conversationLogFiles';
import type { ErrorAction, HostToChatMessage } from '../common/chatProtocol';
import type { ReplyActions } from '../../replies/vscode/replyActions';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import { clusterView, conversationView, lastIndexOf, lastMessageView } from './chatViewModels';
import { HistoryMessages } from './historyMessages';
import { ChatCodeActions } from './codeBlockActions';
import { type ArrivedReply, ChatTurns } from './chatTurns';
import { HistorySearch } from './historySearch';
import { PendingAttachments } from './pendingAttachments';
import { UnreadReplies } from './unreadReplies';
import { ConversationStore, type ExternalChange } from '../../conversations/vscode/conversationStore';
import { askConversationTitle, confirmConversationDelete, forkTitle } from './conversationPrompts';
import { forkOperations, importOperations } from '../../conversations/common/conversationOperations';
import { type ChatGuards, NextSend } from './nextSend';

/** Where the controller sends view updates; absent while the view is not shown. */
export interface ChatViewConnection {
  post(message: HostToChatMessage): void;
}

/**
 * What the chat view asks for, carried out: the conversation, draft and attachments live here and
 * on disk; the webview only shows them and reports gestures. A request's user message is saved
 * before it is sent, so nothing is lost if the host stops mid-request.
 */
export class ChatController implements vscode.Disposable {
  private readonly store: ConversationStore;
  private readonly turns: ChatTurns;
  readonly codeActions: ChatCodeActions;
  readonly attachments: PendingAttachments;
  readonly history: HistoryMessages;
  readonly search: HistorySearch;
  /** What the next send carries: the system prompt, exclusions, the context meter and the hard limit. */
  readonly nextSend: NextSend;
  private view: ChatViewConnection | undefined;
  /** Replies as they arrive, and the conversations that hold one not yet opened. */
  readonly unread: UnreadReplies;
  private readonly subscriptions: vscode.Disposable[] = [];

  constructor(
    files: ConversationLogFiles,
    memento: vscode.Memento,
    pipeline: RequestPipeline,
    private readonly clusters: ClusterStore,
    actions: ReplyActions,
    log: vscode.LogOutputChannel,
    guards: ChatGuards,
  ) {
    this.store = new ConversationStore(files, memento, log);
    this.unread = new UnreadReplies(memento);
    const post = (message: HostToChatMessage): void => this.post(message);
    this.codeActions = new ChatCodeActions(this.store, actions, log, post);
    this.turns = new ChatTurns(this.store, pipeline, post, (reply) => this.replyArrived(reply), this.codeActions.requestMarks, guards);
    this.nextSend = new NextSend(this.store, () => this.attachments.all, post, guards);
    this.attachments = new PendingAttachments((message) => (post(message), this.nextSend.postMeter()));
    this.search = new HistorySearch(this.store, files, post);
    this.history = new HistoryMessages(this.store, this.unread);
    this.subscriptions.push(
      this.unread,
      clusters.onDidChangeActive(() => this.post({ type: 'cluster', cluster: clusterView(this.clusters.active()) })),
      this.store.onDidChangeExternally((change) => void this.showExternalChange(change)),
      this.store.onDidRefreshHistory(() => this.post(this.history.message())),
      this.store.onDidChange((id) => this.post(this.history.message(id))),
      this.codeActions,
    );
  }

  attach(view: ChatViewConnection): void {
    this.view = view;
    this.history.reset();
  }

  detach(view: ChatViewConnection): void {
    if (this.view === view) this.view = undefined;
  }

  /** Sends the whole state; to a page just loaded, the history (for its closed panel) follows, after the conversation. */
  async sendState(pageLoaded = false): Promise<void> {
    await this.loaded();
    const conversation = this.store.active();
    this.post({
      type: 'chatState',
      conversation: conversationView(conversation, this.turns.errorOf(conversation.id), this.turns.waitedMs(conversation.id)),
      draft: this.store.drafts.of(conversation.id),
      attachments: this.attachments.views(),
      cluster: clusterView(this.clusters.active()),
      ...(pageLoaded ? { history: [], historyComplete: false } : this.history.list()),
    });
    if (pageLoaded) this.post(this.history.message());
    this.nextSend.postMeter();
    void this.codeActions.postUndoableTurns(conversation.id);
  }

  /** Sends the typed text with the attachments; `frozen` are the instructions an edited message went with. */
  async send(text: string, frozen?: string): Promise<void> {
    await this.loaded();
    const { id } = this.store.active();
    const empty = composeUserMessage(text, this.attachments.all).trim().length === 0;
    const prepared = this.turns.isBusy(id) || empty ? undefined : await this.nextSend.prepare(text, frozen);
    if (!prepared) return;
    this.attachments.take();
    this.store.drafts.set(id, '');
    const message = { role: 'user' as const, at: new Date().toISOString(), ...prepared.message };
    const { conversation, saved } = this.store.apply(id, { kind: 'append', messages: [message] });
    this.post({ type: 'messagesAppended', conversationId: id, messages: [lastMessageView(conversation)] });
    await saved;
    await this.turns.send(id, prepared.typed, prepared.fromPromptFiles);
  }

  /** Stops the turn of the conversation shown; the others wait on. */
  stop(): void {
    this.turns.stop(this.store.activeId);
  }

  /** Drops the last reply and asks again. */
  async regenerate(): Promise<void> {
    const conversation = this.store.active();
    const lastUser = lastIndexOf(conversation, 'user');
    if (this.turns.isBusy(conversation.id) || lastUser < 0 || !(await this.codeActions.settleDroppedTurns(conversation.id, lastUser + 1)))
      return;
    await this.turns.truncate(conversation.id, lastUser + 1);
    await this.turns.send(conversation.id);
  }

  /** Replaces user message `index` and everything after it, then sends; `inNewChat`, in a fork that ends before it. */
  async editAndResend(index: number, text: string, inNewChat = false): Promise<void> {
    const conversation = this.store.active();
    if (this.turns.isBusy(conversation.id) || conversation.messages[index]?.role !== 'user' || text.trim().length === 0) {
      return;
    }
    if (inNewChat) await this.activate(await this.store.createWith(forkOperations(conversation, index - 1, forkTitle)));
    else if (await this.codeActions.settleDroppedTurns(conversation.id, index)) await this.turns.truncate(conversation.id, index);
    else return this.post({ type: 'setDraft', text, editIndex: index }); // cancelled: the box gets the edit back
    await this.send(text, conversation.messages[index]?.instructions ?? ''); // the snapshot from before the truncation
  }

  async newChat(): Promise<void> {
    await this.loaded();
    // Saved with its first message or draft: an empty chat leaves no file behind.
    await this.activate(this.store.create().id);
  }

  /** Starts a conversation from existing messages (e.g. a reply opened with “Continue in Chat”). */
  async importConversation(messages: readonly { readonly role: string; readonly content: string }[], cluster: string): Promise<void> {
    await this.loaded();
    await this.activate(await this.store.createWith(importOperations(messages, cluster, new Date().toISOString())));
  }

  /** Continues from message `index` in a new conversation holding the messages up to it; the original stays as it was. */
  async fork(index: number): Promise<void> {
    const original = this.store.active();
    if (index >= original.messages.length) return;
    await this.activate(await this.store.createWith(forkOperations(original, index, forkTitle)));
  }

  async switchTo(id: string): Promise<void> {
    if (await this.store.openConversation(id)) await this.activate(id);
  }

  async rename(id: string): Promise<void> {
    const conversation = await this.store.openConversation(id);
    const title = conversation && (await askConversationTitle(conversation));
    if (!conversation || !title) return;
    await this.store.apply(id, { kind: 'rename', title }).saved;
    if (id === this.store.activeId) await this.sendState();
  }

  async delete(id: string): Promise<void> {
    const conversation = await this.store.openConversation(id);
    if (!conversation || !(await confirmConversationDelete(conversation))) return;
    this.turns.forget(id);
    this.codeActions.forgetFiles(id);
    this.unread.clear(id);
    await this.store.delete(id);
    if (id === this.store.activeId) await this.activateNewest();
    else this.post(this.history.message());
  }

  /** The unsent input changed; saved shortly after typing stops. */
  draftChanged(text: string): void {
    this.store.drafts.set(this.store.active().id, text);
  }

  /** The fix the user chose on a failed turn. */
  errorAction(action: ErrorAction): Promise<void> {
    return this.turns.recover(action, this.store.activeId);
  }

  /** Puts keyboard focus in the view's message box (see `revealChat`). */
  focusInput(): void {
    this.post({ type: 'focusInput' });
  }

  /** The active conversation (for export and tests). */
  activeConversation(): StoredConversation {
    return this.store.active();
  }

  dispose(): void {
    this.store.dispose();
    this.nextSend.dispose();
    this.turns.stop();
    this.subscriptions.forEach((subscription) => void subscription.dispose());
  }

  /** Another window changed a conversation: the active one is shown again, any other updates the history. */
  private async showExternalChange({ id, deleted }: ExternalChange): Promise<void> {
    if (id !== this.store.activeId) {
      this.post(this.history.message(deleted ? undefined : id));
    } else if (deleted) {
      this.turns.forget(id);
      await this.activateNewest();
    } else {
      if (this.store.get(id)?.messages.at(-1)?.role === 'assistant' && !this.turns.isBusy(id)) {
        this.turns.setError(id, undefined); // the turn it was waiting for was answered in that window
      }
      await this.sendState();
    }
  }

  private async loaded(): Promise<void> {
    this.turns.markInterrupted(await this.store.ensureLoaded());
  }

  private async activateNewest(): Promise<void> {
    await this.store.historyLoaded();
    const next = this.store.newest();
    await (next !== undefined && (await this.store.openConversation(next)) ? this.activate(next) : this.newChat());
  }

  private async activate(id: string): Promise<void> {
    this.turns.markInterrupted(this.store.takeInterrupted());
    this.unread.clear(id);
    await this.store.setActive(id);
    await this.sendState();
  }

  private replyArrived(reply: ArrivedReply): void {
    this.unread.arrived(reply, this.store.activeId, this.store.entry(reply.conversationId)?.title ?? '');
    this.post(this.history.message(reply.conversationId));
  }

  private post(message: HostToChatMessage): void {
    this.view?.post(message);
  }
}

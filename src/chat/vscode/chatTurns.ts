import type { ChatGuards } from './nextSend';
import * as vscode from 'vscode';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import { requestMessages } from '../../conversations/common/conversation';
import { isClusterError } from '../../client/common/errors/errors';
import { recoveryActionsFor, settingsQueryFor } from '../../client/common/errors/recovery';
import type { ChatErrorView, ErrorAction, HostToChatMessage } from '../common/chatProtocol';
import type { PipelineRequest, PreparedRequest, RequestPipeline } from '../../requests/vscode/requestPipeline';
import { lastIndexOf, lastMessageView } from './chatViewModels';
import type { ChatRequestMarks } from '../common/chatRequestMarks';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { PromptInsertion } from '../../promptFiles/common/insertedPrompts';

/** A reply saved in its conversation, and how long the user waited for it. */
export interface ArrivedReply {
  readonly conversationId: string;
  readonly waitedMs: number;
}

/**
 * Sending a conversation's turn and receiving its reply: one request at a time per conversation
 * (conversations wait in parallel), each stoppable on its own, with a failed turn shown inline
 * under its message (kept per conversation) with the fixes to offer.
 */
export class ChatTurns {
  private readonly inFlight = new Map<string, { readonly cancellation: vscode.CancellationTokenSource; readonly startedAt: number }>();
  private readonly errors = new Map<string, ChatErrorView>();
  /** What "Open Settings" searches for after each conversation's last failure (the proxy settings after a 407). */
  private readonly settingsQueries = new Map<string, string>();

  constructor(
    private readonly store: ConversationStore,
    private readonly pipeline: RequestPipeline,
    private readonly post: (message: HostToChatMessage) => void,
    private readonly replied: (reply: ArrivedReply) => void,
    private readonly requestMarks: ChatRequestMarks,
    private readonly guards: Pick<ChatGuards, 'phraseGuard'>,
  ) {}

  isBusy(conversationId: string): boolean {
    return this.inFlight.has(conversationId);
  }

  /** How long the conversation's turn has waited so far; undefined when none runs. */
  waitedMs(conversationId: string): number | undefined {
    const turn = this.inFlight.get(conversationId);
    return turn && Date.now() - turn.startedAt;
  }

  errorOf(conversationId: string): ChatErrorView | undefined {
    return this.errors.get(conversationId);
  }

  /** Stops the conversation's turn; without one, every turn (the extension is stopping). */
  stop(conversationId?: string): void {
    for (const [id, turn] of this.inFlight) {
      if (conversationId === undefined || id === conversationId) {
        turn.cancellation.cancel();
      }
    }
  }

  /** Marks turns that were waiting for a reply when VS Code closed or the extension host stopped. */
  markInterrupted(conversationIds: readonly string[]): void {
    for (const id of conversationIds) {
      const conversation = this.store.get(id);
      if (conversation) {
        this.errors.set(id, {
          index: conversation.messages.length - 1,
          message: vscode.l10n.t(
            'No reply arrived: the request was interrupted when VS Code closed or reloaded. Your message is kept; Retry sends it again, but the cluster may already have acted on it.',
          ),
          actions: ['retry', 'showLog'],
        });
      }
    }
  }

  setError(conversationId: string, error: ChatErrorView | undefined): void {
    if (error) {
      this.errors.set(conversationId, error);
    } else {
      this.errors.delete(conversationId);
    }
    this.post({ type: 'error', conversationId, error });
  }

  /** Drops the messages from `index` on (edit and resend, regenerate) and the failure shown on them. */
  async truncate(conversationId: string, index: number): Promise<void> {
    const { saved } = this.store.apply(conversationId, { kind: 'truncate', index });
    this.setError(conversationId, undefined);
    this.post({ type: 'messagesTruncated', conversationId, index });
    await saved;
  }

  forget(conversationId: string): void {
    this.stop(conversationId);
    this.errors.delete(conversationId);
    this.settingsQueries.delete(conversationId);
  }

  /** Carries out the fix the user chose on a failed turn, and sends the turn again where that fixed it. */
  async recover(action: ErrorAction, conversationId: string): Promise<void> {
    switch (action) {
      case 'retry':
        return this.send(conversationId);
      case 'updateApiKey':
        return (await this.pipeline.updateApiKey()) ? this.send(conversationId) : undefined;
      case 'selectCluster':
        return (await this.pipeline.selectCluster()) ? this.send(conversationId) : undefined;
      case 'openSettings':
        return void (await vscode.commands.executeCommand(
          'workbench.action.openSettings',
          this.settingsQueries.get(conversationId) ?? 'clusterChat',
        ));
      case 'showLog':
        return void (await vscode.commands.executeCommand('clusterChat.showLog'));
    }
  }

  /**
   * The cluster, client and key of the turn, asked for where missing, and the question of a cluster
   * set to ask before sending. Its Cancel means "not now": the message goes back into the box as
   * the draft, with no error and no wait shown ('declined'). Stop while a question is open is a
   * cancellation like any other.
   */
  private async prepare(
    conversationId: string,
    index: number,
    messages: PipelineRequest['messages'],
    token: vscode.CancellationToken,
  ): Promise<PreparedRequest | 'declined' | undefined> {
    try {
      return await this.pipeline.prepare({ caller: 'chat', messages, token, interactive: true });
    } catch (error) {
      if (!isClusterError(error) || error.kind !== 'cancelled' || token.isCancellationRequested) {
        throw error;
      }
      const text = this.store.get(conversationId)?.messages[index]?.content ?? '';
      await this.truncate(conversationId, index);
      this.store.drafts.set(conversationId, text);
      if (this.store.active().id === conversationId) {
        this.post({ type: 'setDraft', text });
      }
      return 'declined';
    }
  }

  /**
   * Sends the conversation as it stands and appends the reply, or shows the failure inline. `typed` is
   * what the user typed for this turn, the only text the action-phrase guard does not search, but for
   * what of it a prompt file put there (`fromPromptFiles`).
   */
  async send(conversationId: string, typed?: string, fromPromptFiles: readonly PromptInsertion[] = []): Promise<void> {
    const conversation = this.store.get(conversationId);
    const failedIndex = conversation ? lastIndexOf(conversation, 'user') : -1;
    // Only a conversation waiting for a reply is sent: a stale Retry must not add a second reply.
    if (!conversation || this.inFlight.has(conversationId) || failedIndex < 0 || failedIndex !== conversation.messages.length - 1) {
      return;
    }
    this.setError(conversationId, undefined);
    const cancellation = new vscode.CancellationTokenSource();
    // Held from here, so a second send cannot start while the guard's question is open.
    this.inFlight.set(conversationId, { cancellation, startedAt: Date.now() });
    try {
      const messages = requestMessages(conversation);
      if (!(await this.guards.phraseGuard.allows(messages, typed, undefined, fromPromptFiles))) {
        this.setError(conversationId, {
          index: failedIndex,
          message: vscode.l10n.t('Not sent: it carries an action phrase of the cluster in text you did not type now.'),
          actions: ['retry'],
        });
        return;
      }
      const prepared = await this.prepare(conversationId, failedIndex, messages, cancellation.token);
      if (prepared === 'declined') {
        return;
      }
      if (!prepared) {
        this.setError(conversationId, {
          index: failedIndex,
          message: vscode.l10n.t('Not sent: choose a cluster and set an API key, then retry.'),
          actions: ['selectCluster', 'updateApiKey', 'retry'],
        });
        return;
      }
      // The wait the chat shows starts when the request leaves, not while the user reads a question.
      const startedAt = Date.now();
      this.inFlight.set(conversationId, { cancellation, startedAt });
      this.post({ type: 'busy', conversationId, busy: true });
      const sent = await this.pipeline.execute(prepared, cancellation.token);
      if (!this.store.get(conversationId)) {
        return;
      }
      const at = new Date().toISOString();
      const reply = { role: 'assistant' as const, content: sent.reply.assistant.content, cluster: clusterLabel(sent.cluster), at };
      const appended = this.store.apply(conversationId, { kind: 'append', messages: [reply] });
      const saved = await appended.saved;
      this.requestMarks.mark(conversationId, at, sent.inspection);
      // When another window added messages meanwhile, the store's change event re-sends the whole conversation.
      if (saved.messages.length === appended.conversation.messages.length) {
        this.post({ type: 'messagesAppended', conversationId, messages: [lastMessageView(saved)] });
      }
      this.replied({ conversationId, waitedMs: Date.now() - startedAt });
    } catch (error) {
      if (isClusterError(error) && error.kind === 'cancelled') {
        this.setError(conversationId, {
          index: failedIndex,
          message: vscode.l10n.t('Stopped. Your message is kept; retry to send it again.'),
          actions: ['retry'],
        });
      } else {
        this.settingsQueries.set(conversationId, settingsQueryFor(error));
        this.setError(conversationId, {
          index: failedIndex,
          message: error instanceof Error ? error.message : String(error),
          actions: chatRecoveryActions(error),
        });
      }
    } finally {
      cancellation.dispose();
      this.inFlight.delete(conversationId);
      this.post({ type: 'busy', conversationId, busy: false });
    }
  }
}

/** The chat always offers Retry: the user may have fixed the cause elsewhere (a setting, the network). */
function chatRecoveryActions(error: unknown): ErrorAction[] {
  const actions = recoveryActionsFor(error);
  return actions.includes('retry') ? actions : ['retry', ...actions];
}

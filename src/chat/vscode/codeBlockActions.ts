import * as vscode from 'vscode';
import type { ChatMessageRef, HostToChatMessage } from '../common/chatProtocol';
import type { CodeAction } from '../../replies/common/replyProtocol';
import type { ReplyActions } from '../../replies/vscode/replyActions';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { TurnRef } from '../../fileEdits/vscode/turnCheckpoints';
import { ChatRequestMarks } from '../common/chatRequestMarks';

/**
 * Copy, Insert, Replace, Diff and New File on a chat message: the reply view's actions, applied
 * to the message's markdown. Each answers with `actionDone` naming the same message.
 */
export class ChatCodeActions implements vscode.Disposable {
  /** The inspector record of each reply, for Show Request. */
  readonly requestMarks = new ChatRequestMarks();
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly store: ConversationStore,
    private readonly actions: ReplyActions,
    private readonly log: vscode.LogOutputChannel,
    private readonly post: (message: HostToChatMessage) => void,
  ) {
    this.subscriptions = [
      ...(actions.files ? [actions.files.checkpoints.onDidChange((id) => id === store.activeId && void this.postUndoableTurns(id))] : []),
      // That window freed what its turns kept; what this one kept for it since goes too.
      store.onDidChangeExternally(({ id, deleted }) => deleted && this.forgetFiles(id)),
    ];
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => void subscription.dispose());
  }

  /** Copies a message of the active conversation, as written. */
  async copy(index: number): Promise<void> {
    const conversation = this.store.active();
    const message = conversation.messages[index];
    if (message) {
      await vscode.env.clipboard.writeText(message.content);
      this.post({ type: 'actionDone', reply: { conversationId: conversation.id, index }, action: 'copy', ok: true });
    }
  }

  /** Opens the review of the files a reply's code blocks name. */
  async reviewFiles(index: number): Promise<void> {
    const turn = this.turnOf(index);
    if (turn) {
      await this.actions.files?.review(turn.ref, turn.content);
    }
  }

  /** Restores the files the reply's turn changed. */
  async undoTurn(index: number): Promise<void> {
    const turn = this.turnOf(index);
    if (turn) {
      await this.actions.files?.undo(turn.ref);
    }
  }

  /**
   * Before the replies from `index` on are dropped (regenerate, edit and resend): when their turns
   * changed files, asks whether to undo those changes first, since no message will offer their undo
   * any more, then frees what the turns kept. Resolves false when the user cancels, or an undo
   * restored no file (its message says why): the replies then stay.
   */
  async settleDroppedTurns(conversationId: string, index: number): Promise<boolean> {
    const conversation = this.store.get(conversationId);
    const files = this.actions.files;
    if (!conversation || !files) {
      return true;
    }
    const changing = await files.checkpoints.changingTurns(conversationId).catch((error: unknown) => {
      // Unreadable, the turns' records cannot show what to undo: the log says the question was not asked.
      this.log.warn(`Could not read which turns of conversation ${conversationId} changed files, so their undo was not offered:`, error);
      return new Set<string>();
    });
    const dropped = conversation.messages.flatMap((message, at) =>
      at >= index && message.role === 'assistant' && changing.has(turnId(message, at))
        ? [{ conversationId, turn: turnId(message, at) }]
        : [],
    );
    if (dropped.length === 0) {
      return true;
    }
    const undo = vscode.l10n.t('Undo Changes');
    const keep = vscode.l10n.t('Keep Changes');
    const choice = await vscode.window.showWarningMessage(
      dropped.length === 1
        ? vscode.l10n.t('The reply this replaces changed files. Undo its changes first?')
        : vscode.l10n.t('The {0} replies this replaces changed files. Undo their changes first?', dropped.length),
      { modal: true, detail: vscode.l10n.t('Keep Changes leaves the files as they are; the undo of those replies goes away with them.') },
      undo,
      keep,
    );
    if (choice === undefined) {
      return false;
    }
    for (const turn of [...dropped].reverse()) {
      if (choice === undo && !(await files.undo(turn))) {
        return false;
      }
      await files.checkpoints.forgetTurn(turn);
    }
    return true;
  }

  /** Frees what the turns of a deleted conversation kept of the files they changed. */
  forgetFiles(conversationId: string): void {
    this.actions.files?.forget(conversationId).catch((error: unknown) => {
      this.log.warn(`Could not free the checkpoints of ${conversationId}: ${error instanceof Error ? error.message : String(error)}`);
    });
  }

  /** Tells the view which replies of a conversation changed files, so that only those offer their undo. */
  async postUndoableTurns(conversationId: string): Promise<void> {
    const conversation = this.store.get(conversationId);
    const checkpoints = this.actions.files?.checkpoints;
    if (!conversation || !checkpoints) {
      return;
    }
    try {
      const turns = await checkpoints.changingTurns(conversationId);
      const indexes = conversation.messages.flatMap((message, index) =>
        message.role === 'assistant' && turns.has(turnId(message, index)) ? [index] : [],
      );
      this.post({ type: 'undoableTurns', conversationId, indexes });
    } catch (error) {
      this.log.warn(`Could not read the checkpoints of ${conversationId}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }

  /** A reply of the active conversation, named for its checkpoints by its message id. */
  private turnOf(index: number): { readonly ref: TurnRef; readonly content: string } | undefined {
    const conversation = this.store.active();
    const message = conversation.messages[index];
    return message?.role === 'assistant'
      ? { ref: { conversationId: conversation.id, turn: turnId(message, index) }, content: message.content }
      : undefined;
  }

  async perform(reply: ChatMessageRef, action: CodeAction, block: number | 'all'): Promise<void> {
    const conversation = this.store.get(reply.conversationId);
    const message = conversation?.messages[reply.index];
    if (!conversation || message?.role !== 'assistant' || action === 'continueInChat') {
      return;
    }
    const id = `${reply.conversationId}/${reply.index}`;
    // Insert, Replace and a diff's Apply change a file for this turn: its undo puts the file back.
    const turn = { conversationId: conversation.id, turn: turnId(message, reply.index) };
    const files = this.actions.files;
    const ok = await this.actions
      .perform(
        {
          id,
          title: conversation.title,
          cluster: message.cluster ?? '',
          markdown: message.content,
          source: undefined,
          inspection: this.requestMarks.get(conversation.id, message.at),
          checkpoint: files && ((document) => files.beforeEdit(turn, document)),
        },
        action,
        block,
      )
      .catch((error: unknown) => {
        this.log.warn(`Chat code action ${action} failed: ${error instanceof Error ? error.message : String(error)}`);
        return false;
      });
    this.post({ type: 'actionDone', reply, action, ok });
  }
}

/** A reply's turn, as its checkpoints name it: the message's id (its index in logs written before messages had ids). */
function turnId(message: { readonly id?: string | undefined }, index: number): string {
  return message.id ?? `i${index}`;
}

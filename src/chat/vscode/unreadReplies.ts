import * as vscode from 'vscode';
import { UnreadConversations } from '../common/unreadSet';
import type { ArrivedReply } from './chatTurns';

const UNREAD_KEY = 'clusterChat.unreadConversations';

/** A reply saved in its conversation, with that conversation's title. */
export type ReplyArrival = ArrivedReply & { readonly title: string };

/**
 * Replies as they arrive, and which conversations hold one the user has not opened: a reply that
 * arrives in a conversation not shown waits there, marked, until it is opened. The marks are kept
 * in the extension's state so they survive a reload.
 */
export class UnreadReplies implements vscode.Disposable {
  private readonly unread: UnreadConversations;
  private readonly arrivals = new vscode.EventEmitter<ReplyArrival>();
  /** A reply was saved in its conversation (shown or not). */
  readonly onDidArrive = this.arrivals.event;

  constructor(private readonly memento: vscode.Memento) {
    const saved = memento.get<unknown>(UNREAD_KEY);
    this.unread = new UnreadConversations(Array.isArray(saved) ? saved.filter((id): id is string => typeof id === 'string') : []);
  }

  has(id: string): boolean {
    return this.unread.has(id);
  }

  /** A reply was saved; `shownId` is the conversation the chat shows. */
  arrived(reply: ArrivedReply, shownId: string, title: string): void {
    if (reply.conversationId !== shownId && this.unread.mark(reply.conversationId)) {
      void this.memento.update(UNREAD_KEY, this.unread.toJSON());
    }
    this.arrivals.fire({ ...reply, title });
  }

  /** The conversation was opened (or deleted). */
  clear(id: string): void {
    if (this.unread.clear(id)) {
      void this.memento.update(UNREAD_KEY, this.unread.toJSON());
    }
  }

  dispose(): void {
    this.arrivals.dispose();
  }
}

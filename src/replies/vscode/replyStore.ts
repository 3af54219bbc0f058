import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import type { SourceAnchor } from './sourceAnchor';

/** A reply the user can act on, and where its request came from (if from an editor). */
export interface StoredReply {
  readonly id: string;
  /** e.g. "Explain · hello.ts". */
  readonly title: string;
  readonly cluster: string;
  readonly markdown: string;
  readonly source: SourceAnchor | undefined;
  /** The conversation that produced the reply (request and reply), for “Continue in Chat”. */
  readonly conversation?: readonly Message[];
  /** The request inspector's record of the request this reply answered. */
  readonly inspection?: number | undefined;
  /** Keeps a file before the reply's code changes it (a chat turn's undo); see `FileReviews.beforeEdit`. */
  readonly checkpoint?: Checkpoint;
}

/** Keeps `document`'s file; resolves what records the text it was changed to, false to leave the file alone. */
type Checkpoint = (document: vscode.TextDocument) => Promise<(() => Promise<void>) | false | undefined>;

const KEEP = 20;

/** The recent replies (bounded), the last one for the “… Last Reply” commands, and a context key. */
export class ReplyStore implements vscode.Disposable {
  private readonly replies: StoredReply[] = [];
  private readonly added = new vscode.EventEmitter<StoredReply>();
  /** A reply arrived (the walkthrough's "explain a selection" step completes on the first). */
  readonly onDidAdd = this.added.event;
  private counter = 0;

  /**
   * @param keep keeps a file before a reply that is no chat turn (the reply view's) changes it, under
   * the reply's title, for "Undo an Edit Outside the Chat"; see `EditCheckpoints.keep`.
   */
  constructor(private readonly keep?: (document: vscode.TextDocument, title: string) => ReturnType<Checkpoint>) {}

  add(reply: Omit<StoredReply, 'id'>): StoredReply {
    const keep = this.keep;
    const checkpoint: Checkpoint | undefined = reply.checkpoint ?? (keep && ((document) => keep(document, reply.title)));
    const stored = { ...reply, ...(checkpoint ? { checkpoint } : {}), id: `reply-${++this.counter}` };
    this.replies.push(stored);
    for (const evicted of this.replies.splice(0, Math.max(0, this.replies.length - KEEP))) {
      evicted.source?.dispose();
    }
    void vscode.commands.executeCommand('setContext', 'clusterChat.hasReply', true);
    this.added.fire(stored);
    return stored;
  }

  get(id: string): StoredReply | undefined {
    return this.replies.find((reply) => reply.id === id);
  }

  last(): StoredReply | undefined {
    return this.replies[this.replies.length - 1];
  }

  dispose(): void {
    this.added.dispose();
    for (const reply of this.replies.splice(0)) {
      reply.source?.dispose();
    }
  }
}

import { createHash } from 'node:crypto';
import * as vscode from 'vscode';
import { insertedLeft, type ShownHunk } from '../common/proposalHunks';

/** Where a pending proposal's inserted lines are, kept in the workspace's state. */
interface KeptProposal {
  readonly uri: string;
  readonly title: string;
  /** The hash of the document's text with those lines in: only that very text is ever changed. */
  readonly sha256: string;
  /** The inserted lines' spans in that text, as offsets. */
  readonly inserted: ReadonlyArray<readonly [number, number]>;
}

/** A proposal pending now, as the keeper reads it. */
export interface PendingProposal {
  readonly document: vscode.TextDocument;
  readonly title: string;
  readonly hunks: readonly ShownHunk[];
}

const STATE_KEY = 'clusterChat.undecidedProposals';
/** Proposals follow each keystroke; what is kept is written once typing pauses. */
const WRITE_DELAY_MS = 300;
/** Kept of a window that never showed their files again: a few, not a growing list. */
const MAX_KEPT = 20;

/**
 * Finds again the proposals a window took down undecided. With automatic saves off, a pending
 * proposal leaves its document modified, and VS Code brings such a document back (hot exit) with
 * the inserted lines in it but no proposal to tell them from the user's. Where each pending
 * proposal's lines are is kept; a document that comes back with exactly that text has them taken
 * out, and the user is told. Any other text is left alone.
 */
export class UndecidedProposals implements vscode.Disposable {
  private readonly unmet: Map<string, KeptProposal>;
  private readonly subscription: vscode.Disposable;
  private timer: ReturnType<typeof setTimeout> | undefined;
  private stopped = false;
  /** Settles once the documents open at the start are looked at. */
  readonly ready: Promise<void>;

  constructor(
    private readonly state: vscode.Memento,
    private readonly pending: () => Iterable<PendingProposal>,
  ) {
    const kept = state.get<unknown>(STATE_KEY);
    this.unmet = new Map((Array.isArray(kept) ? kept.filter(isKept) : []).map((each) => [each.uri, each]));
    this.subscription = vscode.workspace.onDidOpenTextDocument((document) => void this.takeOut(document));
    this.ready = Promise.all(vscode.workspace.textDocuments.map((document) => this.takeOut(document))).then(() => undefined);
  }

  /** A proposal came, changed or ended: what is kept is written again once things settle. */
  changed(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => void this.write(), WRITE_DELAY_MS);
  }

  /** Writes what is kept now and stops: the proposals are about to end with the window. */
  flush(): void {
    if (this.stopped) return;
    clearTimeout(this.timer);
    void this.write();
    this.stopped = true;
  }

  private write(): Thenable<void> {
    const live = [...this.pending()].flatMap(({ document, title, hunks }): KeptProposal[] => {
      const text = document.getText();
      const spans = insertedLeft(text, hunks, []);
      return spans.length === 0
        ? []
        : [{ uri: document.uri.toString(), title, sha256: sha256(text), inserted: spans.map((span) => [span.start, span.end]) }];
    });
    const kept = [...live, ...[...this.unmet.values()].filter((each) => !live.some((other) => other.uri === each.uri))].slice(0, MAX_KEPT);
    return this.state.update(STATE_KEY, kept.length > 0 ? kept : undefined);
  }

  private async takeOut(document: vscode.TextDocument): Promise<void> {
    const kept = this.unmet.get(document.uri.toString());
    if (!kept || sha256(document.getText()) !== kept.sha256) return;
    this.unmet.delete(kept.uri);
    const edit = new vscode.WorkspaceEdit();
    for (const [start, end] of kept.inserted) {
      edit.delete(document.uri, new vscode.Range(document.positionAt(start), document.positionAt(end)));
    }
    const done = await vscode.workspace.applyEdit(edit);
    this.changed();
    if (done) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Cluster Chat: the changes of “{0}” to {1} were still undecided when the window closed, so their lines were taken out.',
          kept.title,
          vscode.workspace.asRelativePath(document.uri),
        ),
      );
    }
  }

  dispose(): void {
    clearTimeout(this.timer);
    this.subscription.dispose();
  }
}

function sha256(text: string): string {
  return createHash('sha256').update(text).digest('hex');
}

function isKept(value: unknown): value is KeptProposal {
  if (typeof value !== 'object' || value === null) return false;
  const each = value as Partial<Record<keyof KeptProposal, unknown>>;
  return (
    typeof each.uri === 'string' &&
    typeof each.title === 'string' &&
    typeof each.sha256 === 'string' &&
    Array.isArray(each.inserted) &&
    each.inserted.every((span) => Array.isArray(span) && span.length === 2 && span.every((at) => Number.isInteger(at) && at >= 0))
  );
}

import * as vscode from 'vscode';
import type { ReviewDocuments } from './reviewDocuments';
import type { TurnCheckpoints, TurnRef } from './turnCheckpoints';
import { undoTurn } from './turnUndo';

/** Edit in Place, Fix and the reply view's code belong to no conversation: their turns are kept under this one. */
const EDITS_CONVERSATION = 'edit-in-place-and-fix';
/** Past this many edits the oldest checkpoint is dropped, so the edits' share of the store stays small. */
export const KEPT_EDITS = 20;
const INDEX_KEY = 'clusterChat.editCheckpoints';

/** One Edit in Place, Fix or change by the reply view's code whose file was kept, as listed for undo. */
export interface KeptEdit {
  readonly turn: string;
  /** e.g. "Edit in Place · math.ts". */
  readonly title: string;
  readonly uri: string;
  /** When the proposal was shown, in ms since the epoch. */
  readonly at: number;
}

/**
 * Checkpoints of Edit in Place, Fix with Cluster and the reply view's Insert, Replace and Apply: the
 * file is kept before a proposal is shown (or the code goes in), what it holds after is recorded, and
 * "Undo an Edit Outside the Chat" brings back
 * the file as it was, even after it was saved and closed, when the editor's own undo is gone.
 */
export class EditCheckpoints {
  /** Edits whose proposal still shows: kept in the index, so nothing is orphaned, but not yet offered for undo. */
  private readonly pending = new Set<string>();

  constructor(
    private readonly checkpoints: TurnCheckpoints,
    private readonly documents: ReviewDocuments,
    private readonly state: vscode.Memento,
  ) {}

  /** The kept edits whose proposal has ended, newest first. */
  list(): readonly KeptEdit[] {
    return this.stored().filter((edit) => !this.pending.has(edit.turn));
  }

  /**
   * Keeps the file before a proposal changes it; resolves what records the text it ends with (an
   * edit that changed nothing is dropped), false when the user would rather not change a file that
   * cannot be kept, undefined when there is nothing to keep (a document that is no file, or one the
   * user chose to change without a copy).
   */
  async keep(document: vscode.TextDocument, title: string): Promise<(() => Promise<void>) | false | undefined> {
    if (document.uri.scheme !== 'file') {
      return undefined;
    }
    const edit: KeptEdit = { turn: newTurnId(), title, uri: document.uri.toString(), at: Date.now() };
    const ref = refOf(edit.turn);
    const label = vscode.workspace.asRelativePath(document.uri);
    const before = document.getText();
    const kept = await this.checkpoints.keep(ref, document.uri, label, before, before, 'edit');
    if (kept !== 'kept') {
      return kept === false ? false : undefined; // changed without a copy: no undo to offer
    }
    this.pending.add(edit.turn);
    await this.add(edit);
    return async () => {
      this.pending.delete(edit.turn);
      const after = document.getText();
      if (after === before) {
        await this.drop(edit.turn);
      } else if (await this.checkpoints.recordAfter(ref, document.uri, label, before, after)) {
        await this.add(edit);
      }
    };
  }

  /** Restores the file of one kept edit (picked from the list when not given); resolves whether it was. */
  async undo(turn?: string): Promise<boolean> {
    const edit = turn === undefined ? await this.pick() : this.list().find((candidate) => candidate.turn === turn);
    if (!edit) {
      return false;
    }
    const restored = await undoTurn(refOf(edit.turn), this.checkpoints, this.documents);
    if (!(await this.checkpoints.store.turn(EDITS_CONVERSATION, edit.turn))) {
      await this.remove(edit.turn);
    }
    return restored;
  }

  private async pick(): Promise<KeptEdit | undefined> {
    const edits = this.list();
    if (edits.length === 0) {
      void vscode.window.showInformationMessage(
        vscode.l10n.t(
          'Cluster Chat: no Edit in Place, Fix or code from the reply view has changed a file yet, so there is nothing to undo.',
        ),
      );
      return undefined;
    }
    const picked = await vscode.window.showQuickPick(
      edits.map((edit) => ({
        label: edit.title,
        description: vscode.workspace.asRelativePath(vscode.Uri.parse(edit.uri, true)),
        detail: new Date(edit.at).toLocaleString(vscode.env.language),
        edit,
      })),
      {
        title: vscode.l10n.t('Cluster Chat: Undo an Edit Outside the Chat'),
        placeHolder: vscode.l10n.t('Pick an Edit in Place, Fix or code from the reply view: its file comes back as it was before it.'),
      },
    );
    return picked?.edit;
  }

  /** Every edit in the index, a pending one included. */
  private stored(): readonly KeptEdit[] {
    return this.state.get<readonly KeptEdit[]>(INDEX_KEY, []);
  }

  private async add(edit: KeptEdit): Promise<void> {
    const others = this.stored().filter((other) => other.turn !== edit.turn);
    const kept = [edit, ...others].sort((a, b) => b.at - a.at);
    for (const old of kept.slice(KEPT_EDITS)) {
      await this.checkpoints.forgetTurn(refOf(old.turn));
    }
    await this.state.update(INDEX_KEY, kept.slice(0, KEPT_EDITS));
  }

  private async drop(turn: string): Promise<void> {
    await this.checkpoints.forgetTurn(refOf(turn));
    await this.remove(turn);
  }

  private remove(turn: string): Thenable<void> {
    return this.state.update(
      INDEX_KEY,
      this.stored().filter((edit) => edit.turn !== turn),
    );
  }
}

function refOf(turn: string): TurnRef {
  return { conversationId: EDITS_CONVERSATION, turn };
}

function newTurnId(): string {
  return `edit-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 10)}`;
}

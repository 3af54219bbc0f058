import * as vscode from 'vscode';
import { planReview, type PlannedFile } from './reviewPlan';
import { REVIEW_SCHEME, type ReviewDocuments } from './reviewDocuments';
import { confirmRisks, notInReview, pickFiles, reportLeftOut } from './reviewPrompts';
import { writeFiles } from './turnWrites';
import type { TurnCheckpoints, TurnRef } from './turnCheckpoints';
import { undoTurn } from './turnUndo';
import { reviewInEditor } from './reviewInEditor';
import { closeReviewTabs, relistReview, showOpen, showReview } from './reviewTabs';
import { shrinkText } from './reviewTexts';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { InlineProposals } from '../../inlineEdit/vscode/inlineProposals';

/** A review on screen: its files and where each one's proposal is held. */
interface OpenReview {
  readonly turn: TurnRef;
  readonly files: readonly { readonly file: PlannedFile; readonly proposal: vscode.Uri; readonly original: vscode.Uri }[];
}

/**
 * "Review changes in N files": the files a reply's labelled blocks change, all in VS Code's
 * multi-file diff editor. Each proposal can be edited there (reverting a hunk rejects it);
 * Accept writes the files as they then stand, each as one undo step, nothing saved.
 */
export class FileReviews implements vscode.Disposable {
  private counter = 0;
  private readonly open = new Map<number, OpenReview>();
  private latest: number | undefined;
  /** Files moved into their editor, by the proposal the review's diff may still show. */
  private readonly moved = new Map<string, vscode.Uri>();

  constructor(
    /** The reviews' proposals, and the blocks compared with their files. */
    readonly documents: ReviewDocuments,
    private readonly ignore: WorkspaceIgnore,
    /** The chat turns' checkpoints: which turns changed files, and when that changes. */
    readonly checkpoints: TurnCheckpoints,
    private readonly inline: InlineProposals,
  ) {}

  /** Opens the review of a reply's file blocks; resolves whether there was one to open. */
  async review(turn: TurnRef, markdown: string): Promise<boolean> {
    const plan = await planReview(markdown, this.ignore);
    reportLeftOut(plan.leftOut, this.documents);
    const files = await confirmRisks(plan.files);
    if (files.length === 0) {
      if (plan.leftOut.length === 0) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: this reply names no file for its code blocks.'));
      }
      return false;
    }
    const id = ++this.counter;
    const review: OpenReview = {
      turn,
      files: files.map((file) => {
        // The file's own path, so the diff names each file as the workspace does; the query keeps reviews apart.
        const proposal = file.uri.with({ scheme: REVIEW_SCHEME, query: `review=${id}` });
        const original = file.original === undefined ? file.uri.with({ scheme: REVIEW_SCHEME, query: `review=${id}&empty` }) : file.uri;
        this.documents.put(proposal, file.proposed);
        if (file.original === undefined) {
          this.documents.put(original, '');
        }
        return { file, proposal, original };
      }),
    };
    this.open.set(id, review);
    this.latest = id;
    showOpen(true);
    // Not awaited: the command resolves long after the editor shows, and the offer belongs beside it.
    void showReview(review.files);
    void this.offer(id, review);
    return true;
  }

  /** "Undo changes of this turn": the files the turn changed, back as they were. */
  undo(turn: TurnRef): Promise<boolean> {
    return undoTurn(turn, this.checkpoints, this.documents);
  }

  /**
   * Keeps `document`'s file for the turn before Insert, Replace or a diff's Apply changes it;
   * resolves what to call once the change is made (it records what was written), or false when the
   * user would rather not change a file that cannot be kept.
   */
  async beforeEdit(turn: TurnRef, document: vscode.TextDocument): Promise<(() => Promise<void>) | false | undefined> {
    if (document.uri.scheme !== 'file') {
      return undefined;
    }
    const label = vscode.workspace.asRelativePath(document.uri);
    const before = document.getText();
    const kept = await this.checkpoints.keep(turn, document.uri, label, before, before);
    if (kept !== 'kept') {
      return kept === false ? false : undefined; // changed without a copy: nothing to record after
    }
    return async () => void (await this.checkpoints.recordAfter(turn, document.uri, label, before, document.getText()));
  }

  /** Frees the checkpoints of a deleted conversation. */
  forget(conversationId: string): Promise<void> {
    return this.checkpoints.forgetConversation(conversationId);
  }

  /** Accepts every file of the newest open review. */
  acceptAll(): Promise<boolean> {
    return this.finish(this.latest, (files) => Promise.resolve(files));
  }

  /** Accepts the files the user picks of the newest open review. */
  acceptChosen(): Promise<boolean> {
    return this.finish(this.latest, pickFiles);
  }

  /** Accepts, or leaves out writing nothing, the one file whose proposal is `uri` (the diff editor's title buttons). */
  async decideFile(uri: vscode.Uri | undefined, accept: boolean): Promise<boolean> {
    const found = this.find(uri);
    if (!found) {
      const here = accept
        ? vscode.l10n.t('Cluster Chat: there is no proposed change here to accept.')
        : vscode.l10n.t('Cluster Chat: there is no proposed change here to reject.');
      return notInReview(this.moved, uri, here);
    }
    return accept
      ? this.finish(found.id, () => Promise.resolve([found.entry]), false)
      : this.remove(found.id, [found.entry]).then(() => true);
  }

  /**
   * Moves the one file whose proposal is `uri` out of the review into its own editor, as an inline
   * proposal whose hunks are accepted or rejected one by one; the file leaves the review.
   */
  async reviewInEditor(uri: vscode.Uri | undefined): Promise<boolean> {
    const found = this.find(uri);
    if (!found) {
      return notInReview(this.moved, uri, vscode.l10n.t('Cluster Chat: there is no proposed change here to review.'));
    }
    const { id, review, entry } = found;
    const write = { file: entry.file, text: this.documents.textOf(entry.proposal) ?? entry.file.proposed };
    if (!(await reviewInEditor(write, this.inline, (document) => this.beforeEdit(review.turn, document)))) {
      return false;
    }
    this.moved.set(entry.proposal.toString(), entry.file.uri);
    await this.remove(id, [entry]);
    // The review listed anew comes to the front: the file's editor, where its hunks are, goes back there.
    await vscode.window.showTextDocument(entry.file.uri, { preview: false });
    return true;
  }

  /** Drops the newest open review without writing anything. */
  reject(): boolean {
    const review = this.latest === undefined ? undefined : this.open.get(this.latest);
    if (review && this.latest !== undefined) {
      this.close(this.latest, review);
    }
    return review !== undefined;
  }

  /** The open review holding the proposal `uri` (the active editor's when none is given), and its entry. */
  private find(
    uri: vscode.Uri | undefined,
  ): { readonly id: number; readonly review: OpenReview; readonly entry: OpenReview['files'][number] } | undefined {
    const target = (uri ?? vscode.window.activeTextEditor?.document.uri)?.toString();
    for (const [id, review] of this.open) {
      const entry = review.files.find(({ proposal }) => proposal.toString() === target);
      if (entry) {
        return { id, review, entry };
      }
    }
    return undefined;
  }

  private async offer(id: number, review: OpenReview): Promise<void> {
    const acceptAll = vscode.l10n.t('Accept All');
    const choose = vscode.l10n.t('Choose Files…');
    const rejectAll = vscode.l10n.t('Reject All');
    const offer = vscode.l10n.t(
      'Cluster Chat proposes changes to {0} files. Revert a hunk in the diff to leave it out; nothing is written until you accept.',
      review.files.length,
    );
    const choice = await vscode.window.showInformationMessage(
      [offer, ...review.files.flatMap(({ file }) => (file.shrink ? [shrinkText(file.label, file.shrink)] : []))].join(' '),
      acceptAll,
      choose,
      rejectAll,
    );
    if (choice === acceptAll) {
      await this.finish(id, (files) => Promise.resolve(files));
    } else if (choice === choose) {
      await this.finish(id, pickFiles);
    } else if (choice === rejectAll) {
      this.close(id, review);
    }
  }

  private async finish(
    id: number | undefined,
    choose: (files: OpenReview['files']) => Promise<OpenReview['files'] | undefined>,
    whole = true,
  ): Promise<boolean> {
    const review = id === undefined ? undefined : this.open.get(id);
    if (id === undefined || !review) {
      void vscode.window.showWarningMessage(vscode.l10n.t('Cluster Chat: there is no open review of proposed changes.'));
      return false;
    }
    const chosen = await choose(review.files);
    if (!chosen) {
      return false;
    }
    const written = await writeFiles(
      review.turn,
      chosen.map(({ file, proposal }) => ({ file, text: this.documents.textOf(proposal) ?? file.proposed })),
      this.checkpoints,
    );
    if (whole) {
      this.close(id, review);
    } else {
      await this.remove(id, chosen);
    }
    return written;
  }

  /** Takes files out of a review as it is now (it may have changed meanwhile), closing it when none is left. */
  private async remove(id: number, entries: OpenReview['files']): Promise<void> {
    const review = this.open.get(id);
    const rest = review?.files.filter((entry) => !entries.includes(entry)) ?? [];
    if (review && rest.length === 0) {
      this.close(id, review);
    } else if (review) {
      this.open.set(id, { ...review, files: rest });
      if (this.open.size === 1) {
        await relistReview(rest); // with several open, which tab is whose cannot be told
      }
    }
  }

  private close(id: number, review: OpenReview): void {
    this.open.delete(id);
    this.latest = this.latest === id ? undefined : this.latest;
    if (this.open.size === 0) {
      showOpen(false);
      closeReviewTabs();
      this.moved.clear(); // no tab lists a moved file any more
    }
    this.documents.drop(review.files.flatMap(({ proposal, original }) => [proposal, original]));
  }

  dispose(): void {
    this.open.clear();
    this.moved.clear();
  }
}

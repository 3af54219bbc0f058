import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import { withoutInserted, type PlacedHunk } from '../common/proposalHunks';
import { hunkAtLine } from './proposalEdits';
import { InlineProposal } from './inlineProposal';
import { ProposalDecorations } from './proposalDecorations';
import { restoreIfSaved } from '../node/restoreIfSaved';
import { UndecidedProposals } from './undecidedProposals';

/** Set while the focused editor shows a pending proposal: the Accept/Reject keybindings need it. */
export const PROPOSAL_CONTEXT_KEY = 'clusterChat.inlineProposalPending';

export const PROPOSAL_COMMANDS = {
  acceptHunk: 'clusterChat.inlineProposal.accept',
  rejectHunk: 'clusterChat.inlineProposal.reject',
  acceptAll: 'clusterChat.inlineProposal.acceptAll',
  rejectAll: 'clusterChat.inlineProposal.rejectAll',
} as const;

/**
 * The pending inline proposals, one per document: their decorations in every editor showing the
 * document, their CodeLenses, the context key, the commands, and ending them when the file is saved.
 */
export class InlineProposals implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly byDocument = new Map<string, InlineProposal>();
  private readonly decorations = new ProposalDecorations();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];
  private readonly undecided: UndecidedProposals;

  /** `state`: the workspace's, where each pending proposal's lines are kept in case the window goes. */
  constructor(state: vscode.Memento) {
    this.undecided = new UndecidedProposals(state, () => this.byDocument.values());
    this.subscriptions = [
      this.decorations,
      this.lensesChanged,
      vscode.languages.registerCodeLensProvider('*', this),
      vscode.window.onDidChangeVisibleTextEditors(() => this.redraw()),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContextKey()),
      vscode.workspace.onWillSaveTextDocument((event) => this.beforeSave(event)),
      // Registered before any proposal's own listener, so it runs while the proposal still holds its hunks.
      vscode.workspace.onDidCloseTextDocument((document) => this.takeBackFromDisk(document)),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.acceptHunk, (uri?: vscode.Uri, id?: number) => this.settle('accept', uri, id)),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.rejectHunk, (uri?: vscode.Uri, id?: number) => this.settle('reject', uri, id)),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.acceptAll, (uri?: vscode.Uri) => this.settle('accept', uri, 'all')),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.rejectAll, (uri?: vscode.Uri) => this.settle('reject', uri, 'all')),
    ];
  }

  /**
   * Shows hunks (placed in the document as it is) in `document`; undefined when they no longer fit
   * its text. A proposal still pending there must be ended first (`clear`): its inserted lines would
   * move the new hunks.
   */
  async show(
    document: vscode.TextDocument,
    hunks: readonly PlacedHunk[],
    title: string,
    conversation: readonly Message[],
  ): Promise<InlineProposal | undefined> {
    const key = document.uri.toString();
    if (this.byDocument.has(key)) {
      return undefined;
    }
    const proposal = await InlineProposal.show(document, hunks, title, conversation);
    if (!proposal || this.byDocument.has(key)) {
      await proposal?.reject();
      return undefined;
    }
    this.byDocument.set(key, proposal);
    proposal.onDidChange(() => this.redraw(true));
    proposal.onDidEnd(() => {
      if (this.byDocument.get(key) === proposal) {
        this.byDocument.delete(key);
      }
      this.redraw(true);
    });
    proposal.onDidResume(() => {
      if (!this.byDocument.has(key)) {
        this.byDocument.set(key, proposal);
      }
      this.redraw(true);
    });
    this.redraw(true);
    return proposal;
  }

  /** Rejects the proposal pending in a document, if any, so its text is the user's alone again. */
  async clear(uri: vscode.Uri): Promise<void> {
    await this.get(uri)?.reject();
  }

  /** The document's text without the lines a pending proposal inserted: the file as it is once that proposal is rejected. */
  settledText(document: vscode.TextDocument): string {
    return withoutInserted(document.getText(), this.get(document.uri)?.hunks ?? []);
  }

  /** The proposal pending in a document, if any. */
  get(uri: vscode.Uri): InlineProposal | undefined {
    return this.byDocument.get(uri.toString());
  }

  provideCodeLenses(document: vscode.TextDocument): vscode.CodeLens[] {
    const proposal = this.get(document.uri);
    if (!proposal) {
      return [];
    }
    return proposal.hunks.flatMap((hunk, index) => {
      const range = new vscode.Range(document.positionAt(hunk.start).line, 0, document.positionAt(hunk.start).line, 0);
      const lens = (title: string, command: string, tooltip: string, ...args: unknown[]): vscode.CodeLens =>
        new vscode.CodeLens(range, { title, command, tooltip, arguments: [document.uri, ...args] });
      const lenses = [
        lens(`$(check) ${vscode.l10n.t('Accept')}`, PROPOSAL_COMMANDS.acceptHunk, vscode.l10n.t('Apply this change'), hunk.id),
        lens(`$(close) ${vscode.l10n.t('Reject')}`, PROPOSAL_COMMANDS.rejectHunk, vscode.l10n.t('Drop this change'), hunk.id),
      ];
      if (index === 0 && proposal.hunks.length > 1) {
        lenses.push(
          lens(
            vscode.l10n.t('Accept All ({0})', proposal.hunks.length),
            PROPOSAL_COMMANDS.acceptAll,
            vscode.l10n.t('Apply every change of this proposal as one step'),
          ),
          lens(vscode.l10n.t('Reject All'), PROPOSAL_COMMANDS.rejectAll, vscode.l10n.t('Drop every change of this proposal')),
        );
      }
      return lenses;
    });
  }

  dispose(): void {
    this.undecided.flush(); // before the proposals end: they are still pending, only the window goes
    for (const proposal of this.byDocument.values()) {
      this.takeBackFromDisk(proposal.document);
      proposal.dispose();
    }
    this.byDocument.clear();
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
    this.undecided.dispose();
    void vscode.commands.executeCommand('setContext', PROPOSAL_CONTEXT_KEY, false);
  }

  /**
   * Accepts or rejects one hunk (by id, or the one at the cursor when run from a keybinding) or all
   * of them; resolves whether anything was settled.
   */
  private async settle(action: 'accept' | 'reject', uri: vscode.Uri | undefined, which: number | 'all' | undefined): Promise<boolean> {
    const editor = vscode.window.activeTextEditor;
    const proposal = this.get(uri ?? editor?.document.uri ?? vscode.Uri.parse('untitled:none'));
    if (!proposal) {
      return false;
    }
    let ids: number[] | undefined;
    if (which !== 'all') {
      const hunk =
        which !== undefined
          ? proposal.hunks.find((candidate) => candidate.id === which)
          : editor && editor.document.uri.toString() === proposal.document.uri.toString()
            ? hunkAtLine(proposal.document, proposal.hunks, editor.selection.active.line)
            : proposal.hunks[0];
      if (!hunk) {
        return false;
      }
      ids = [hunk.id];
    }
    return action === 'accept' ? proposal.accept(ids) : proposal.reject(ids);
  }

  /**
   * A pending proposal's inserted lines must not reach the disk as if they were accepted: a save
   * the user asks for rejects what is still pending, by edits made as part of the save. An
   * automatic save (`files.autoSave`) decides nothing: it would end every proposal a second after
   * it appears, so the file is saved as it stands and the next save writes what Accept made (Reject of
   * every hunk writes the file as it was back at once: `saveIfAutoSaved`).
   */
  private beforeSave(event: vscode.TextDocumentWillSaveEvent): void {
    const proposal = this.get(event.document.uri);
    if (!proposal || event.reason !== vscode.TextDocumentSaveReason.Manual) {
      return;
    }
    event.waitUntil(Promise.resolve(proposal.endForSave()));
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Cluster Chat: {0} was saved, so the changes of “{1}” still pending were rejected.',
        vscode.workspace.asRelativePath(event.document.uri),
        proposal.title,
      ),
    );
  }

  /**
   * A proposal ends undecided as its document closes or the window goes. An automatic save may have
   * written its inserted lines to disk: the file is written back without them, so it never keeps the
   * old and the new lines both with nothing left to tell them apart.
   */
  private takeBackFromDisk(document: vscode.TextDocument): void {
    if (this.get(document.uri) && document.uri.scheme === 'file' && !document.isDirty) {
      restoreIfSaved(document.uri.fsPath, document.getText(), this.settledText(document));
    }
  }

  /** Draws the proposals anew; `changed`: one of them came, changed or ended, so what is kept of them is written again. */
  private redraw(changed = false): void {
    if (changed) {
      this.undecided.changed();
    }
    for (const editor of vscode.window.visibleTextEditors) {
      const proposal = this.get(editor.document.uri);
      this.decorations.render(editor, proposal?.hunks ?? []);
    }
    this.lensesChanged.fire();
    this.updateContextKey();
  }

  private updateContextKey(): void {
    const document = vscode.window.activeTextEditor?.document;
    void vscode.commands.executeCommand('setContext', PROPOSAL_CONTEXT_KEY, document !== undefined && this.get(document.uri) !== undefined);
  }
}

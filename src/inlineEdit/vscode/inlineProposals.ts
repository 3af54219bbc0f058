import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import type { PlacedHunk } from '../common/proposalHunks';
import { InlineProposal } from './inlineProposal';
import { ProposalDecorations } from './proposalDecorations';

/** Set while the focused editor shows a pending proposal: the Accept/Reject keybindings need it. */
export const PROPOSAL_CONTEXT_KEY = 'clusterChat.inlineProposalPending';

export const PROPOSAL_COMMANDS = {
  acceptHunk: 'clusterChat.inlineProposal.accept',
  rejectHunk: 'clusterChat.inlineProposal.reject',
  acceptAll: 'clusterChat.inlineProposal.acceptAll',
  rejectAll: 'clusterChat.inlineProposal.rejectAll',
} as const;

/**
 * The pending inline proposals, one per document (a new one replaces the old): their decorations
 * in every editor showing the document, their CodeLenses, the context key and the commands.
 */
export class InlineProposals implements vscode.CodeLensProvider, vscode.Disposable {
  private readonly byDocument = new Map<string, InlineProposal>();
  private readonly decorations = new ProposalDecorations();
  private readonly lensesChanged = new vscode.EventEmitter<void>();
  readonly onDidChangeCodeLenses = this.lensesChanged.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor() {
    this.subscriptions = [
      this.decorations,
      this.lensesChanged,
      vscode.languages.registerCodeLensProvider('*', this),
      vscode.window.onDidChangeVisibleTextEditors(() => this.redraw()),
      vscode.window.onDidChangeActiveTextEditor(() => this.updateContextKey()),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.acceptHunk, (uri?: vscode.Uri, id?: number) => this.settle('accept', uri, id)),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.rejectHunk, (uri?: vscode.Uri, id?: number) => this.settle('reject', uri, id)),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.acceptAll, (uri?: vscode.Uri) => this.settle('accept', uri, 'all')),
      vscode.commands.registerCommand(PROPOSAL_COMMANDS.rejectAll, (uri?: vscode.Uri) => this.settle('reject', uri, 'all')),
    ];
  }

  /** Shows hunks in `document`, replacing any proposal pending there. */
  show(document: vscode.TextDocument, hunks: readonly PlacedHunk[], title: string, conversation: readonly Message[]): InlineProposal {
    const key = document.uri.toString();
    this.byDocument.get(key)?.dispose();
    const proposal = new InlineProposal(document, hunks, title, conversation);
    this.byDocument.set(key, proposal);
    proposal.onDidChange(() => this.redraw());
    proposal.onDidEnd(() => {
      if (this.byDocument.get(key) === proposal) {
        this.byDocument.delete(key);
      }
      this.redraw();
    });
    this.redraw();
    return proposal;
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
    for (const proposal of this.byDocument.values()) {
      proposal.dispose();
    }
    this.byDocument.clear();
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
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
            ? proposal.hunkNear(editor.selection.active.line)
            : proposal.hunks[0];
      if (!hunk) {
        return false;
      }
      ids = [hunk.id];
    }
    return action === 'accept' ? proposal.accept(ids) : proposal.reject(ids);
  }

  private redraw(): void {
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

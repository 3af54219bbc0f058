import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import { fitsInline, placeHunks } from '../common/proposalHunks';
import { proposedCode } from '../common/replyCode';
import type { ProposalDocuments } from '../../replies/vscode/proposalDocuments';
import type { RequestRunner } from '../../requests/vscode/requestRunner';
import { SourceAnchor } from '../../replies/vscode/sourceAnchor';
import type { InlineProposal } from './inlineProposal';
import type { InlineProposals } from './inlineProposals';
import type { RequestInstructions } from '../../instructions/vscode/requestInstructions';

export interface EditRequest {
  readonly document: vscode.TextDocument;
  /** Whole lines; the reply's code replaces them. */
  readonly range: vscode.Range;
  /** e.g. "Edit in Place · math.ts"; shown while waiting and in later messages. */
  readonly title: string;
  readonly messages: readonly Message[];
  /** What the user typed for this edit, where it leads the request: the action-phrase guard does not search it. */
  readonly typed?: string;
}

/** Keeps a file for undo before it changes; resolves what records the text it ends with, or false to leave it as it is. */
export type KeepBeforeEdit = (document: vscode.TextDocument) => Promise<(() => Promise<void>) | false | undefined>;

export interface EditDependencies {
  readonly runner: RequestRunner;
  readonly inline: InlineProposals;
  readonly proposals: ProposalDocuments;
  /** Opens a reply in the reply view (when it holds no code to apply). */
  readonly showReply: (markdown: string, title: string, cluster: string) => void;
  /** Files that never leave (`.clusterignore`, the built-in secret patterns): checked before anything is read. */
  readonly ignore: Pick<WorkspaceIgnore, 'allows'>;
  /** The instruction files that apply to the document, put into the system message. */
  readonly instructions: RequestInstructions;
  /** Keeps the file before a proposal (named by its title) changes it, for the edit's undo. */
  readonly keep: (document: vscode.TextDocument, title: string) => ReturnType<KeepBeforeEdit>;
}

/**
 * Sends an edit request and shows the cluster's change in the editor, hunk by hunk; a change too
 * large to review inline opens in the diff editor instead. A reply without usable code, or one for
 * code that changed while the request ran, is reported and nothing is shown on the wrong lines.
 * The instruction files that apply to the document go with it. Resolves whether a proposal was shown.
 */
export async function proposeEdit(request: EditRequest, dependencies: EditDependencies): Promise<boolean> {
  const { document, range, title } = request;
  const messages = await dependencies.instructions.apply(
    request.messages,
    [document.uri],
    request.typed === undefined ? {} : { typed: request.typed },
  );
  if (!messages) {
    return false;
  }
  const sent = new SourceAnchor(document, range, range.start);
  const fileName = vscode.workspace.asRelativePath(document.uri);
  let shown = false;
  try {
    await dependencies.runner.run({
      title,
      messages,
      deliver: async ({ reply, cluster }) => {
        const markdown = reply.assistant.content;
        const clusterName = cluster.label ?? cluster.id;
        const found = proposedCode(markdown, { text: sent.originalText, languageId: document.languageId });
        if (found.kind !== 'code') {
          void reportNoChange(found.kind, clusterName, () => dependencies.showReply(markdown, title, clusterName));
          return;
        }
        // A proposal still pending there (from another request) ends first: its inserted lines
        // are no part of the code, and the anchor follows their removal.
        await dependencies.inline.clear(document.uri);
        const current = sent.currentRange(document);
        if (!current || document.isClosed) {
          void reportChanged(fileName);
          return;
        }
        const hunks = placeHunks(sent.originalText, found.code, document.offsetAt(current.start));
        const keep: KeepBeforeEdit = (kept) => dependencies.keep(kept, title);
        if (!fitsInline(hunks)) {
          await showInDiffEditor(document, current, found.code, dependencies.proposals, keep);
          shown = true;
          return;
        }
        const recordAfter = await keep(document);
        if (recordAfter === false) {
          // The file stays as it is; the reply stays at hand, to copy from, without another request.
          dependencies.showReply(markdown, title, clusterName);
          return;
        }
        const editor = await vscode.window.showTextDocument(document, { preserveFocus: false });
        const proposal = await dependencies.inline.show(document, hunks, title, [...request.messages, reply.assistant]);
        if (!proposal) {
          void recordAfter?.();
          void reportChanged(fileName);
          return;
        }
        whenSettled(proposal, () => void recordAfter?.());
        const first = document.positionAt(proposal.hunks[0]?.start ?? 0);
        editor.selection = new vscode.Selection(first, first);
        editor.revealRange(new vscode.Range(first, first), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
        shown = true;
      },
    });
  } finally {
    sent.dispose();
  }
  return shown;
}

/**
 * Calls `listener` each time the proposal ends, once the document holds what it ended with: a save
 * that ends it takes the pending lines out by its own edits, after the end is announced.
 */
export function whenSettled(proposal: InlineProposal, listener: () => void): void {
  proposal.onDidEnd((reason) => {
    if (reason !== 'saved') {
      listener();
      return;
    }
    const once = vscode.Disposable.from(
      vscode.workspace.onDidChangeTextDocument((event) => event.document === proposal.document && settle()),
      vscode.workspace.onDidSaveTextDocument((saved) => saved === proposal.document && settle()),
    );
    function settle(): void {
      once.dispose();
      listener();
    }
  });
}

async function reportChanged(fileName: string): Promise<void> {
  await vscode.window.showWarningMessage(
    vscode.l10n.t(
      'Cluster Chat: {0} changed while the cluster was answering, so its proposal is not shown. Run it again for the current code.',
      fileName,
    ),
  );
}

async function reportNoChange(kind: 'noCode' | 'unchanged', cluster: string, showReply: () => void): Promise<void> {
  const show = vscode.l10n.t('Show Reply');
  const message =
    kind === 'noCode'
      ? vscode.l10n.t('Cluster Chat: the reply from {0} holds no code to apply, so nothing was changed.', cluster)
      : vscode.l10n.t('Cluster Chat: {0} proposes no change to this code.', cluster);
  if ((await vscode.window.showInformationMessage(message, show)) === show) {
    showReply();
  }
}

/** The change as a diff against the document, applied (if the sent lines are still as sent) from the editor title's ✓. */
async function showInDiffEditor(
  document: vscode.TextDocument,
  range: vscode.Range,
  code: string,
  proposals: ProposalDocuments,
  keep: KeepBeforeEdit,
): Promise<void> {
  const full = document.getText();
  const proposed = `${full.slice(0, document.offsetAt(range.start))}${code}${full.slice(document.offsetAt(range.end))}`;
  const anchor = new SourceAnchor(document, range, range.start);
  const proposal = proposals.create(document.uri, proposed, async () => {
    const now = anchor.currentRange(document);
    if (!now) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t(
          'Cluster Chat: the code in {0} changed since the request, so the proposal was not applied.',
          vscode.workspace.asRelativePath(document.uri),
        ),
      );
      return false;
    }
    const recordAfter = await keep(document);
    if (recordAfter === false) {
      return false;
    }
    const edit = new vscode.WorkspaceEdit();
    edit.replace(document.uri, now, code);
    const applied = await vscode.workspace.applyEdit(edit);
    anchor.dispose();
    await recordAfter?.();
    return applied;
  });
  const name = vscode.workspace.asRelativePath(document.uri);
  await vscode.commands.executeCommand('vscode.diff', document.uri, proposal.uri, vscode.l10n.t('{0} ↔ Cluster Chat proposal', name), {
    preview: true,
  });
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Cluster Chat: this change is too large to review inline, so it opens in the diff editor. Apply it with the ✓ in the editor title.',
    ),
  );
}

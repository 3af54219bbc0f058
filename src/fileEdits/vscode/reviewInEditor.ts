import * as vscode from 'vscode';
import { fitsInline, placeHunks } from '../../inlineEdit/common/proposalHunks';
import type { InlineProposals } from '../../inlineEdit/vscode/inlineProposals';
import { whenSettled, type KeepBeforeEdit } from '../../inlineEdit/vscode/proposeEdit';
import { exists, type FileWrite } from './reviewPlan';

/**
 * One file of a review shown in its own editor as an inline proposal: the lines the reply would
 * add are inserted below those they replace, and each hunk is accepted or rejected on its own with
 * the editor's lenses and keys, as in Edit in Place. The file is kept for the turn's undo first, and
 * what the hunks leave is recorded each time the proposal ends. Resolves whether it is shown.
 */
export async function reviewInEditor(write: FileWrite, inline: InlineProposals, keep: KeepBeforeEdit): Promise<boolean> {
  const { file, text } = write;
  if (file.original === undefined) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t('Cluster Chat: {0} is a new file, so it has no lines to propose changes in. Accept it from the review.', file.label),
    );
    return false;
  }
  // A file deleted since may still be open, as the review's left side.
  const document = (await exists(file.uri))
    ? await vscode.workspace.openTextDocument(file.uri).then(
        (opened) => opened,
        () => undefined,
      )
    : undefined;
  // Another proposal's inserted lines are no part of the file: they are left out of the comparison,
  // and that proposal ends only once this one is sure to be shown.
  if (!document || inline.settledText(document) !== file.original) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Cluster Chat: {0} changed since the review opened, so its changes are not shown; review the reply again.', file.label),
    );
    return false;
  }
  const hunks = placeHunks(file.original, text, 0);
  if (hunks.length === 0 || !fitsInline(hunks)) {
    void vscode.window.showInformationMessage(
      hunks.length === 0
        ? vscode.l10n.t('Cluster Chat: the review leaves {0} as it is, so there is nothing to show in its editor.', file.label)
        : vscode.l10n.t(
            'Cluster Chat: the changes to {0} are too many to show in its editor. Accept or edit them in the review.',
            file.label,
          ),
    );
    return false;
  }
  await inline.clear(document.uri);
  const recordAfter = await keep(document);
  if (recordAfter === false) {
    return false;
  }
  const editor = await vscode.window.showTextDocument(document, { preview: false });
  const title = `${vscode.l10n.t('Review')} · ${file.label.split('/').pop() ?? file.label}`;
  const proposal = await inline.show(document, hunks, title, []);
  if (!proposal) {
    void vscode.window.showWarningMessage(
      vscode.l10n.t('Cluster Chat: {0} changed since the review opened, so its changes are not shown; review the reply again.', file.label),
    );
    return false;
  }
  whenSettled(proposal, () => void recordAfter?.());
  const first = document.positionAt(proposal.hunks[0]?.start ?? 0);
  editor.selection = new vscode.Selection(first, first);
  editor.revealRange(new vscode.Range(first, first), vscode.TextEditorRevealType.InCenterIfOutsideViewport);
  return true;
}

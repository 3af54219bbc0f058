import * as vscode from 'vscode';
import type { LeftOutBlock, PlannedFile } from './reviewPlan';
import { riskText } from './reviewTexts';

/** Says which blocks are not in the review and why, and offers their code to copy. */
export function reportLeftOut(leftOut: readonly LeftOutBlock[]): void {
  if (leftOut.length === 0) {
    return;
  }
  const copy = vscode.l10n.t('Copy Their Code');
  const reasons = leftOut.map((block) => vscode.l10n.t('{0}: {1}', block.path, block.why)).join('; ');
  void vscode.window
    .showWarningMessage(
      leftOut.length === 1
        ? vscode.l10n.t('Cluster Chat left 1 block out of the review: {0}.', reasons)
        : vscode.l10n.t('Cluster Chat left {0} blocks out of the review: {1}.', leftOut.length, reasons),
      copy,
    )
    .then(async (choice) => {
      if (choice === copy) {
        await vscode.env.clipboard.writeText(leftOut.map((block) => block.code).join('\n\n'));
      }
    });
}

/**
 * The files to review: those that change what VS Code or CI runs are in only if the user says so,
 * after a confirmation that names each one's risk.
 */
export async function confirmRisks(files: readonly PlannedFile[]): Promise<PlannedFile[]> {
  const risky = files.filter((file) => file.risk !== undefined);
  if (risky.length === 0) {
    return [...files];
  }
  const include = vscode.l10n.t('Include Them');
  const leaveOut = vscode.l10n.t('Leave Them Out');
  const detail = risky.map((file) => `${file.label}: ${riskText(file.risk ?? 'vscodeFolder')}`).join('\n');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('The reply changes files that decide what runs on this machine or in CI. Put them in the review?'),
    { modal: true, detail },
    include,
    leaveOut,
  );
  return choice === include ? [...files] : files.filter((file) => file.risk === undefined);
}

/** Asks which of a review's files to accept (all ticked at first); undefined when the user cancels. */
export async function pickFiles<Entry extends { readonly file: PlannedFile }>(files: readonly Entry[]): Promise<Entry[] | undefined> {
  const picked = await vscode.window.showQuickPick(
    files.map((entry) => ({
      label: entry.file.label,
      description: entry.file.original === undefined ? vscode.l10n.t('new file') : undefined,
      picked: true,
      entry,
    })),
    { canPickMany: true, title: vscode.l10n.t('Accept the changes to these files') },
  );
  return picked?.map(({ entry }) => entry);
}

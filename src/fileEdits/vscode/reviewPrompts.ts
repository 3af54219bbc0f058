import * as vscode from 'vscode';
import type { LeftOutBlock, PlannedFile } from './reviewPlan';
import { COMPARE_SCHEME, type ReviewDocuments } from './reviewDocuments';
import { riskText } from './reviewTexts';

let comparisons = 0;

/**
 * Says which blocks are not in the review and why, and offers their code to copy and, for a block
 * whose place in its file is in doubt, a diff of the whole file against the block.
 */
export function reportLeftOut(leftOut: readonly LeftOutBlock[], documents: ReviewDocuments): void {
  if (leftOut.length === 0) {
    return;
  }
  const copy = vscode.l10n.t('Copy Their Code');
  const compare = vscode.l10n.t('Compare With the File');
  const comparable = leftOut.filter((block) => block.file !== undefined);
  const reasons = leftOut.map((block) => vscode.l10n.t('{0}: {1}', block.path, block.why)).join('; ');
  void vscode.window
    .showWarningMessage(
      leftOut.length === 1
        ? vscode.l10n.t('Cluster Chat left 1 block out of the review: {0}.', reasons)
        : vscode.l10n.t('Cluster Chat left {0} blocks out of the review: {1}.', leftOut.length, reasons),
      ...(comparable.length > 0 ? [compare, copy] : [copy]),
    )
    .then(async (choice) => {
      if (choice === copy) {
        await vscode.env.clipboard.writeText(leftOut.map((block) => block.code).join('\n\n'));
      } else if (choice === compare) {
        for (const block of comparable) {
          await compareWithFile(block, documents);
        }
      }
    });
}

/** The file (as it stands) against the block, whole: the user sees where its parts would go. The block is held while its tab is open. */
export async function compareWithFile(block: LeftOutBlock, documents: ReviewDocuments): Promise<void> {
  if (!block.file) {
    return;
  }
  const blockUri = block.file.with({ scheme: COMPARE_SCHEME, query: `block=${++comparisons}` });
  documents.put(blockUri, block.code);
  try {
    await vscode.commands.executeCommand('vscode.diff', block.file, blockUri, vscode.l10n.t('{0} ↔ the reply’s block', block.path), {
      preview: false,
    });
  } finally {
    documents.dropWhenClosed(blockUri);
  }
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

/**
 * Answers a button on a proposal no open review holds. The multi-file diff still lists a file moved
 * into its editor (the stable API cannot take one file out of it), so that file's editor is shown.
 */
export async function notInReview(moved: ReadonlyMap<string, vscode.Uri>, uri: vscode.Uri | undefined, notFound: string): Promise<false> {
  const file = moved.get((uri ?? vscode.window.activeTextEditor?.document.uri)?.toString() ?? '');
  if (!file) {
    void vscode.window.showWarningMessage(notFound);
    return false;
  }
  await vscode.window.showTextDocument(file, { preview: false });
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Cluster Chat: the changes to {0} moved into its editor; accept or reject them there.',
      vscode.workspace.asRelativePath(file),
    ),
  );
  return false;
}

import * as vscode from 'vscode';
import type { PathRefusal, PathRisk } from '../common/editPaths';
import type { MergeDoubt } from '../common/mergeBlock';
import type { WholeFileShrink } from '../common/wholeFileShrink';

/** Why a path a reply names is not written, as the review tells the user. */
export function refusalText(reason: PathRefusal): string {
  const texts: Record<PathRefusal, string> = {
    empty: vscode.l10n.t('the path is empty'),
    absolute: vscode.l10n.t('the path is absolute: only paths inside the workspace folders are written'),
    parent: vscode.l10n.t('the path leads out of the workspace folder with “..”'),
    git: vscode.l10n.t('the path is inside .git, which holds the repository itself'),
    tooLong: vscode.l10n.t('the path is too long to be a file name'),
    invalid: vscode.l10n.t('the path holds control characters'),
  };
  return texts[reason];
}

/** What a file changes if written, for the confirmation that names the risk. */
export function riskText(risk: PathRisk): string {
  const texts: Record<PathRisk, string> = {
    workspaceSettings: vscode.l10n.t('workspace settings, which can change what VS Code and extensions run'),
    tasks: vscode.l10n.t('tasks, commands VS Code runs'),
    launch: vscode.l10n.t('launch configurations, programs the debugger starts'),
    vscodeFolder: vscode.l10n.t('VS Code’s folder of workspace configuration'),
    workflow: vscode.l10n.t('a CI workflow, which runs on the next push'),
  };
  return texts[risk];
}

/** Why a block with `...existing code...` was not placed into its file. */
export function doubtText(reason: MergeDoubt, line: number | undefined): string {
  const where = line === undefined ? '' : vscode.l10n.t(' (line {0} of the block)', line);
  switch (reason) {
    case 'anchorMissing':
      return vscode.l10n.t('the code around “...existing code...” is not in the file{0}, so where it goes is not certain', where);
    case 'anchorAmbiguous':
      return vscode.l10n.t(
        'the code around “...existing code...” is in the file more than once{0}, so where it goes is not certain',
        where,
      );
    case 'outOfOrder':
      return vscode.l10n.t('the block’s parts are in another order than in the file{0}, so where they go is not certain', where);
    case 'noAnchors':
      return vscode.l10n.t('a part of the block shares no line with the file{0}, so where it goes is not certain', where);
    case 'rewriteAtMarker':
      return vscode.l10n.t(
        'a line beside “...existing code...” reads like the file’s line there rewritten{0}, so whether that line is replaced or kept too is not certain',
        where,
      );
  }
}

/** Tells that accepting a file's block replaces the whole file with far fewer lines. */
export function shrinkText(label: string, shrink: WholeFileShrink): string {
  return vscode.l10n.t(
    'Check {0}: its block has {1} lines where the file has {2}, and no “...existing code...” marks, so accepting it replaces the whole file.',
    label,
    shrink.blockLines,
    shrink.fileLines,
  );
}

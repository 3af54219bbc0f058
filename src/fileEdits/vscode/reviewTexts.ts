import * as vscode from 'vscode';
import type { PathRefusal, PathRisk } from '../common/editPaths';
import type { MergeDoubt } from '../common/mergeBlock';

/** Why a path a reply names is not written, as the review tells the user. */
export function refusalText(reason: PathRefusal): string {
  switch (reason) {
    case 'empty':
      return vscode.l10n.t('the path is empty');
    case 'absolute':
      return vscode.l10n.t('the path is absolute: only paths inside the workspace folders are written');
    case 'parent':
      return vscode.l10n.t('the path leads out of the workspace folder with “..”');
    case 'git':
      return vscode.l10n.t('the path is inside .git, which holds the repository itself');
    case 'tooLong':
      return vscode.l10n.t('the path is too long to be a file name');
    case 'invalid':
      return vscode.l10n.t('the path holds control characters');
  }
}

/** What a file changes if written, for the confirmation that names the risk. */
export function riskText(risk: PathRisk): string {
  switch (risk) {
    case 'workspaceSettings':
      return vscode.l10n.t('workspace settings, which can change what VS Code and extensions run');
    case 'tasks':
      return vscode.l10n.t('tasks, commands VS Code runs');
    case 'launch':
      return vscode.l10n.t('launch configurations, programs the debugger starts');
    case 'vscodeFolder':
      return vscode.l10n.t('VS Code’s folder of workspace configuration');
    case 'workflow':
      return vscode.l10n.t('a CI workflow, which runs on the next push');
  }
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
  }
}

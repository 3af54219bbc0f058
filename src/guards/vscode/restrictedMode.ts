import * as vscode from 'vscode';

/** VS Code's command that opens the Workspace Trust editor. */
export const MANAGE_TRUST_COMMAND = 'workbench.trust.manage';

/** Why nothing of the workspace was sent, said the same way by every feature that would have sent it. */
export function restrictedModeMessage(): string {
  return vscode.l10n.t(
    'Cluster Chat sends nothing of this workspace in Restricted Mode: no file, selection, diff or terminal output. Trust the workspace to send them.',
  );
}

/**
 * Whether something of the workspace (a file, a selection, a diff, terminal output) may go to a
 * cluster. An untrusted folder may have been cloned from anyone, and its text may carry the phrases
 * that fire a cluster's actions, so in Restricted Mode nothing of it is sent; the user is told so,
 * with the button that opens the trust editor.
 */
export function workspaceMaySend(): boolean {
  if (vscode.workspace.isTrusted) {
    return true;
  }
  void offerTrust();
  return false;
}

/** The title of the button that opens the trust editor. */
export function manageTrustTitle(): string {
  return vscode.l10n.t('Manage Workspace Trust');
}

async function offerTrust(): Promise<void> {
  const manage = manageTrustTitle();
  if ((await vscode.window.showWarningMessage(restrictedModeMessage(), manage)) === manage) {
    await vscode.commands.executeCommand(MANAGE_TRUST_COMMAND);
  }
}

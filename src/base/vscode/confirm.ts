import * as vscode from 'vscode';

/** Asks in a modal dialog; resolves true only when the user chose `action` (not Cancel or Escape). */
export async function confirmModal(message: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action;
}

/** The question before a whole, large file is sent because nothing was selected. */
export function confirmWholeFile(lineCount: number): Promise<boolean> {
  return confirmModal(
    vscode.l10n.t('Nothing is selected, so the whole file ({0} lines) would be sent. Send it?', lineCount),
    vscode.l10n.t('Send Whole File'),
  );
}

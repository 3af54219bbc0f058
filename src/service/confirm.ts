import * as vscode from 'vscode';

/** Asks in a modal dialog; resolves true only when the user chose `action` (not Cancel or Escape). */
export async function confirmModal(message: string, action: string): Promise<boolean> {
  return (await vscode.window.showWarningMessage(message, { modal: true }, action)) === action;
}

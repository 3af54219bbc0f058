import * as vscode from 'vscode';
import { WEBVIEW_STRING_DEFAULTS, type WebviewStringKey, type WebviewStrings } from '../common/webviewStrings';

/**
 * The webview's texts in the user's language: each English default of the one table looked up in
 * VS Code's bundle (the l10n export adds the table's texts to it, see `scripts/l10n/bundle.ts`).
 */
export function localizedWebviewStrings(): WebviewStrings {
  const strings: WebviewStrings = { ...WEBVIEW_STRING_DEFAULTS };
  for (const key of Object.keys(WEBVIEW_STRING_DEFAULTS) as WebviewStringKey[]) {
    strings[key] = vscode.l10n.t(WEBVIEW_STRING_DEFAULTS[key]);
  }
  return strings;
}

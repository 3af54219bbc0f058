import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';

/**
 * Asks for the API key of `origin` in a password box and stores it. Resolves with the key, or
 * undefined when the user dismisses the box. The key is never echoed, logged or put in settings.
 */
export async function promptForApiKey(keys: ApiKeyStore, origin: string, reason?: string): Promise<string | undefined> {
  const key = await vscode.window.showInputBox({
    title: vscode.l10n.t('Cluster Chat: API Key for {0}', origin),
    prompt:
      reason ??
      vscode.l10n.t(
        'Paste the API key from your Wizlay account’s profile settings. It is stored in VS Code’s secret storage and sent only to {0}.',
        origin,
      ),
    password: true,
    ignoreFocusOut: true,
    placeHolder: vscode.l10n.t('API key'),
    validateInput: validateApiKey,
  });
  if (key === undefined) {
    return undefined;
  }
  await keys.set(origin, key.trim());
  return key.trim();
}

export function validateApiKey(value: string): string | undefined {
  const key = value.trim();
  if (key.length === 0) {
    return vscode.l10n.t('Enter the API key.');
  }
  if (!/^[\x21-\x7e]+$/.test(key)) {
    return vscode.l10n.t('An API key has no spaces, line breaks or non-ASCII characters.');
  }
  return undefined;
}

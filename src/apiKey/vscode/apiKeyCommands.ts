import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';
import { promptForApiKey } from './apiKeyPrompt';
import type { ErrorPresenter } from '../../requests/vscode/errorPresenter';
import { currentServiceOrigin } from '../../requests/vscode/serviceOrigin';

/** “Set API Key” and “Clear API Key”, for the origin of the current base URL. */
export function registerApiKeyCommands(keys: ApiKeyStore, errors: ErrorPresenter): vscode.Disposable {
  return vscode.Disposable.from(
    vscode.commands.registerCommand('clusterChat.setApiKey', async () => {
      const origin = originOrReport(errors);
      if (origin && (await promptForApiKey(keys, origin))) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: API key saved for {0}.', origin));
      }
    }),
    vscode.commands.registerCommand('clusterChat.clearApiKey', async () => {
      const origin = originOrReport(errors);
      if (!origin) {
        return;
      }
      if (!(await keys.get(origin))) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: no API key is stored for {0}.', origin));
        return;
      }
      await keys.delete(origin);
      void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: API key for {0} removed.', origin));
    }),
  );
}

function originOrReport(errors: ErrorPresenter): string | undefined {
  try {
    return currentServiceOrigin();
  } catch (error) {
    void errors.show(error);
    return undefined;
  }
}

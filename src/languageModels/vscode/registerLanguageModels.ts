import * as vscode from 'vscode';
import { LANGUAGE_MODEL_VENDOR } from '../../base/common/contributionIds';
import type { ClusterModelProvider } from './clusterModelProvider';
import { findRegisterLanguageModelChatProvider } from './languageModelApi';

/**
 * Registers the clusters as language models where VS Code has the stable provider API; elsewhere
 * (and where registering fails) registers nothing and says so in the log.
 */
export function registerLanguageModels(
  createProvider: () => ClusterModelProvider,
  log: vscode.LogOutputChannel,
): vscode.Disposable | undefined {
  const register = findRegisterLanguageModelChatProvider();
  if (!register) {
    log.info(`VS Code ${vscode.version} has no language model provider API: clusters are not offered as models.`);
    return undefined;
  }
  const provider = createProvider();
  try {
    return vscode.Disposable.from(register(LANGUAGE_MODEL_VENDOR, provider), provider);
  } catch (error) {
    provider.dispose();
    log.warn(`Could not offer clusters as language models: ${error instanceof Error ? error.message : String(error)}`);
    return undefined;
  }
}

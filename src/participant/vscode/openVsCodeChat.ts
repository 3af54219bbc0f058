import * as vscode from 'vscode';
import { CHAT_VIEW_ID } from '../../chat/vscode/chatViewProvider';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import { LANGUAGE_MODEL_VENDOR } from '../../base/common/contributionIds';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import { settings } from '../../base/vscode/settings';

/** VS Code's own command; since 1.10x it takes `{ query, isPartialQuery, mode, modelSelector }`. */
const OPEN_CHAT_COMMAND = 'workbench.action.chat.open';

/**
 * "Ask @cluster in VS Code's Chat": opens VS Code's Chat view in Ask mode with the active cluster
 * picked as its model and `@cluster ` typed. VS Code calls no participant until a model is picked,
 * and in Agent mode its picker hides models without tool calling, which clusters do not have; so
 * this is the one gesture that gets a new user past "Language model unavailable". Where VS Code has
 * no Chat view or no model provider API it says so and offers the Cluster Chat view instead.
 */
export async function openVsCodeChat(pipeline: RequestPipeline, languageModelsRegistered: boolean): Promise<void> {
  const openCluster = vscode.l10n.t('Open Cluster Chat');
  if (!languageModelsRegistered || !(await vscode.commands.getCommands(true)).includes(OPEN_CHAT_COMMAND)) {
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        'VS Code {0} cannot offer a cluster as a model in its Chat view (that needs VS Code 1.104 or later). The Cluster Chat view works here.',
        vscode.version,
      ),
      openCluster,
    );
    return choice === openCluster ? focusClusterChat() : undefined;
  }
  if (settings.vscodeChatHidden()) {
    const openSettings = vscode.l10n.t('Open Settings');
    const choice = await vscode.window.showInformationMessage(
      vscode.l10n.t(
        'VS Code’s Chat view is hidden because “chat.disableAIFeatures” is on. Turn it off to use @cluster there, or use the Cluster Chat view.',
      ),
      openSettings,
      openCluster,
    );
    if (choice === openSettings) {
      await vscode.commands.executeCommand('workbench.action.openSettings', 'chat.disableAIFeatures');
    }
    return choice === openCluster ? focusClusterChat() : undefined;
  }
  // The model list holds clusters only once a key is stored, so ask for what is missing first.
  const prepared = await pipeline.prepare({ caller: 'participant', messages: [], interactive: true });
  if (!prepared) {
    return;
  }
  const { cluster } = prepared;
  try {
    await vscode.commands.executeCommand(OPEN_CHAT_COMMAND, {
      mode: 'ask',
      modelSelector: { vendor: LANGUAGE_MODEL_VENDOR, id: cluster.id },
      query: '@cluster ',
      isPartialQuery: true,
    });
  } catch (error) {
    void vscode.window.showErrorMessage(
      vscode.l10n.t(
        'Could not open VS Code’s Chat with {0}: {1} In the Chat view, pick Ask mode and “{0}” in the model picker, then type @cluster.',
        clusterLabel(cluster),
        error instanceof Error ? error.message : String(error),
      ),
    );
  }
}

async function focusClusterChat(): Promise<void> {
  await vscode.commands.executeCommand(`${CHAT_VIEW_ID}.focus`);
}

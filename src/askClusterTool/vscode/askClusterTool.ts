import * as vscode from 'vscode';
import { clusterLabel, type ClusterStore } from '../../clusters/vscode/clusterStore';
import { isClusterError } from '../../client/common/errors/errors';
import { buildParticipantMessages } from '../../participant/common/participantPrompt';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import { settings } from '../../base/vscode/settings';
import { type AskClusterInput, askClusterPrompt, parseAskClusterInput, resolveToolCluster } from './askClusterInput';

/** The tool's name in the manifest's `languageModelTools` and in `vscode.lm.tools`. */
export const ASK_CLUSTER_TOOL_NAME = 'clusterChat_askCluster';

/**
 * "Ask a cluster" for agents and other extensions: sends one question (with optional context) to a
 * configured cluster through the request pipeline and returns the cluster's reply as text. A cluster
 * may run custom actions with side effects, so VS Code asks the user first unless the cluster is
 * listed in `clusterChat.tool.clustersWithoutConfirmation`, and a failed call is never sent again here.
 */
export class AskClusterTool implements vscode.LanguageModelTool<AskClusterInput> {
  constructor(
    private readonly clusters: ClusterStore,
    private readonly pipeline: RequestPipeline,
  ) {}

  prepareInvocation(options: vscode.LanguageModelToolInvocationPrepareOptions<AskClusterInput>): vscode.PreparedToolInvocation {
    const input = parseAskClusterInput(options.input);
    const cluster = resolveToolCluster(this.clusters, input.clusterId);
    const name = clusterLabel(cluster);
    const invocationMessage = vscode.l10n.t('Asking {0}…', name);
    if (settings.toolClustersWithoutConfirmation().includes(cluster.id)) {
      return { invocationMessage };
    }
    const warning = vscode.l10n.t(
      'Send this question to the cluster “{0}” ({1})? The cluster may run its custom actions, which can change things outside VS Code.',
      name,
      cluster.id,
    );
    // Escaped by hand: appendText also turns every space into &nbsp;, which stops the text from wrapping.
    const message = new vscode.MarkdownString(`${escapeMarkdown(warning)}\n\n${escapeMarkdown(input.question)}`);
    return { invocationMessage, confirmationMessages: { title: vscode.l10n.t('Ask {0}?', name), message } };
  }

  async invoke(
    options: vscode.LanguageModelToolInvocationOptions<AskClusterInput>,
    token: vscode.CancellationToken,
  ): Promise<vscode.LanguageModelToolResult> {
    const input = parseAskClusterInput(options.input);
    const cluster = resolveToolCluster(this.clusters, input.clusterId);
    const messages = buildParticipantMessages(settings.systemPrompt(), [], askClusterPrompt(input));
    try {
      // Not interactive: a tool call must not open a picker or a key box in the middle of an agent's work.
      const sent = await this.pipeline.send({ caller: 'tool', clusterId: cluster.id, messages, token, interactive: false });
      if (!sent) {
        throw new Error(vscode.l10n.t('The request was not sent.'));
      }
      return new vscode.LanguageModelToolResult([new vscode.LanguageModelTextPart(sent.reply.assistant.content)]);
    } catch (error) {
      if (isClusterError(error) && error.kind === 'cancelled') {
        throw new vscode.CancellationError();
      }
      throw error;
    }
  }
}

/** The text as literal markdown: the cluster's label and the question come from settings and a model. */
function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~&]/g, '\\$&');
}

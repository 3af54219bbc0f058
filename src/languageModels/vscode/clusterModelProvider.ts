import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../apiKey/vscode/apiKeyStore';
import { promptForApiKey } from '../../apiKey/vscode/apiKeyPrompt';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import type { ClusterStore } from '../../clusters/vscode/clusterStore';
import { describeClusterModel, estimateTokenCount, toClusterMessages } from '../common/languageModelPrompt';
import type { LanguageModelChatInformation, LanguageModelChatProvider, LanguageModelChatRequestMessage } from './languageModelApi';
import { toLanguageModelError } from './languageModelErrors';
import { toMessageViews } from './requestMessageViews';

/**
 * Each configured cluster (and the active one) as a language model in VS Code's model picker and in
 * `vscode.lm.selectChatModels`. A request sends the conversation to the cluster with the stored key
 * and reports the assistant reply as one text part: the API does not stream.
 */
export class ClusterModelProvider implements LanguageModelChatProvider, vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<void>();
  readonly onDidChangeLanguageModelChatInformation = this.changed.event;
  private readonly subscriptions: vscode.Disposable[];

  constructor(
    private readonly clusters: ClusterStore,
    private readonly keys: ApiKeyStore,
    private readonly pipeline: RequestPipeline,
  ) {
    this.subscriptions = [
      clusters.onDidChangeActive(() => this.changed.fire()),
      keys.onDidChange(() => this.changed.fire()),
      vscode.workspace.onDidChangeConfiguration((event) => {
        if (event.affectsConfiguration('clusterChat.baseUrl')) {
          this.changed.fire();
        }
      }),
    ];
  }

  async provideLanguageModelChatInformation(options: { readonly silent: boolean }): Promise<LanguageModelChatInformation[]> {
    const origin = await this.pipeline.origin();
    if (origin === undefined) {
      return [];
    }
    if (!(await this.pipeline.hasApiKey())) {
      if (options.silent || (await promptForApiKey(this.keys, origin)) === undefined) {
        return [];
      }
    }
    return this.clusters.listWithActive().map((cluster) => ({ ...describeClusterModel(cluster, origin), capabilities: {} }));
  }

  async provideLanguageModelChatResponse(
    model: LanguageModelChatInformation,
    messages: readonly LanguageModelChatRequestMessage[],
    _options: unknown,
    progress: vscode.Progress<vscode.LanguageModelTextPart>,
    token: vscode.CancellationToken,
  ): Promise<void> {
    const conversation = toClusterMessages(toMessageViews(messages));
    if (conversation.length === 0) {
      throw new vscode.LanguageModelError(vscode.l10n.t('The request holds no text to send to the cluster.'));
    }
    try {
      const sent = await this.pipeline.send({
        caller: 'languageModel',
        clusterId: model.id,
        messages: conversation,
        token,
        interactive: false,
      });
      if (sent) {
        progress.report(new vscode.LanguageModelTextPart(sent.reply.assistant.content));
      }
    } catch (error) {
      throw toLanguageModelError(error);
    }
  }

  provideTokenCount(_model: LanguageModelChatInformation, text: string | LanguageModelChatRequestMessage): Promise<number> {
    if (typeof text === 'string') {
      return Promise.resolve(estimateTokenCount(text));
    }
    const content = toClusterMessages(toMessageViews([text]))
      .map((message) => message.content)
      .join('');
    return Promise.resolve(estimateTokenCount(content));
  }

  dispose(): void {
    for (const subscription of this.subscriptions) {
      subscription.dispose();
    }
    this.changed.dispose();
  }
}

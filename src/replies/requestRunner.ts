import * as vscode from 'vscode';
import { clusterLabel } from '../clusters/clusterStore';
import type { Message } from '../core/client/messages';
import type { ErrorPresenter } from '../service/errorPresenter';
import type { PipelineReply, RequestPipeline } from '../service/requestPipeline';

export interface ClusterRequest {
  /** What the user asked for, e.g. "Explain"; shown in the progress notification. */
  readonly title: string;
  readonly messages: readonly Message[];
  /** Receives the reply, whether it came at once or after a Retry, a new key or another cluster. */
  readonly deliver: (completed: PipelineReply) => unknown;
}

/**
 * How a selection action presents a request: a progress notification with Cancel (which aborts
 * the HTTP request) while it runs, and a failure as a notification with the buttons that fix it.
 */
export class RequestRunner {
  constructor(
    private readonly pipeline: RequestPipeline,
    private readonly errors: ErrorPresenter,
  ) {}

  /**
   * Resolves true once the reply was delivered, false when it was not. A failure is reported with
   * its fixes (Retry, Update API Key, Select Cluster) and this resolves only when that is settled,
   * true if a fix then delivered the reply.
   */
  async run(request: ClusterRequest): Promise<boolean> {
    try {
      const prepared = await this.pipeline.prepare({ caller: 'selectionAction', messages: request.messages, interactive: true });
      if (!prepared) {
        return false;
      }
      const reply = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Cluster Chat: {0} — waiting for {1}…', request.title, clusterLabel(prepared.cluster)),
          cancellable: true,
        },
        (_progress, token) => this.pipeline.execute(prepared, token),
      );
      await request.deliver(reply);
      return true;
    } catch (error) {
      const recovered = await this.errors.show(error, {
        retry: () => this.run(request),
        updateApiKey: async () => ((await this.pipeline.updateApiKey()) ? this.run(request) : false),
        selectCluster: async () => ((await this.pipeline.selectCluster()) ? this.run(request) : false),
      });
      return recovered === true;
    }
  }
}

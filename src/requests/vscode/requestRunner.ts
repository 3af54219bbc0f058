import * as vscode from 'vscode';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import type { Message } from '../../client/common/messages';
import type { ErrorPresenter } from './errorPresenter';
import type { PipelineReply, PreparedRequest, RequestCaller, RequestPipeline } from './requestPipeline';

export interface ClusterRequest {
  /** What the user asked for, e.g. "Explain"; shown in the progress notification. */
  readonly title: string;
  readonly messages: readonly Message[];
  /** Receives the reply, whether it came at once or after a Retry, a new key or another cluster. */
  readonly deliver: (completed: PipelineReply) => unknown;
  /** Named in the log; a selection action by default. */
  readonly caller?: RequestCaller;
  /**
   * Where the progress shows; a notification with Cancel by default. Other places (a view) have no
   * Cancel button of their own, so such a caller passes `token` for its own way to cancel.
   */
  readonly location?: vscode.ProgressLocation | { readonly viewId: string };
  readonly token?: vscode.CancellationToken;
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
      const prepared = await this.pipeline.prepare({
        caller: request.caller ?? 'selectionAction',
        messages: request.messages,
        interactive: true,
        token: request.token,
      });
      if (!prepared) {
        return false;
      }
      const reply = await vscode.window.withProgress(
        {
          location: request.location ?? vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Cluster Chat: {0} — waiting for {1}…', request.title, clusterLabel(prepared.cluster)),
          cancellable: true,
        },
        (_progress, token) => this.executeUntilCancelled(prepared, token, request.token),
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

  /** Runs the request until it ends or either token (the progress's Cancel, the caller's own) cancels it. */
  private async executeUntilCancelled(
    prepared: PreparedRequest,
    progressToken: vscode.CancellationToken,
    callerToken: vscode.CancellationToken | undefined,
  ): Promise<PipelineReply> {
    if (!callerToken) {
      return this.pipeline.execute(prepared, progressToken);
    }
    const either = new vscode.CancellationTokenSource();
    const listeners = [progressToken, callerToken].map((token) => token.onCancellationRequested(() => either.cancel()));
    if (progressToken.isCancellationRequested || callerToken.isCancellationRequested) {
      either.cancel();
    }
    try {
      return await this.pipeline.execute(prepared, either.token);
    } finally {
      for (const listener of listeners) {
        listener.dispose();
      }
      either.dispose();
    }
  }
}

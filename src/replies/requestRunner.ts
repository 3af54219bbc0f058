import * as vscode from 'vscode';
import { clusterLabel } from '../clusters/clusterStore';
import type { ClusterReply } from '../core/client/clusterClient';
import type { Message } from '../core/client/messages';
import type { ErrorPresenter } from '../service/errorPresenter';
import type { RequestPreparation } from '../service/requestPreparation';
import type { ClusterEntry } from '../settings';
import type { ClusterStatusBar } from '../clusters/clusterStatusBar';
import { signalFor } from '../service/tokenSignal';

export interface ClusterRequest {
  /** What the user asked for, e.g. "Explain"; shown in the progress notification. */
  readonly title: string;
  readonly messages: readonly Message[];
  /** Receives the reply, whether it came at once or after a Retry, a new key or another cluster. */
  readonly deliver: (completed: CompletedRequest) => unknown;
}

export interface CompletedRequest {
  readonly reply: ClusterReply;
  readonly cluster: ClusterEntry;
}

/**
 * Sends a conversation to the active cluster the way a user expects: asks for a cluster or a key
 * when there is none instead of failing, shows progress with Cancel (which aborts the HTTP
 * request), marks the status bar busy, and turns failures into messages with fixes.
 */
export class RequestRunner {
  constructor(
    private readonly preparation: RequestPreparation,
    private readonly statusBar: ClusterStatusBar,
    private readonly errors: ErrorPresenter,
  ) {}

  /**
   * Resolves true once the reply was delivered, false when it was not. A failure is reported with
   * its fixes (Retry, Update API Key, Select Cluster) and this resolves only when that is settled,
   * true if a fix then delivered the reply.
   */
  async run(request: ClusterRequest): Promise<boolean> {
    const prepared = await this.preparation.prepare();
    if (!prepared) {
      return false;
    }
    const { cluster, client, apiKey } = prepared;
    const busy = this.statusBar.busy();
    try {
      const reply = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Cluster Chat: {0} — waiting for {1}…', request.title, clusterLabel(cluster)),
          cancellable: true,
        },
        (_progress, token) => {
          const cancellation = signalFor(token);
          return client
            .send({ clusterId: cluster.id, messages: request.messages, apiKey, signal: cancellation.signal })
            .finally(() => cancellation.dispose());
        },
      );
      busy.dispose();
      await request.deliver({ reply, cluster });
      return true;
    } catch (error) {
      busy.dispose();
      const recovered = await this.errors.show(error, {
        retry: () => this.run(request),
        updateApiKey: async () => ((await this.preparation.updateApiKey()) ? this.run(request) : false),
        selectCluster: async () => ((await this.preparation.selectCluster()) ? this.run(request) : false),
      });
      return recovered === true;
    } finally {
      busy.dispose();
    }
  }
}

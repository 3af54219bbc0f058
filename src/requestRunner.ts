import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';
import { promptForApiKey } from './apiKeyPrompt';
import type { ClusterClientProvider } from './clusterClientProvider';
import { pickCluster } from './clusterPicker';
import { clusterLabel, type ClusterStore } from './clusterStore';
import type { ClusterReply } from './core/clusterClient';
import type { Message } from './core/messages';
import type { ErrorPresenter } from './errorPresenter';
import type { ClusterEntry } from './settings';
import type { ClusterStatusBar } from './statusBar';

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
    private readonly clients: ClusterClientProvider,
    private readonly keys: ApiKeyStore,
    private readonly clusters: ClusterStore,
    private readonly statusBar: ClusterStatusBar,
    private readonly errors: ErrorPresenter,
  ) {}

  /**
   * Resolves true once the reply was delivered, false when it was not. A failure is reported with
   * its fixes (Retry, Update API Key, Select Cluster) and this resolves only when that is settled,
   * true if a fix then delivered the reply.
   */
  async run(request: ClusterRequest): Promise<boolean> {
    const cluster = this.clusters.active() ?? (await pickCluster(this.clusters));
    if (!cluster) {
      return false;
    }
    let origin: string;
    let client: Awaited<ReturnType<ClusterClientProvider['get']>>;
    try {
      client = await this.clients.get();
      origin = client.endpoint.origin;
    } catch (error) {
      await this.errors.show(error);
      return false;
    }
    const apiKey = (await this.keys.get(origin)) ?? (await promptForApiKey(this.keys, origin));
    if (!apiKey) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat needs an API key for {0} to send requests.', origin));
      return false;
    }

    const busy = this.statusBar.busy();
    try {
      const reply = await vscode.window.withProgress(
        {
          location: vscode.ProgressLocation.Notification,
          title: vscode.l10n.t('Cluster Chat: {0} — waiting for {1}…', request.title, clusterLabel(cluster)),
          cancellable: true,
        },
        (_progress, token) => {
          const controller = new AbortController();
          const subscription = token.onCancellationRequested(() => controller.abort());
          return client
            .send({ clusterId: cluster.id, messages: request.messages, apiKey, signal: controller.signal })
            .finally(() => subscription.dispose());
        },
      );
      busy.dispose();
      await request.deliver({ reply, cluster });
      return true;
    } catch (error) {
      busy.dispose();
      const recovered = await this.errors.show(error, {
        retry: () => this.run(request),
        updateApiKey: async () => {
          if (await promptForApiKey(this.keys, origin, vscode.l10n.t('The service did not accept the stored key. Paste a valid API key for {0}.', origin))) {
            return this.run(request);
          }
          return false;
        },
        selectCluster: async () => ((await pickCluster(this.clusters)) ? this.run(request) : false),
      });
      return recovered === true;
    } finally {
      busy.dispose();
    }
  }
}

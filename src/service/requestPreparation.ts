import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';
import { promptForApiKey } from './apiKeyPrompt';
import type { ClusterClientProvider } from './clusterClientProvider';
import { pickCluster } from '../clusters/clusterPicker';
import type { ClusterStore } from '../clusters/clusterStore';
import type { ClusterClient } from '../core/client/clusterClient';
import type { ErrorPresenter } from './errorPresenter';
import type { ClusterEntry } from '../settings';

export interface PreparedRequest {
  readonly cluster: ClusterEntry;
  readonly client: ClusterClient;
  readonly apiKey: string;
}

/**
 * What every request needs, asked for when missing instead of failing: the active cluster (else
 * the picker), a client for the configured base URL, and the key for its origin (else the key box).
 * Resolves undefined when the user dismissed a prompt or the settings are unusable (reported).
 */
export class RequestPreparation {
  constructor(
    private readonly clients: ClusterClientProvider,
    private readonly keys: ApiKeyStore,
    private readonly clusters: ClusterStore,
    private readonly errors: ErrorPresenter,
  ) {}

  async prepare(): Promise<PreparedRequest | undefined> {
    const cluster = this.clusters.active() ?? (await pickCluster(this.clusters));
    if (!cluster) {
      return undefined;
    }
    let client: ClusterClient;
    try {
      client = await this.clients.get();
    } catch (error) {
      await this.errors.show(error);
      return undefined;
    }
    const origin = client.endpoint.origin;
    const apiKey = (await this.keys.get(origin)) ?? (await promptForApiKey(this.keys, origin));
    if (!apiKey) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat needs an API key for {0} to send requests.', origin));
      return undefined;
    }
    return { cluster, client, apiKey };
  }

  /** Asks for a new key for the current origin (after a 401/403); resolves whether one was stored. */
  async updateApiKey(): Promise<boolean> {
    const client = await this.clients.get().catch(() => undefined);
    if (!client) {
      return false;
    }
    const origin = client.endpoint.origin;
    return (await promptForApiKey(this.keys, origin, vscode.l10n.t('The service did not accept the stored key. Paste a valid API key for {0}.', origin))) !== undefined;
  }

  async selectCluster(): Promise<boolean> {
    return (await pickCluster(this.clusters)) !== undefined;
  }
}

import * as vscode from 'vscode';
import type { ApiKeyStore } from '../../apiKey/vscode/apiKeyStore';
import { promptForApiKey } from '../../apiKey/vscode/apiKeyPrompt';
import type { ClusterClientProvider } from './clusterClientProvider';
import { pickCluster } from '../../clusters/vscode/clusterPicker';
import type { ClusterStore } from '../../clusters/vscode/clusterStore';
import type { ClusterClient, ClusterReply } from '../../client/node/clusterClient';
import { isClusterError } from '../../client/common/errors/errors';
import { CancelledError, ConfigurationError, MissingApiKeyError } from '../../client/common/errors/statusErrors';
import type { Message } from '../../client/common/messages';
import type { ClusterEntry } from '../../base/vscode/settings';
import type { ClusterStatusBar } from '../../clusters/vscode/clusterStatusBar';
import { signalFor } from '../../base/vscode/tokenSignal';
import { redactSecrets, rememberSecret, scrubError } from '../../client/common/redact';
import { checkClusterId } from '../../client/common/clusterId';
import { confirmSendTo } from './askBeforeSending';
import type { RequestCaller } from '../../inspector/common/inspectedRequest';
import type { RequestHistory } from '../../inspector/node/requestHistory';

export type { RequestCaller } from '../../inspector/common/inspectedRequest';

export interface PipelineRequest {
  readonly caller: RequestCaller;
  readonly messages: readonly Message[];
  /** A cluster by id; by default the active one. */
  readonly clusterId?: string;
  /** Cancelling it aborts the HTTP request. */
  readonly token?: vscode.CancellationToken | undefined;
  /**
   * Whether the user may be asked for what is missing (the cluster picker, the key box). Requests
   * that are not the user's own gesture (another extension, VS Code's model requests) never ask:
   * a missing key is then a {@link MissingApiKeyError}.
   */
  readonly interactive: boolean;
}

/** A request with everything it needs to go out. */
export interface PreparedRequest {
  readonly caller: RequestCaller;
  readonly messages: readonly Message[];
  readonly cluster: ClusterEntry;
  readonly client: ClusterClient;
  readonly apiKey: string;
}

export interface PipelineReply {
  readonly reply: ClusterReply;
  readonly cluster: ClusterEntry;
  /** The request inspector's record of this request (*Show Request*). */
  readonly inspection: number | undefined;
}

/**
 * The one way a request reaches a cluster. It resolves the cluster, the client for the configured
 * base URL and the key for its origin (asking when allowed), marks the status bar busy while the
 * request runs, follows the caller's cancellation, and logs the outcome. Callers differ only in how
 * they present the reply or the failure (`recoveryActionsFor` says what can fix a failure).
 */
export class RequestPipeline {
  /** Requests to a cluster that asks before sending, answered Send by the user in `prepare`: each sends once. */
  private readonly confirmed = new WeakSet<PreparedRequest>();

  constructor(
    private readonly clients: ClusterClientProvider,
    private readonly keys: ApiKeyStore,
    private readonly clusters: ClusterStore,
    private readonly statusBar: ClusterStatusBar,
    private readonly log: vscode.LogOutputChannel,
    private readonly history: RequestHistory,
  ) {}

  /**
   * Sends and resolves with the reply; undefined when the user dismissed a question (no cluster or
   * no key given). Fails with a ClusterError.
   */
  async send(request: PipelineRequest): Promise<PipelineReply | undefined> {
    const prepared = await this.prepare(request);
    return prepared && this.execute(prepared, request.token);
  }

  /**
   * Resolves what a request needs before it can go: the cluster, the client and the key, asking
   * for what is missing when the request is interactive. Callers that show their own progress run
   * this first, so a question never sits under a "waiting for the cluster" notification.
   */
  async prepare(request: PipelineRequest): Promise<PreparedRequest | undefined> {
    const cluster = await this.cluster(request);
    if (request.token?.isCancellationRequested) {
      throw new CancelledError(cluster ? { clusterId: cluster.id } : {});
    }
    if (!cluster) {
      if (request.interactive) {
        return undefined;
      }
      throw new ConfigurationError(
        vscode.l10n.t('No cluster is selected. Choose one with “Cluster Chat: Select Cluster…”, or pass a clusterId.'),
      );
    }
    // Every caller's id (settings, picker, tool input, the API, a model id) is checked here, before a
    // key is asked for or anything is sent.
    checkClusterId(cluster.id);
    const client = await this.clients.get();
    const origin = client.endpoint.origin;
    const apiKey = (await this.keys.get(origin)) ?? (request.interactive ? await promptForApiKey(this.keys, origin) : undefined);
    if (apiKey === undefined) {
      if (request.interactive) {
        void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat needs an API key for {0} to send requests.', origin));
        return undefined;
      }
      throw new MissingApiKeyError(origin);
    }
    rememberSecret(apiKey);
    if (request.token?.isCancellationRequested) {
      // Cancelled while a picker or the key box was open: nothing is sent.
      throw new CancelledError({ clusterId: cluster.id });
    }
    const prepared: PreparedRequest = { caller: request.caller, messages: request.messages, cluster, client, apiKey };
    // An empty request only resolves the cluster and key (opening VS Code's Chat): nothing is sent yet.
    if (cluster.askBeforeSending && request.messages.length > 0) {
      await confirmSendTo(cluster, request.interactive);
      this.confirmed.add(prepared);
    }
    return prepared;
  }

  /**
   * Sends a prepared request: the status bar shows it busy, `token` aborts it, the request inspector
   * records it, a failure is logged.
   */
  async execute(prepared: PreparedRequest, token: vscode.CancellationToken | undefined): Promise<PipelineReply> {
    const { cluster, client, apiKey } = prepared;
    if (cluster.askBeforeSending && !this.confirmed.delete(prepared)) {
      // Not asked in `prepare` (or already sent once): never sent without a question.
      await confirmSendTo(cluster, false);
    }
    const busy = this.statusBar.busy();
    const cancellation = signalFor(token);
    const recording = this.history.begin(prepared.caller, cluster.id);
    try {
      const reply = await client.send({
        clusterId: cluster.id,
        messages: prepared.messages,
        apiKey,
        signal: cancellation.signal,
        trace: recording.trace,
      });
      recording.finish('ok');
      return { reply, cluster, inspection: recording.id() };
    } catch (thrown) {
      const error = scrubError(thrown, [apiKey]);
      const kind = isClusterError(error) ? error.kind : 'unexpectedStatus';
      recording.finish(kind);
      const id = recording.id();
      // The Output channel cannot hold links: the line names the record *Show Request…* lists.
      const inspector = id === undefined ? '' : ` (Show Request… #${id})`;
      this.log.warn(
        `${prepared.caller} → ${cluster.id}: ${isClusterError(error) ? error.kind : 'error'}: ${redactSecrets(error instanceof Error ? error.message : String(error), [apiKey])}${inspector}`,
      );
      throw error;
    } finally {
      cancellation.dispose();
      busy.dispose();
    }
  }

  /** Asks for a new key for the configured origin (after a 401/403); resolves whether one was stored. */
  async updateApiKey(): Promise<boolean> {
    const client = await this.clients.get().catch(() => undefined);
    if (!client) {
      return false;
    }
    const origin = client.endpoint.origin;
    const reason = vscode.l10n.t('The service did not accept the stored key. Paste a valid API key for {0}.', origin);
    return (await promptForApiKey(this.keys, origin, reason)) !== undefined;
  }

  /** Lets the user choose the active cluster; resolves whether one was chosen. */
  async selectCluster(): Promise<boolean> {
    return (await pickCluster(this.clusters)) !== undefined;
  }

  /** Whether a key is stored for the configured origin (false when the base URL is unusable). */
  async hasApiKey(): Promise<boolean> {
    const origin = await this.origin();
    return origin !== undefined && (await this.keys.get(origin)) !== undefined;
  }

  /** The configured origin, or undefined when the base URL is unusable. */
  async origin(): Promise<string | undefined> {
    return (await this.clients.get().catch(() => undefined))?.endpoint.origin;
  }

  private async cluster(request: PipelineRequest): Promise<ClusterEntry | undefined> {
    if (request.clusterId !== undefined) {
      return this.clusters.list().find((cluster) => cluster.id === request.clusterId) ?? { id: request.clusterId };
    }
    const active = this.clusters.active();
    if (active || !request.interactive || request.token?.isCancellationRequested) {
      return active;
    }
    return pickCluster(this.clusters);
  }
}

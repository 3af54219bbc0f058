/**
 * The API Cluster Chat offers other extensions. Get it with
 * `await vscode.extensions.getExtension<ClusterChatApi>('clusterchat.cluster-chat')?.activate()`
 * and declare `"extensionDependencies": ["clusterchat.cluster-chat"]`. Only types live here, and they
 * import nothing but `vscode`, so another extension can copy this file as its typings.
 */
import type { CancellationToken, Event } from 'vscode';

export interface ClusterChatApi {
  /** Grows only by additions while it stays 1. */
  readonly apiVersion: 1;
  /** The clusters the user configured, and the active one if it is not among them. */
  listClusters(): readonly ClusterInfo[];
  /** The cluster requests go to by default, if the user chose one. */
  activeCluster(): ClusterInfo | undefined;
  /** Fires when the user picks another cluster or the configured clusters change. */
  readonly onDidChangeActiveCluster: Event<ClusterInfo | undefined>;
  /**
   * Sends a conversation to a cluster (the active one unless `clusterId` is given) with the key the
   * user stored, and resolves with the assistant message the cluster appended. Never asks the user
   * anything: with no key stored it rejects with an error of kind `auth`. Rejects with a
   * {@link ClusterChatError}. A request can run custom actions with side effects, so do not
   * repeat it after an error whose `mayHaveBeenProcessed` is true without the user's say.
   */
  sendConversation(messages: readonly ClusterChatMessage[], options?: SendConversationOptions): Promise<ClusterChatReply>;
}

export interface ClusterInfo {
  /** Opaque; pass it back as `clusterId`. */
  readonly id: string;
  /** The user's name for it (the id when unnamed). */
  readonly label: string;
  readonly active: boolean;
}

export interface ClusterChatMessage {
  readonly role: 'system' | 'user' | 'assistant';
  readonly content: string;
}

export interface ClusterChatReplyMessage {
  readonly role: string;
  readonly content: string;
}

export interface SendConversationOptions {
  /** Another cluster than the active one. */
  readonly clusterId?: string;
  /** Cancelling aborts the HTTP request; the promise then rejects with kind `cancelled`. */
  readonly token?: CancellationToken;
}

export interface ClusterChatReply {
  readonly clusterId: string;
  /** The assistant message the cluster appended. */
  readonly message: ClusterChatMessage;
  /** The whole conversation as the cluster returned it (it may use other roles). */
  readonly messages: readonly ClusterChatReplyMessage[];
  /** The service's request id, when it sent one. */
  readonly requestId: string | undefined;
}

/** Why a request failed: the same kinds the extension's own requests report. */
export type ClusterChatErrorKind =
  | 'config'
  | 'auth'
  | 'unknownCluster'
  | 'badRequest'
  | 'tooLarge'
  | 'rateLimited'
  | 'server'
  | 'unexpectedStatus'
  | 'connectTimeout'
  | 'timeout'
  | 'network'
  | 'tls'
  | 'proxyAuth'
  | 'redirect'
  | 'protocol'
  | 'cancelled';

export interface ClusterChatError extends Error {
  readonly kind: ClusterChatErrorKind;
  /** Whether the cluster may have acted on the request (then a retry may repeat its side effects). */
  readonly mayHaveBeenProcessed: boolean;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
}

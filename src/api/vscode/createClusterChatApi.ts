import * as vscode from 'vscode';
import type { RequestPipeline } from '../../requests/vscode/requestPipeline';
import { clusterLabel, type ClusterStore } from '../../clusters/vscode/clusterStore';
import { type ClusterErrorKind } from '../../client/common/errors/errors';
import { ConfigurationError } from '../../client/common/errors/statusErrors';
import type { Message } from '../../client/common/messages';
import type { ClusterEntry } from '../../base/vscode/settings';
import type { ClusterChatApi, ClusterChatErrorKind, ClusterChatReplyMessage, ClusterInfo } from './clusterChatApi';

/** The published error kinds are exactly the client's: this fails to compile when they drift apart. */
type Same<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;
const ERROR_KINDS_MATCH: Same<ClusterChatErrorKind, ClusterErrorKind> = true;
void ERROR_KINDS_MATCH;

/** The roles a caller may send (a static list: the schemas load only with the first request). */
const SENDABLE_ROLES: readonly unknown[] = ['system', 'user', 'assistant'];

/**
 * The API `activate()` returns to other extensions. Calls go through the same client, key store,
 * timeouts and typed errors as the user's own requests; nothing hands out the key.
 */
export function createClusterChatApi(
  clusters: ClusterStore,
  pipeline: RequestPipeline,
  log: vscode.LogOutputChannel,
): { readonly api: ClusterChatApi; readonly disposable: vscode.Disposable } {
  const info = (cluster: ClusterEntry, activeId: string | undefined): ClusterInfo => ({
    id: cluster.id,
    label: clusterLabel(cluster),
    active: cluster.id === activeId,
  });
  const changed = new vscode.EventEmitter<ClusterInfo | undefined>();
  const subscription = clusters.onDidChangeActive((cluster) => changed.fire(cluster ? info(cluster, cluster.id) : undefined));
  const api: ClusterChatApi = {
    apiVersion: 1,
    listClusters() {
      const activeId = clusters.active()?.id;
      return clusters.listWithActive().map((cluster) => info(cluster, activeId));
    },
    activeCluster() {
      const active = clusters.active();
      return active ? info(active, active.id) : undefined;
    },
    onDidChangeActiveCluster: changed.event,
    async sendConversation(messages, options = {}) {
      const { clusterId: requested, token } = sendOptions(options);
      const clusterId = requested ?? clusters.active()?.id;
      if (clusterId === undefined || clusterId.length === 0) {
        throw new ConfigurationError(
          vscode.l10n.t('No cluster is selected. Choose one with “Cluster Chat: Select Cluster…”, or pass a clusterId.'),
        );
      }
      const conversation = plainMessages(messages);
      log.info(`Extension API: sending ${conversation.length} message(s) to cluster ${clusterId}.`);
      const sent = await pipeline.send({ caller: 'api', clusterId, messages: conversation, token, interactive: false });
      if (!sent) {
        throw new ConfigurationError(vscode.l10n.t('The request was not sent.'));
      }
      const { reply } = sent;
      return {
        clusterId,
        message: reply.assistant,
        messages: reply.messages.map((message): ClusterChatReplyMessage => ({ role: message.role, content: message.content })),
        requestId: reply.requestId,
      };
    },
  };
  return { api, disposable: vscode.Disposable.from(subscription, changed) };
}

/** The caller's options, checked: a JavaScript caller may pass anything. */
function sendOptions(options: unknown): { clusterId: string | undefined; token: vscode.CancellationToken | undefined } {
  const value = typeof options === 'object' && options !== null ? options : {};
  const clusterId: unknown = Reflect.get(value, 'clusterId');
  const token: unknown = Reflect.get(value, 'token');
  const isToken = (candidate: unknown): candidate is vscode.CancellationToken =>
    typeof candidate === 'object' && candidate !== null && typeof Reflect.get(candidate, 'onCancellationRequested') === 'function';
  if ((clusterId !== undefined && typeof clusterId !== 'string') || (token !== undefined && !isToken(token))) {
    throw new ConfigurationError(vscode.l10n.t('The options must be { clusterId?: string, token?: CancellationToken }.'));
  }
  return { clusterId, token };
}

/** Copies the caller's messages to plain ones, rejecting anything that is not `{role, content}`. */
function plainMessages(messages: unknown): Message[] {
  const valid =
    Array.isArray(messages) &&
    messages.length > 0 &&
    messages.every(
      (message: unknown) =>
        typeof message === 'object' &&
        message !== null &&
        SENDABLE_ROLES.includes(Reflect.get(message, 'role')) &&
        typeof Reflect.get(message, 'content') === 'string',
    );
  if (!valid) {
    throw new ConfigurationError(
      vscode.l10n.t('The conversation must be a non-empty array of {role, content} messages, role being system, user or assistant.'),
    );
  }
  return (messages as readonly Message[]).map((message) => ({ role: message.role, content: message.content }));
}

import * as vscode from 'vscode';
import type { ClusterStore } from '../../clusters/vscode/clusterStore';
import { ConfigurationError } from '../../client/common/errors/statusErrors';
import type { ClusterEntry } from '../../base/vscode/settings';

/** What a model or another extension passes to the "Ask a cluster" tool (the manifest's inputSchema). */
export interface AskClusterInput {
  readonly question: string;
  readonly clusterId?: string;
  readonly context?: string;
}

/**
 * The input, checked: VS Code validates it against the schema only for some callers, and a model
 * may send anything.
 */
export function parseAskClusterInput(input: unknown): AskClusterInput {
  const value = typeof input === 'object' && input !== null ? input : {};
  const question: unknown = Reflect.get(value, 'question');
  const clusterId: unknown = Reflect.get(value, 'clusterId');
  const context: unknown = Reflect.get(value, 'context');
  if (typeof question !== 'string' || question.trim().length === 0) {
    throw new ConfigurationError(vscode.l10n.t('The tool needs a non-empty “question”.'));
  }
  if ((clusterId !== undefined && typeof clusterId !== 'string') || (context !== undefined && typeof context !== 'string')) {
    throw new ConfigurationError(vscode.l10n.t('“clusterId” and “context” must be strings when given.'));
  }
  return {
    question,
    ...(clusterId && clusterId.length > 0 ? { clusterId } : {}),
    ...(context && context.trim().length > 0 ? { context } : {}),
  };
}

/**
 * The cluster the tool may call: the requested one only if the user configured it (or made it
 * active), else the active one. A model must not reach clusters the user never chose, and an
 * unknown id then costs no request.
 */
export function resolveToolCluster(clusters: ClusterStore, requestedId: string | undefined): ClusterEntry {
  const known = clusters.listWithActive();
  if (requestedId === undefined) {
    const active = clusters.active();
    if (!active) {
      throw new ConfigurationError(
        vscode.l10n.t('No cluster is selected. Choose one with “Cluster Chat: Select Cluster…”, or pass a clusterId.'),
      );
    }
    return active;
  }
  const cluster = known.find((candidate) => candidate.id === requestedId);
  if (!cluster) {
    const ids = known.map((candidate) => candidate.id).join(', ');
    throw new ConfigurationError(
      vscode.l10n.t(
        'Cluster “{0}” is not one of the configured clusters ({1}). Add it to “clusterChat.clusters”, or ask one of those.',
        requestedId,
        ids.length > 0 ? ids : vscode.l10n.t('none'),
      ),
    );
  }
  return cluster;
}

/** The text sent as the user's message: the question, then the context the caller gave. */
export function askClusterPrompt(input: AskClusterInput): string {
  return input.context === undefined ? input.question : `${input.question}\n\n${input.context}`;
}

import { l10n } from '../../../base/common/l10n';

/**
 * Every way a call to a cluster can fail, as a typed error with a short message that tells the user
 * what to do. Texts that came from the server are redacted and shortened before they get here. The
 * errors themselves: statusErrors.ts (the service answered, or nothing was sent) and transportErrors.ts.
 */
export const CLUSTER_ERROR_KINDS = [
  'config',
  'auth',
  'unknownCluster',
  'badRequest',
  'tooLarge',
  'rateLimited',
  'server',
  'unexpectedStatus',
  'connectTimeout',
  'timeout',
  'network',
  'tls',
  'proxyAuth',
  'redirect',
  'protocol',
  'cancelled',
] as const;
export type ClusterErrorKind = (typeof CLUSTER_ERROR_KINDS)[number];

/** What is known about the call that failed. */
export interface ErrorContext {
  readonly clusterId?: string;
  readonly status?: number;
  readonly requestId?: string;
  /** The server's own explanation, already redacted and shortened. */
  readonly serverMessage?: string;
}

export abstract class ClusterError extends Error {
  abstract readonly kind: ClusterErrorKind;
  /**
   * Whether the cluster may have received and acted on the request. When true, sending it again
   * may repeat a custom action's side effects, so a retry must be the user's informed choice.
   */
  abstract readonly mayHaveBeenProcessed: boolean;
  readonly clusterId: string | undefined;
  readonly status: number | undefined;
  readonly requestId: string | undefined;
  readonly serverMessage: string | undefined;

  protected constructor(summary: string, context: ErrorContext) {
    super(composeMessage(summary, context));
    this.name = new.target.name;
    this.clusterId = context.clusterId;
    this.status = context.status;
    this.requestId = context.requestId;
    this.serverMessage = context.serverMessage;
  }
}

function composeMessage(summary: string, context: ErrorContext): string {
  let message = summary;
  if (context.serverMessage) {
    message += ` ${l10n.t('The service said: “{0}”.', context.serverMessage)}`;
  }
  if (context.requestId) {
    message += ` ${l10n.t('(Request id: {0}.)', context.requestId)}`;
  }
  return message;
}

export function statusText(status: number | undefined): string {
  return status === undefined ? '' : ` (HTTP ${status})`;
}

export function clusterName(context: ErrorContext): string {
  return context.clusterId === undefined ? l10n.t('the cluster') : l10n.t('cluster “{0}”', context.clusterId);
}

export function isClusterError(value: unknown): value is ClusterError {
  return value instanceof ClusterError;
}

export function formatSeconds(seconds: number): string {
  const rounded = Math.max(0, Math.round(seconds * 10) / 10);
  return rounded === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', rounded);
}

/** For failures after the cluster may have run the request: sending again could repeat its actions. */
export function mayHaveActed(): string {
  return l10n.t('The cluster may already have acted on the request, so check before sending it again.');
}

export function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

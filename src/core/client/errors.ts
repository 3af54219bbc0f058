import { l10n } from '../l10n';

/**
 * Every way a call to a cluster can fail, as a typed error with a short message that tells the user
 * what to do. Texts that came from the server are redacted and shortened before they get here.
 */
export type ClusterErrorKind =
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
  | 'redirect'
  | 'protocol'
  | 'cancelled';

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

function statusText(status: number | undefined): string {
  return status === undefined ? '' : ` (HTTP ${status})`;
}

function clusterName(context: ErrorContext): string {
  return context.clusterId === undefined ? l10n.t('the cluster') : l10n.t('cluster “{0}”', context.clusterId);
}

/** The base URL or another setting makes a safe request impossible; nothing was sent. */
export class ConfigurationError extends ClusterError {
  readonly kind = 'config';
  readonly mayHaveBeenProcessed = false;
  constructor(summary: string) {
    super(summary, {});
  }
}

/** 401 or 403: the key is missing, wrong, or has no access to this cluster. */
export class AuthError extends ClusterError {
  readonly kind = 'auth';
  readonly mayHaveBeenProcessed = false;
  constructor(context: ErrorContext) {
    super(
      context.status === 403
        ? l10n.t("The API key has no access to {0}{1}. Check the key's permissions in your account, or select another cluster.", clusterName(context), statusText(context.status))
        : l10n.t('The cluster service did not accept the API key{0}. Set a valid key with “Cluster Chat: Set API Key”.', statusText(context.status)),
      context,
    );
  }
}

/** No key is stored for the service's origin, and the caller cannot ask the user for one. */
export class MissingApiKeyError extends ClusterError {
  readonly kind = 'auth';
  readonly mayHaveBeenProcessed = false;
  constructor(origin: string) {
    super(l10n.t('No API key is set for {0}. Set one with “Cluster Chat: Set API Key”.', origin), {});
  }
}

/** 404: no cluster with this id (ids are opaque; it may be mistyped or deleted). */
export class UnknownClusterError extends ClusterError {
  readonly kind = 'unknownCluster';
  readonly mayHaveBeenProcessed = false;
  constructor(context: ErrorContext) {
    super(
      l10n.t('{0} was not found{1}. Check the cluster id, or pick another one with “Cluster Chat: Select Cluster…”.', capitalize(clusterName(context)), statusText(context.status)),
      context,
    );
  }
}

/** 400 or 422: the service refused the request's content. */
export class BadRequestError extends ClusterError {
  readonly kind = 'badRequest';
  readonly mayHaveBeenProcessed = false;
  constructor(context: ErrorContext) {
    super(l10n.t('The cluster service rejected the request as invalid{0}.', statusText(context.status)), context);
  }
}

/** 413: the conversation is larger than the service accepts. */
export class RequestTooLargeError extends ClusterError {
  readonly kind = 'tooLarge';
  readonly mayHaveBeenProcessed = false;
  constructor(context: ErrorContext) {
    super(
      l10n.t('The conversation is too large for the cluster service{0}. Remove some messages or attachments, then send again.', statusText(context.status)),
      context,
    );
  }
}

/** 429: too many requests; `retryAfterSeconds` is what the service asked for, if it said. */
export class RateLimitedError extends ClusterError {
  readonly kind = 'rateLimited';
  readonly mayHaveBeenProcessed = false;
  readonly retryAfterSeconds: number | undefined;
  constructor(context: ErrorContext, retryAfterSeconds: number | undefined) {
    super(
      retryAfterSeconds === undefined
        ? l10n.t('The cluster service is limiting requests{0}. Wait a moment, then try again.', statusText(context.status))
        : l10n.t('The cluster service is limiting requests{0}. Wait {1}, then try again.', statusText(context.status), formatSeconds(retryAfterSeconds)),
      context,
    );
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 5xx: the service failed. It may have run part of the request, so a retry is the user's call. */
export class ServerError extends ClusterError {
  readonly kind = 'server';
  readonly mayHaveBeenProcessed: boolean;
  readonly retryAfterSeconds: number | undefined;
  constructor(context: ErrorContext, retryAfterSeconds: number | undefined) {
    const unavailable = context.status === 503;
    super(
      unavailable
        ? retryAfterSeconds === undefined
          ? l10n.t('The cluster service is temporarily unavailable{0}. Try again in a moment.', statusText(context.status))
          : l10n.t('The cluster service is temporarily unavailable{0}. Try again in {1}.', statusText(context.status), formatSeconds(retryAfterSeconds))
        : `${l10n.t("The cluster service failed while handling the request{0}. Try again later; if it keeps failing, check the service's status.", statusText(context.status))} ${mayHaveActed()}`,
      context,
    );
    this.mayHaveBeenProcessed = !unavailable;
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** Any other status the spec does not explain (for example 409 or a 1xx/2xx oddity). */
export class UnexpectedStatusError extends ClusterError {
  readonly kind = 'unexpectedStatus';
  readonly mayHaveBeenProcessed = true;
  constructor(context: ErrorContext) {
    super(`${l10n.t('The cluster service answered with an unexpected status{0}.', statusText(context.status))} ${mayHaveActed()}`, context);
  }
}

/** The connection (TCP and TLS) was not open within the connect timeout. Nothing was sent. */
export class ConnectTimeoutError extends ClusterError {
  readonly kind = 'connectTimeout';
  readonly mayHaveBeenProcessed = false;
  constructor(origin: string, timeoutMs: number, context: ErrorContext = {}) {
    super(
      l10n.t('Could not connect to {0} within {1}. Check your network or proxy, and the “clusterChat.baseUrl” setting.', origin, formatSeconds(timeoutMs / 1000)),
      context,
    );
  }
}

/** The whole call took longer than the total timeout. The cluster may still be working on it. */
export class TimeoutError extends ClusterError {
  readonly kind = 'timeout';
  readonly mayHaveBeenProcessed = true;
  constructor(timeoutMs: number, context: ErrorContext) {
    super(
      l10n.t('{0} did not answer within {1}. It may still be working, so sending again may repeat its actions. For slow clusters, raise “clusterChat.requestTimeoutSeconds”.', capitalize(clusterName(context)), formatSeconds(timeoutMs / 1000)),
      context,
    );
  }
}

export type NetworkFailure = 'refused' | 'dns' | 'reset' | 'unreachable' | 'other';

/** The network failed: connection refused, host not found, or the connection dropped. */
export class NetworkError extends ClusterError {
  readonly kind = 'network';
  readonly failure: NetworkFailure;
  readonly mayHaveBeenProcessed: boolean;
  readonly code: string | undefined;
  constructor(failure: NetworkFailure, origin: string, code: string | undefined, context: ErrorContext) {
    super(networkSummary(failure, origin, code), context);
    this.failure = failure;
    this.code = code;
    this.mayHaveBeenProcessed = failure === 'reset' || failure === 'other';
  }
}

function networkSummary(failure: NetworkFailure, origin: string, code: string | undefined): string {
  switch (failure) {
    case 'refused':
      return l10n.t('Could not connect to {0}: the connection was refused. Check that the service (or the local emulator) is running and that “clusterChat.baseUrl” is right.', origin);
    case 'dns':
      return l10n.t('Could not find the host of {0}. Check “clusterChat.baseUrl” and your network connection.', origin);
    case 'unreachable':
      return l10n.t('Could not reach {0}: the network is unreachable. Check your connection or proxy settings.', origin);
    case 'reset':
      return l10n.t('The connection to {0} was closed before the reply was complete. The cluster may have processed the request; check before sending it again.', origin);
    case 'other':
      return l10n.t('The request to {0} failed on the network{1}. Check your connection and try again.', origin, code ? ` (${code})` : '');
  }
}

/** The TLS handshake failed: an untrusted or mismatched certificate, or not TLS at all. */
export class TlsError extends ClusterError {
  readonly kind = 'tls';
  readonly mayHaveBeenProcessed = false;
  readonly code: string | undefined;
  constructor(origin: string, code: string | undefined, context: ErrorContext = {}) {
    super(
      l10n.t('A secure connection to {0} could not be established{1}. If a proxy inspects your traffic, trust its certificate or adjust “http.proxyStrictSSL”; otherwise check “clusterChat.baseUrl”.', origin, code ? ` (${code})` : ''),
      context,
    );
    this.code = code;
  }
}

/** A 3xx: redirects are never followed, so the key cannot travel to another origin. */
export class RedirectError extends ClusterError {
  readonly kind = 'redirect';
  readonly mayHaveBeenProcessed = false;
  /** Origin of the redirect target only (never its path or query), or undefined if unreadable. */
  readonly targetOrigin: string | undefined;
  constructor(targetOrigin: string | undefined, context: ErrorContext) {
    super(
      targetOrigin
        ? l10n.t('The cluster service answered with a redirect{0} to {1}. Redirects are not followed, so the API key is never sent elsewhere. Check “clusterChat.baseUrl”.', statusText(context.status), targetOrigin)
        : l10n.t('The cluster service answered with a redirect{0}. Redirects are not followed, so the API key is never sent elsewhere. Check “clusterChat.baseUrl”.', statusText(context.status)),
      context,
    );
    this.targetOrigin = targetOrigin;
  }
}

export type ProtocolFailure = 'notJson' | 'shape' | 'noAssistant' | 'tooLarge';

/** The service answered 2xx, but not with a reply this client can use. */
export class ProtocolError extends ClusterError {
  readonly kind = 'protocol';
  readonly mayHaveBeenProcessed = true;
  readonly failure: ProtocolFailure;
  constructor(failure: ProtocolFailure, detail: string, context: ErrorContext) {
    super([protocolSummary(failure), detail, mayHaveActed()].filter((part) => part.length > 0).join(' '), context);
    this.failure = failure;
  }
}

function protocolSummary(failure: ProtocolFailure): string {
  switch (failure) {
    case 'notJson':
      return l10n.t('The cluster’s reply is not valid JSON.');
    case 'shape':
      return l10n.t('The cluster’s reply does not have the expected content.messages structure.');
    case 'noAssistant':
      return l10n.t('The cluster’s reply holds no assistant message after the messages that were sent.');
    case 'tooLarge':
      return l10n.t('The cluster’s reply is too large to read.');
  }
}

/** The caller cancelled the request. */
export class CancelledError extends ClusterError {
  readonly kind = 'cancelled';
  readonly mayHaveBeenProcessed = true;
  constructor(context: ErrorContext = {}) {
    super(l10n.t('The request was cancelled.'), context);
  }
}

export function isClusterError(value: unknown): value is ClusterError {
  return value instanceof ClusterError;
}

function formatSeconds(seconds: number): string {
  const rounded = Math.max(0, Math.round(seconds * 10) / 10);
  return rounded === 1 ? l10n.t('1 second') : l10n.t('{0} seconds', rounded);
}

/** For failures after the cluster may have run the request: sending again could repeat its actions. */
function mayHaveActed(): string {
  return l10n.t('The cluster may already have acted on the request, so check before sending it again.');
}

function capitalize(text: string): string {
  return text.charAt(0).toUpperCase() + text.slice(1);
}

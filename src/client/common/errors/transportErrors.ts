import { l10n } from '../../../base/common/l10n';
import { capitalize, ClusterError, clusterName, type ErrorContext, formatSeconds, mayHaveActed, statusText } from './errors';

/** Failures on the way: timeouts, the network, TLS, redirects, and replies that cannot be used. */

/** The connection (TCP and TLS) was not open within the connect timeout. Nothing was sent. */
export class ConnectTimeoutError extends ClusterError {
  readonly kind = 'connectTimeout';
  readonly mayHaveBeenProcessed = false;
  constructor(origin: string, timeoutMs: number, context: ErrorContext = {}) {
    super(
      l10n.t(
        'Could not connect to {0} within {1}. Check your network or proxy, and the “clusterChat.baseUrl” setting.',
        origin,
        formatSeconds(timeoutMs / 1000),
      ),
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
      l10n.t(
        '{0} did not answer within {1}. It may still be working, so sending again may repeat its actions. For slow clusters, raise “clusterChat.requestTimeoutSeconds”.',
        capitalize(clusterName(context)),
        formatSeconds(timeoutMs / 1000),
      ),
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
      return l10n.t(
        'Could not connect to {0}: the connection was refused. Check that the service (or the local emulator) is running and that “clusterChat.baseUrl” is right.',
        origin,
      );
    case 'dns':
      return l10n.t('Could not find the host of {0}. Check “clusterChat.baseUrl” and your network connection.', origin);
    case 'unreachable':
      return l10n.t('Could not reach {0}: the network is unreachable. Check your connection or proxy settings.', origin);
    case 'reset':
      return l10n.t(
        'The connection to {0} was closed before the reply was complete. The cluster may have processed the request; check before sending it again.',
        origin,
      );
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
      l10n.t(
        'A secure connection to {0} could not be established{1}. If a proxy inspects your traffic, trust its certificate or adjust “http.proxyStrictSSL”; otherwise check “clusterChat.baseUrl”.',
        origin,
        code ? ` (${code})` : '',
      ),
      context,
    );
    this.code = code;
  }
}

/** The proxy refused to open the tunnel until it gets (other) credentials: HTTP 407. Nothing reached the service. */
export class ProxyAuthError extends ClusterError {
  readonly kind = 'proxyAuth';
  readonly mayHaveBeenProcessed = false;
  constructor(
    /** `host:port` of the proxy, never its user or password. */
    readonly proxy: string,
    context: ErrorContext = {},
  ) {
    super(
      l10n.t(
        'The proxy at {0} requires authentication. Add the user name and password to the address in “http.proxy”, or set “http.proxyAuthorization”.',
        proxy,
      ),
      context,
    );
  }
}

/** A 3xx: redirects are never followed, so the key cannot travel to another origin. */
export class RedirectError extends ClusterError {
  readonly kind = 'redirect';
  /** 302 and 303 after a POST mean the server acted on it and points at the result; 307 and 308 ask to send it elsewhere. */
  readonly mayHaveBeenProcessed: boolean;
  /** Origin of the redirect target only (never its path or query), or undefined if unreadable. */
  readonly targetOrigin: string | undefined;
  constructor(targetOrigin: string | undefined, context: ErrorContext) {
    super(
      targetOrigin
        ? l10n.t(
            'The cluster service answered with a redirect{0} to {1}. Redirects are not followed, so the API key is never sent elsewhere. Check “clusterChat.baseUrl”.',
            statusText(context.status),
            targetOrigin,
          )
        : l10n.t(
            'The cluster service answered with a redirect{0}. Redirects are not followed, so the API key is never sent elsewhere. Check “clusterChat.baseUrl”.',
            statusText(context.status),
          ),
      context,
    );
    this.mayHaveBeenProcessed = context.status === 302 || context.status === 303;
    this.targetOrigin = targetOrigin;
  }
}

export type ProtocolFailure = 'notJson' | 'encoding' | 'shape' | 'noAssistant' | 'tooLarge';

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
    case 'encoding':
      return l10n.t('The cluster’s reply could not be decoded.');
    case 'shape':
      return l10n.t('The cluster’s reply does not have the expected content.messages structure.');
    case 'noAssistant':
      return l10n.t('The cluster’s reply holds no assistant message after the messages that were sent.');
    case 'tooLarge':
      return l10n.t('The cluster’s reply is too large to read.');
  }
}

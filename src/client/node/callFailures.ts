import type { ClusterError, ErrorContext } from '../common/errors/errors';
import type { CallDeadline } from './http/callDeadline';
import type { TransportFailure } from './http/transportFailure';
import { CancelledError } from '../common/errors/statusErrors';
import { ConnectTimeoutError, NetworkError, ProxyAuthError, TimeoutError, TlsError } from '../common/errors/transportErrors';

/** Why a call was aborted: its own total timeout, or the caller. */
export function abortError(deadline: CallDeadline, context: ErrorContext): ClusterError {
  return deadline.abortedBy === 'timeout' ? new TimeoutError(deadline.totalMs, context) : new CancelledError(context);
}

/** The typed error for a failure below HTTP (connecting, TLS, the network, the proxy at `proxy`, as host:port). */
export function transportError(
  failure: TransportFailure,
  origin: string,
  connectTimeoutMs: number,
  context: ErrorContext,
  proxy?: string,
): ClusterError {
  switch (failure.kind) {
    case 'proxyStatus':
      // Some proxies (tinyproxy) answer wrong credentials with 401: on a CONNECT it can only be the proxy's.
      return failure.status === 407 || failure.status === 401
        ? new ProxyAuthError(proxy ?? origin, { ...context, status: failure.status })
        : new NetworkError('other', origin, `proxy HTTP ${failure.status}`, context);
    case 'connectTimeout':
      return new ConnectTimeoutError(origin, connectTimeoutMs, context);
    case 'tls':
      return new TlsError(origin, failure.code, context);
    case 'refused':
    case 'dns':
    case 'unreachable':
    case 'reset':
    case 'other':
      return new NetworkError(failure.kind, origin, failure.code, context);
  }
}

/** The origin of a Location header, resolved against ours; never its path or query. */
export function originOf(location: string | undefined, base: string): string | undefined {
  if (location === undefined) {
    return undefined;
  }
  try {
    return new URL(location, base).origin;
  } catch {
    return undefined;
  }
}

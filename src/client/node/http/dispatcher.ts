import type * as tls from 'node:tls';
import { chooseProxy, type Environment, type ProxyChoice, type ProxySettings } from './proxyChoice';
import type { TrustedCertificates } from './trust';
import { Agent, ProxyAgent, type Dispatcher } from './undici';

export type { ProxySettings } from './proxyChoice';

export interface DispatcherOptions {
  readonly connectTimeoutMs: number;
  /** The one origin this dispatcher talks to: the proxy is chosen for it. */
  readonly target: string;
  readonly proxy?: ProxySettings | undefined;
  /** Environment to read HTTPS_PROXY, HTTP_PROXY and NO_PROXY from. */
  readonly env?: Environment | undefined;
  /** The CAs to trust; without it, Node's defaults. */
  readonly trust?: TrustedCertificates | undefined;
}

/**
 * How long an idle connection is reused when the server sent no `Keep-Alive: timeout` hint. Servers,
 * proxies and load balancers close idle connections after as little as about a second, without
 * saying so; a request sent on a connection the server is closing fails with a reset, and a POST is
 * never retried blindly. Well under that second, with room for a round trip over a slow network:
 * past it, a new connection costs a handshake, which is cheaper than a failed turn.
 */
export const KEEP_ALIVE_MS = 600;
/** With a hint, a connection is reused for the hinted time minus this margin (so a hint of 1 s means no reuse). */
export const KEEP_ALIVE_MARGIN_MS = 1000;
/** The longest reuse, whatever the hint. */
export const KEEP_ALIVE_MAX_MS = 30_000;

/** How long the connection a response came on may idle before it is no longer reused: what the pool applies, read the same way. */
export function idleReuseMs(keepAliveHeader: string | undefined): number {
  const hint = /timeout=(\d+)/.exec(keepAliveHeader ?? '')?.[1];
  return hint === undefined ? KEEP_ALIVE_MS : Math.max(0, Math.min(Number(hint) * 1000 - KEEP_ALIVE_MARGIN_MS, KEEP_ALIVE_MAX_MS));
}

/**
 * One keep-alive connection pool for every request of a client, direct or through the proxy chosen
 * for its origin. undici's own header and body timeouts are switched off: the client enforces its
 * own total timeout, which may be longer.
 */
export function createDispatcher(options: DispatcherOptions): { readonly dispatcher: Dispatcher; readonly proxy: ProxyChoice } {
  const rejectUnauthorized = options.proxy?.strictSSL ?? true;
  const tlsOptions: tls.ConnectionOptions & { timeout: number } = {
    timeout: options.connectTimeoutMs,
    rejectUnauthorized,
    ...(options.trust ? { secureContext: options.trust.secureContext } : {}),
  };
  const agentOptions = {
    headersTimeout: 0,
    bodyTimeout: 0,
    keepAliveTimeout: KEEP_ALIVE_MS,
    keepAliveTimeoutThreshold: KEEP_ALIVE_MARGIN_MS,
    keepAliveMaxTimeout: KEEP_ALIVE_MAX_MS,
  };
  const proxy = chooseProxy(new URL(options.target), options.proxy, options.env ?? {});
  if (proxy.kind === 'direct') {
    return { dispatcher: new Agent({ ...agentOptions, connect: tlsOptions }), proxy };
  }
  const token = options.proxy?.proxyAuthorization;
  const dispatcher = new ProxyAgent({
    ...agentOptions,
    uri: proxy.url.href,
    ...(token ? { token } : {}),
    requestTls: tlsOptions,
    proxyTls: tlsOptions,
  });
  return { dispatcher, proxy };
}

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

const KEEP_ALIVE_MS = 30_000;

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
  const agentOptions = { headersTimeout: 0, bodyTimeout: 0, keepAliveTimeout: KEEP_ALIVE_MS };
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

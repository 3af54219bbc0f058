import { Agent, EnvHttpProxyAgent, type Dispatcher } from './undici';

/** Proxy settings as VS Code's `http.proxy` and `http.proxyStrictSSL` give them. */
export interface ProxySettings {
  /** `http.proxy`; empty or undefined means "use the environment". */
  readonly proxyUrl?: string | undefined;
  /** `http.proxyStrictSSL`; false accepts untrusted certificates (for inspecting proxies). */
  readonly strictSSL?: boolean | undefined;
}

export interface DispatcherOptions {
  readonly connectTimeoutMs: number;
  readonly proxy?: ProxySettings | undefined;
  /** Environment to read HTTPS_PROXY, HTTP_PROXY and NO_PROXY from. */
  readonly env?: Readonly<Record<string, string | undefined>> | undefined;
}

const KEEP_ALIVE_MS = 30_000;

/**
 * One keep-alive connection pool for every request of a client. undici's own header and body
 * timeouts are switched off: the client enforces its own total timeout, which may be longer.
 */
export function createDispatcher(options: DispatcherOptions): Dispatcher {
  const rejectUnauthorized = options.proxy?.strictSSL ?? true;
  const agentOptions = {
    connect: { timeout: options.connectTimeoutMs, rejectUnauthorized },
    headersTimeout: 0,
    bodyTimeout: 0,
    keepAliveTimeout: KEEP_ALIVE_MS,
  };
  const env = options.env ?? {};
  const configured = options.proxy?.proxyUrl?.trim();
  const noProxy = env['NO_PROXY'] ?? env['no_proxy'];
  if (configured) {
    return new EnvHttpProxyAgent({
      ...agentOptions,
      httpProxy: configured,
      httpsProxy: configured,
      ...(noProxy === undefined ? {} : { noProxy }),
      requestTls: { rejectUnauthorized, timeout: options.connectTimeoutMs },
      proxyTls: { rejectUnauthorized, timeout: options.connectTimeoutMs },
    });
  }
  const httpsProxy = env['HTTPS_PROXY'] ?? env['https_proxy'];
  const httpProxy = env['HTTP_PROXY'] ?? env['http_proxy'];
  if (httpsProxy || httpProxy) {
    return new EnvHttpProxyAgent({
      ...agentOptions,
      ...(httpProxy ? { httpProxy } : {}),
      ...(httpsProxy ? { httpsProxy } : {}),
      ...(noProxy === undefined ? {} : { noProxy }),
      requestTls: { rejectUnauthorized, timeout: options.connectTimeoutMs },
      proxyTls: { rejectUnauthorized, timeout: options.connectTimeoutMs },
    });
  }
  return new Agent(agentOptions);
}

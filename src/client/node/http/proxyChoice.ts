/** VS Code's proxy settings: `http.proxy`, `http.proxyStrictSSL`, `http.proxyAuthorization`, `http.proxySupport`, `http.noProxy`. */
export interface ProxySettings {
  /** `http.proxy`; empty or undefined means "use the environment". */
  readonly proxyUrl?: string | undefined;
  /** `http.proxyStrictSSL`; false accepts untrusted certificates (for inspecting proxies). */
  readonly strictSSL?: boolean | undefined;
  /** `http.proxyAuthorization`: the whole Proxy-Authorization header value, e.g. `Basic …`. */
  readonly proxyAuthorization?: string | undefined;
  /** `http.proxySupport`; `off` means no proxy at all, neither from settings nor the environment. */
  readonly proxySupport?: string | undefined;
  /** `http.noProxy`: hosts reached directly, as in NO_PROXY. */
  readonly noProxy?: readonly string[] | undefined;
}

export type Environment = Readonly<Record<string, string | undefined>>;

/** The proxy a request to a target goes through, and why; never holds the proxy's credentials in `display`. */
export type ProxyChoice =
  | {
      readonly kind: 'proxy';
      readonly url: URL;
      readonly source: 'setting' | 'environment';
      /** The environment variable it came from, for `environment`. */
      readonly variable?: string;
      /** `scheme://host:port`, without user or password. */
      readonly display: string;
      /** `host:port`, for messages. */
      readonly hostPort: string;
      readonly credentials: 'url' | 'setting' | 'none';
    }
  | { readonly kind: 'direct'; readonly reason: 'proxySupportOff' | 'noProxy' | 'noneConfigured' | 'invalid'; readonly rule?: string };

export function chooseProxy(target: URL, settings: ProxySettings | undefined, env: Environment): ProxyChoice {
  if (settings?.proxySupport === 'off') {
    return { kind: 'direct', reason: 'proxySupportOff' };
  }
  const configured = settings?.proxyUrl?.trim();
  const fromEnv = environmentProxy(target, env);
  const raw = configured ? { value: configured, source: 'setting' as const } : fromEnv;
  if (!raw) {
    return { kind: 'direct', reason: 'noneConfigured' };
  }
  const rule = bypassRule(target, [...(settings?.noProxy ?? []), ...splitList(env['no_proxy'] ?? env['NO_PROXY'] ?? '')]);
  if (rule !== undefined) {
    return { kind: 'direct', reason: 'noProxy', rule };
  }
  let url: URL;
  try {
    url = new URL(raw.value.includes('://') ? raw.value : `http://${raw.value}`);
  } catch {
    return { kind: 'direct', reason: 'invalid' };
  }
  const port = url.port || (url.protocol === 'https:' ? '443' : '80');
  const hostPort = `${url.hostname}:${port}`;
  const credentials = settings?.proxyAuthorization ? 'setting' : url.username || url.password ? 'url' : 'none';
  return {
    kind: 'proxy',
    url,
    source: raw.source,
    ...('variable' in raw ? { variable: raw.variable } : {}),
    display: `${url.protocol}//${hostPort}`,
    hostPort,
    credentials,
  };
}

function environmentProxy(target: URL, env: Environment): { value: string; source: 'environment'; variable: string } | undefined {
  const names = target.protocol === 'https:' ? ['https_proxy', 'HTTPS_PROXY', 'http_proxy', 'HTTP_PROXY'] : ['http_proxy', 'HTTP_PROXY'];
  for (const name of names) {
    const value = env[name]?.trim();
    if (value) {
      return { value, source: 'environment', variable: name };
    }
  }
  return undefined;
}

function splitList(value: string): string[] {
  return value.split(/[,\s]+/).filter((entry) => entry.length > 0);
}

/** The NO_PROXY entry that sends the target direct: `*`, a host, `.domain` / `*.domain`, each with an optional port. */
function bypassRule(target: URL, entries: readonly string[]): string | undefined {
  const host = target.hostname.toLowerCase().replace(/^\[|\]$/g, '');
  const port = target.port || (target.protocol === 'https:' ? '443' : '80');
  return entries.find((entry) => {
    if (entry === '*') {
      return true;
    }
    const match = /^(.*?)(?::(\d+))?$/.exec(entry.trim().toLowerCase());
    const pattern = (match?.[1] ?? '').replace(/^\*/, '').replace(/^\[|\]$/g, '');
    if (pattern.length === 0 || (match?.[2] !== undefined && match[2] !== port)) {
      return false;
    }
    return pattern.startsWith('.') ? host.endsWith(pattern) || host === pattern.slice(1) : host === pattern || host.endsWith(`.${pattern}`);
  });
}

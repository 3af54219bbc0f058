import { ConfigurationError } from './errors/statusErrors';
import { l10n } from '../../base/common/l10n';

/** A validated base address of the Clusters API, such as `https://api.wizlay.com/v1`. */
export interface ServiceEndpoint {
  /** `scheme://host[:port]`: the unit an API key is bound to. */
  readonly origin: string;
  /** Path of the base address without a trailing slash, e.g. `/v1`. */
  readonly basePath: string;
}

/**
 * Checks a base URL before any key is attached to a request to it: https anywhere, plain http only
 * to a loopback address, no credentials, query or fragment in it.
 */
export function parseServiceEndpoint(baseUrl: string): ServiceEndpoint {
  let url: URL;
  try {
    url = new URL(baseUrl.trim());
  } catch {
    throw new ConfigurationError(
      l10n.t(
        "“{0}” is not a valid address. Set “clusterChat.baseUrl” to the service's base URL, for example https://api.wizlay.com/v1.",
        baseUrl,
      ),
    );
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') {
    throw new ConfigurationError(l10n.t('“clusterChat.baseUrl” must start with https:// (it starts with {0}//).', url.protocol));
  }
  if (url.protocol === 'http:' && !isLoopbackHost(url.hostname)) {
    throw new ConfigurationError(
      l10n.t(
        '“clusterChat.baseUrl” uses plain http to {0}. The API key is only sent over https, or over http to this computer (localhost, 127.0.0.1 or ::1).',
        url.host,
      ),
    );
  }
  if (url.username !== '' || url.password !== '') {
    throw new ConfigurationError(l10n.t('“clusterChat.baseUrl” must not contain a user name or password.'));
  }
  if (url.search !== '' || url.hash !== '') {
    throw new ConfigurationError(l10n.t('“clusterChat.baseUrl” must not contain a query (?…) or fragment (#…).'));
  }
  return { origin: url.origin, basePath: url.pathname.replace(/\/+$/, '') };
}

/** Path and query of the cluster endpoint; the id is opaque and always percent-encoded. */
export function clusterRequestPath(endpoint: ServiceEndpoint, clusterId: string): string {
  return `${endpoint.basePath}/clusters?id=${encodeURIComponent(clusterId)}`;
}

/** True for localhost, 127.0.0.0/8 and ::1 (as the URL class spells them). */
export function isLoopbackHost(hostname: string): boolean {
  const host = hostname.toLowerCase().replace(/^\[|\]$/g, '');
  if (host === 'localhost' || host.endsWith('.localhost') || host === '::1') {
    return true;
  }
  return /^127(\.\d{1,3}){3}$/.test(host);
}

import { FAULT_CLUSTER_IDS } from './faults/faultClusters';
import { isLoopbackHost } from './http/loopback';
import type { EmulatorOptions } from './publicTypes';

export const DEFAULT_API_KEY = 'emulator-dev-key';
export const DEFAULT_HOST = '127.0.0.1';
export const DEFAULT_CLUSTERS: readonly string[] = ['demo'];
export const DEFAULT_MAX_BODY_BYTES = 4 * 1024 * 1024;
export const DEFAULT_RETRY_AFTER_SECONDS = 1;
export const DEFAULT_SLOW_MS = 3000;
export const DEFAULT_HUGE_REPLY_BYTES = 20 * 1024 * 1024;
export const DEFAULT_REDIRECT_TARGET = 'http://127.0.0.2:9/v1/clusters?id=demo';
export const DEFAULT_UPSTREAM_TIMEOUT_MS = 60_000;

export interface ResolvedUpstream {
  readonly url: string;
  readonly model: string;
  readonly apiKey: string | undefined;
  readonly timeoutMs: number;
}

export interface ResolvedOptions {
  readonly port: number;
  readonly host: string;
  readonly apiKey: string;
  readonly clusters: ReadonlySet<string>;
  readonly maxBodyBytes: number;
  readonly retryAfterSeconds: number;
  readonly slowMs: number;
  readonly hugeReplyBytes: number;
  readonly redirectTarget: string;
  readonly upstream: ResolvedUpstream | undefined;
  readonly scriptedReply: EmulatorOptions['scriptedReply'];
  readonly log: ((line: string) => void) | undefined;
}

/** Fills in defaults and throws a clear error for any option the emulator cannot honour. */
export function resolveOptions(options: EmulatorOptions = {}): ResolvedOptions {
  const host = options.host ?? DEFAULT_HOST;
  if (!isLoopbackHost(host)) {
    throw new Error(`Refusing to listen on '${host}': the emulator binds only loopback addresses (127.0.0.0/8, ::1, localhost).`);
  }
  const apiKey = options.apiKey ?? DEFAULT_API_KEY;
  if (apiKey === '' || /[\s]/.test(apiKey)) {
    throw new Error('apiKey must be a non-empty string without whitespace.');
  }
  return {
    port: integerIn('port', options.port ?? 0, 0, 65_535),
    host,
    apiKey,
    clusters: clusterSet(options.clusters ?? DEFAULT_CLUSTERS),
    maxBodyBytes: integerIn('maxBodyBytes', options.maxBodyBytes ?? DEFAULT_MAX_BODY_BYTES, 1),
    retryAfterSeconds: integerIn('retryAfterSeconds', options.retryAfterSeconds ?? DEFAULT_RETRY_AFTER_SECONDS, 0),
    slowMs: integerIn('slowMs', options.slowMs ?? DEFAULT_SLOW_MS, 0),
    hugeReplyBytes: integerIn('hugeReplyBytes', options.hugeReplyBytes ?? DEFAULT_HUGE_REPLY_BYTES, 0),
    redirectTarget: options.redirectTarget ?? DEFAULT_REDIRECT_TARGET,
    upstream: options.upstream === undefined ? undefined : resolveUpstream(options.upstream),
    scriptedReply: options.scriptedReply,
    log: options.log,
  };
}

function resolveUpstream(upstream: NonNullable<EmulatorOptions['upstream']>): ResolvedUpstream {
  let parsed: URL;
  try {
    parsed = new URL(upstream.url);
  } catch {
    throw new Error(`upstream.url is not a valid URL: '${upstream.url}'.`);
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:') {
    throw new Error('upstream.url must use http or https.');
  }
  if (upstream.model.trim() === '') {
    throw new Error('upstream.model must not be empty.');
  }
  return {
    url: upstream.url.replace(/\/+$/, ''),
    model: upstream.model,
    apiKey: upstream.apiKey === '' ? undefined : upstream.apiKey,
    timeoutMs: integerIn('upstream.timeoutMs', upstream.timeoutMs ?? DEFAULT_UPSTREAM_TIMEOUT_MS, 1),
  };
}

function clusterSet(ids: readonly string[]): ReadonlySet<string> {
  for (const id of ids) {
    if (id === '') {
      throw new Error('Cluster ids must not be empty.');
    }
    if (FAULT_CLUSTER_IDS.has(id)) {
      throw new Error(`Cluster id '${id}' is reserved for a built-in fault cluster.`);
    }
  }
  return new Set(ids);
}

function integerIn(name: string, value: number, min: number, max = Number.MAX_SAFE_INTEGER): number {
  if (!Number.isInteger(value) || value < min || value > max) {
    throw new Error(`${name} must be an integer from ${min} to ${max}, got ${String(value)}.`);
  }
  return value;
}

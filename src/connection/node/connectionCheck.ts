import type * as net from 'node:net';
import { l10n } from '../../base/common/l10n';
import { transportError } from '../../client/node/callFailures';
import { parseServiceEndpoint } from '../../client/common/endpoint';
import { isClusterError } from '../../client/common/errors/errors';
import { createDispatcher } from '../../client/node/http/dispatcher';
import { chooseProxy, type Environment, type ProxyChoice, type ProxySettings } from '../../client/node/http/proxyChoice';
import { discardBody } from '../../client/node/http/readBody';
import { classifyTransportFailure } from '../../client/node/http/transportFailure';
import type { TrustedCertificates } from '../../client/node/http/trust';
import { redactSecrets } from '../../client/common/redact';
import { connectFirst, handshake, openTunnel, resolveHost, secureSocket } from './probes';
import type { CheckStatus, CheckStep, CheckStepName, ConnectionReport } from '../common/connectionReport';
import { describeProxy, describeTls, describeTrust } from './reportText';

export type { CheckStatus, CheckStep, CheckStepName, ConnectionReport } from '../common/connectionReport';

export interface ConnectionCheckOptions {
  readonly baseUrl: string;
  readonly userAgent: string;
  readonly proxy?: ProxySettings | undefined;
  readonly env: Environment;
  readonly trust: TrustedCertificates;
  readonly timeoutMs?: number;
}

/**
 * Walks the way a request takes to the configured service, one step at a time (proxy choice, DNS,
 * TCP, the proxy's tunnel, TLS, the service), and says what happened at each. It never sends the
 * API key or a conversation: the service is asked with a GET that carries no credentials.
 */
export async function checkConnection(options: ConnectionCheckOptions): Promise<ConnectionReport> {
  const timeoutMs = options.timeoutMs ?? 10_000;
  const steps: CheckStep[] = [];
  const add = (step: CheckStepName, status: CheckStatus, detail: string): void => {
    steps.push({ step, status, detail: redactSecrets(detail, secretsOf(options.proxy)) });
  };
  const endpoint = parseServiceEndpoint(options.baseUrl);
  const target = new URL(endpoint.origin);
  const port = Number(target.port || (target.protocol === 'https:' ? 443 : 80));
  const proxy = chooseProxy(target, options.proxy, options.env);
  add('proxy', 'info', describeProxy(proxy, target.hostname));
  add('trust', 'info', describeTrust(options.trust, options.env));

  const socket = await openPath(proxy, target.hostname, port, timeoutMs, options.proxy?.proxyAuthorization, options.trust, add);
  if (socket && target.protocol === 'https:') {
    try {
      const outcome = await handshake(socket, target.hostname, options.trust, timeoutMs);
      const described = describeTls(outcome, options.trust, options.proxy?.strictSSL ?? true);
      add('tls', described.status, described.detail);
    } catch (error) {
      add('tls', 'failed', l10n.t('the TLS handshake failed ({0})', codeOf(error)));
    }
  } else if (socket) {
    socket.destroy();
    add('tls', 'skipped', l10n.t('not used: plain http to this computer'));
  }
  await probeService(options, endpoint.origin, `${endpoint.basePath}/clusters`, proxy, timeoutMs, add);
  return {
    baseUrl: `${endpoint.origin}${endpoint.basePath}`,
    steps,
    ok: steps.every((step) => step.status !== 'failed'),
  };
}

/** DNS, TCP and (through a proxy) the tunnel; the open socket, or undefined after a failed step. */
async function openPath(
  proxy: ProxyChoice,
  host: string,
  port: number,
  timeoutMs: number,
  proxyAuthorization: string | undefined,
  trust: TrustedCertificates,
  add: (step: CheckStepName, status: CheckStatus, detail: string) => void,
): Promise<net.Socket | undefined> {
  const via = proxy.kind === 'proxy' ? { host: proxy.url.hostname, port: Number(proxy.hostPort.split(':').at(-1)) } : { host, port };
  let addresses: string[];
  try {
    addresses = await resolveHost(via.host);
    const note = proxy.kind === 'proxy' ? ` ${l10n.t('(the proxy resolves {0})', host)}` : '';
    add('dns', 'ok', `${via.host} → ${addresses.join(', ')}${note}`);
  } catch (error) {
    add('dns', 'failed', l10n.t('{0} could not be resolved ({1})', via.host, codeOf(error)));
    return undefined;
  }
  const started = performance.now();
  const connected = await connectFirst(addresses, via.port, timeoutMs);
  if ('error' in connected) {
    add(
      'tcp',
      'failed',
      l10n.t('could not connect to {0} ({1})', addresses.map((address) => hostPort(address, via.port)).join(', '), codeOf(connected.error)),
    );
    return undefined;
  }
  let socket = connected.socket;
  add('tcp', 'ok', l10n.t('connected to {0} in {1} ms', hostPort(connected.address, via.port), Math.round(performance.now() - started)));
  if (proxy.kind === 'direct') {
    return socket;
  }
  const tunnelTarget = `${host}:${port}`;
  try {
    if (proxy.url.protocol === 'https:') {
      socket = await secureSocket(socket, proxy.url.hostname, trust, timeoutMs);
    }
    const authorization = proxyAuthorization || basicFromUrl(proxy.url);
    const status = await openTunnel(socket, tunnelTarget, authorization, timeoutMs);
    if (status === 200) {
      add('tunnel', 'ok', l10n.t('the proxy opened a tunnel to {0}', tunnelTarget));
      return socket;
    }
    add(
      'tunnel',
      'failed',
      status === 407 || status === 401
        ? l10n.t(
            'the proxy at {0} requires authentication (HTTP {1}). Put the user name and password in “http.proxy” or set “http.proxyAuthorization”.',
            proxy.hostPort,
            status,
          )
        : l10n.t('the proxy refused the tunnel to {0} (HTTP {1})', tunnelTarget, status),
    );
  } catch (error) {
    add('tunnel', 'failed', l10n.t('the proxy did not open a tunnel to {0} ({1})', tunnelTarget, codeOf(error)));
  }
  socket.destroy();
  return undefined;
}

/** Asks the service, through the client's own dispatcher, with no key: any HTTP answer shows it is reachable. */
async function probeService(
  options: ConnectionCheckOptions,
  origin: string,
  path: string,
  proxy: ProxyChoice,
  timeoutMs: number,
  add: (step: CheckStepName, status: CheckStatus, detail: string) => void,
): Promise<void> {
  const { dispatcher } = createDispatcher({
    connectTimeoutMs: timeoutMs,
    target: origin,
    proxy: options.proxy,
    env: options.env,
    trust: options.trust,
  });
  const started = performance.now();
  try {
    const response = await dispatcher.request({
      origin,
      path,
      method: 'GET',
      headers: { 'user-agent': options.userAgent, accept: 'application/json' },
      signal: AbortSignal.timeout(timeoutMs),
    });
    discardBody(response.body);
    add(
      'service',
      'ok',
      l10n.t('answered HTTP {0} in {1} ms to a request without the API key', response.statusCode, Math.round(performance.now() - started)),
    );
  } catch (error) {
    const typed = transportError(
      classifyTransportFailure(error),
      origin,
      timeoutMs,
      {},
      proxy.kind === 'proxy' ? proxy.hostPort : undefined,
    );
    add('service', 'failed', isClusterError(typed) ? typed.message : String(error));
  } finally {
    await dispatcher.destroy().catch(() => undefined);
  }
}

function basicFromUrl(url: URL): string | undefined {
  if (!url.username && !url.password) {
    return undefined;
  }
  const credentials = `${decodeURIComponent(url.username)}:${decodeURIComponent(url.password)}`;
  return `Basic ${Buffer.from(credentials).toString('base64')}`;
}

/** What must never appear in the report: the proxy's password, user and Proxy-Authorization value. */
function secretsOf(proxy: ProxySettings | undefined): string[] {
  const secrets = [proxy?.proxyAuthorization ?? ''];
  try {
    const url = new URL(proxy?.proxyUrl ?? '');
    secrets.push(decodeURIComponent(url.password), url.password);
  } catch {
    // No proxy URL, or not a URL: nothing in it to hide.
  }
  return secrets.filter((secret) => secret.length > 0);
}

function hostPort(address: string, port: number): string {
  return address.includes(':') ? `[${address}]:${port}` : `${address}:${port}`;
}

function codeOf(error: unknown): string {
  const code = (error as { code?: unknown } | undefined)?.code;
  return typeof code === 'string' ? code : error instanceof Error ? error.message : String(error);
}

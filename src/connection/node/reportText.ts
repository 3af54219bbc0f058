import { l10n } from '../../base/common/l10n';
import type { Environment, ProxyChoice } from '../../client/node/http/proxyChoice';
import type { TrustedCertificates } from '../../client/node/http/trust';
import type { CheckStatus, CheckStepName, ConnectionReport } from '../common/connectionReport';
import type { TlsOutcome } from './probes';
import { trustSourceOf } from './trustSource';

/** The check's lines in words a user can act on, and the whole report as copyable text. */

export function describeProxy(proxy: ProxyChoice, host: string): string {
  if (proxy.kind === 'direct') {
    switch (proxy.reason) {
      case 'proxySupportOff':
        return l10n.t('none: “http.proxySupport” is off, so neither “http.proxy” nor the environment is used');
      case 'noProxy':
        return l10n.t('none: {0} matches “{1}” in “http.noProxy” or NO_PROXY', host, proxy.rule ?? '');
      case 'invalid':
        return l10n.t('none: the proxy address is not a valid URL');
      case 'noneConfigured':
        return l10n.t('none: neither “http.proxy” nor HTTPS_PROXY / HTTP_PROXY is set');
    }
  }
  const from =
    proxy.source === 'setting'
      ? l10n.t('{0}, from the “http.proxy” setting', proxy.display)
      : l10n.t('{0}, from the environment variable {1}', proxy.display, proxy.variable ?? '');
  const credentials =
    proxy.credentials === 'url'
      ? l10n.t('credentials: in the proxy URL (not shown)')
      : proxy.credentials === 'setting'
        ? l10n.t('credentials: “http.proxyAuthorization” (not shown)')
        : l10n.t('no credentials');
  return `${from}; ${credentials}`;
}

export function describeTrust(trust: TrustedCertificates, env: Environment): string {
  const extraFile = env['NODE_EXTRA_CA_CERTS'];
  const extra = extraFile ? `${trust.extra.length} (${extraFile})` : l10n.t('not set');
  return l10n.t(
    'Node’s roots: {0}; NODE_EXTRA_CA_CERTS: {1}; operating system’s store: {2}',
    trust.bundled.length,
    extra,
    systemStore(trust),
  );
}

function systemStore(trust: TrustedCertificates): string {
  switch (trust.systemOrigin) {
    case 'off':
      return l10n.t('not used (“http.systemCertificates” is off)');
    case 'unavailable':
      return l10n.t('not readable on this platform with Node {0}', process.version);
    case 'node':
      return l10n.t('{0}, read by Node', trust.system.length);
    case 'linuxBundle':
      return `${trust.system.length} (${trust.systemFile ?? ''})`;
    case 'macKeychain':
      return l10n.t('{0}, from the macOS keychain', trust.system.length);
  }
}

export function describeTls(outcome: TlsOutcome, trust: TrustedCertificates, strictSSL: boolean): { status: CheckStatus; detail: string } {
  const certificate = l10n.t('certificate “{0}”, issued by “{1}”', outcome.subject, outcome.issuer);
  const prefix = `${outcome.protocol ?? 'TLS'}; ${certificate}`;
  if (outcome.authorized) {
    const source = trustSourceOf(outcome.chain, trust);
    const by =
      source === 'bundled'
        ? l10n.t('Node’s root certificates')
        : source === 'extra'
          ? 'NODE_EXTRA_CA_CERTS'
          : source === 'system'
            ? l10n.t('the operating system’s store')
            : l10n.t('a trusted CA');
    return { status: 'ok', detail: `${prefix}; ${l10n.t('trusted through {0}', by)}` };
  }
  const where =
    trust.systemOrigin === 'off'
      ? l10n.t('its CA is in neither Node’s roots nor NODE_EXTRA_CA_CERTS, and “http.systemCertificates” is off')
      : l10n.t('its CA is in none of Node’s roots, NODE_EXTRA_CA_CERTS and the operating system’s store');
  const refused = l10n.t('not trusted ({0}): {1}', outcome.refusal ?? '?', where);
  if (!strictSSL) {
    return { status: 'warning', detail: `${prefix}; ${refused}. ${l10n.t('Accepted anyway: “http.proxyStrictSSL” is off.')}` };
  }
  return { status: 'failed', detail: `${prefix}; ${refused}` };
}

const MARKS: Record<CheckStatus, string> = { ok: '✔', failed: '✘', warning: '!', skipped: '–', info: '•' };

/** Each step's name in the report; the protocols' names are the same in every language. */
const STEP_LABELS: Readonly<Record<CheckStepName, () => string>> = {
  proxy: () => l10n.t('Proxy'),
  trust: () => l10n.t('Trusted CAs'),
  dns: () => 'DNS',
  tcp: () => 'TCP',
  tunnel: () => l10n.t('Proxy tunnel'),
  tls: () => 'TLS',
  service: () => l10n.t('Service'),
};

function stepLabel(step: CheckStepName): string {
  return STEP_LABELS[step]();
}

/** The report as plain text: one line a step, then the verdict. */
export function formatReport(report: ConnectionReport, header: readonly string[] = []): string {
  const lines = [
    l10n.t('Cluster Chat connection check for {0}', report.baseUrl),
    ...header,
    '',
    ...report.steps.map((step) => `${MARKS[step.status]} ${stepLabel(step.step)}: ${step.detail}`),
    '',
    report.ok ? l10n.t('Result: the service can be reached.') : l10n.t('Result: the connection fails at the step marked ✘.'),
    l10n.t('No API key and no conversation were sent.'),
  ];
  return `${lines.join('\n')}\n`;
}

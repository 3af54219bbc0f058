/** How a request failed below HTTP, read from the error codes Node and undici use. */
export type TransportFailure =
  | { readonly kind: 'connectTimeout' }
  | { readonly kind: 'refused'; readonly code: string }
  | { readonly kind: 'dns'; readonly code: string }
  | { readonly kind: 'unreachable'; readonly code: string }
  | { readonly kind: 'reset'; readonly code: string }
  | { readonly kind: 'tls'; readonly code: string | undefined }
  | { readonly kind: 'proxyStatus'; readonly status: number }
  | { readonly kind: 'other'; readonly code: string | undefined };

const TLS_CODE = /^(ERR_SSL_|ERR_TLS_|ERR_OSSL_|CERT_|UNABLE_TO_|DEPTH_ZERO_|SELF_SIGNED_|HOSTNAME_MISMATCH|EPROTO$|UND_ERR_PRX_TLS$)/;

export function classifyTransportFailure(error: unknown): TransportFailure {
  const codes = collectCodes(error);
  const first = (wanted: (code: string) => boolean): string | undefined => codes.find(wanted);
  const proxyStatus = proxyTunnelStatus(error);
  if (proxyStatus !== undefined) {
    return { kind: 'proxyStatus', status: proxyStatus };
  }
  if (codes.includes('UND_ERR_CONNECT_TIMEOUT') || codes.includes('ETIMEDOUT')) {
    return { kind: 'connectTimeout' };
  }
  const tls = first((code) => TLS_CODE.test(code));
  if (tls !== undefined) {
    return { kind: 'tls', code: tls };
  }
  if (codes.includes('ECONNREFUSED')) {
    return { kind: 'refused', code: 'ECONNREFUSED' };
  }
  const dns = first((code) => code === 'ENOTFOUND' || code === 'EAI_AGAIN' || code === 'EAI_FAIL' || code === 'EAI_NONAME');
  if (dns !== undefined) {
    return { kind: 'dns', code: dns };
  }
  const unreachable = first((code) => code === 'ENETUNREACH' || code === 'EHOSTUNREACH' || code === 'EADDRNOTAVAIL');
  if (unreachable !== undefined) {
    return { kind: 'unreachable', code: unreachable };
  }
  const reset = first(
    (code) =>
      code === 'ECONNRESET' || code === 'EPIPE' || code === 'UND_ERR_SOCKET' || code === 'UND_ERR_CLOSED' || code === 'ECONNABORTED',
  );
  if (reset !== undefined) {
    return { kind: 'reset', code: reset };
  }
  if (looksLikeTls(error)) {
    return { kind: 'tls', code: codes[0] };
  }
  return { kind: 'other', code: codes[0] };
}

/** Codes of the error, its causes and (for AggregateError from dual-stack connects) its members. */
function collectCodes(error: unknown, depth = 0): string[] {
  if (depth > 5 || typeof error !== 'object' || error === null) {
    return [];
  }
  const codes: string[] = [];
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') {
    codes.push(code);
  }
  const members = (error as { errors?: unknown }).errors;
  if (Array.isArray(members)) {
    for (const member of members) {
      codes.push(...collectCodes(member, depth + 1));
    }
  }
  codes.push(...collectCodes((error as { cause?: unknown }).cause, depth + 1));
  return codes;
}

function looksLikeTls(error: unknown): boolean {
  const message = error instanceof Error ? error.message : '';
  return /\b(ssl|tls|certificate)\b/i.test(message);
}

/** The status a proxy refused the CONNECT tunnel with: undici reports it only in the message of an abort. */
function proxyTunnelStatus(error: unknown): number | undefined {
  const message = error instanceof Error ? error.message : '';
  const match = /^Proxy response \((\d{3})\) !== 200/.exec(message);
  return match ? Number(match[1]) : undefined;
}

import { X509Certificate } from 'node:crypto';
import type { TrustedCertificates } from '../../client/node/http/trust';

export type TrustSource = 'bundled' | 'extra' | 'system';

/**
 * Which of the trusted sets holds the CA the server's chain ends in: Node's roots first, then
 * NODE_EXTRA_CA_CERTS, then the system store, the order in which a user would look for it.
 */
export function trustSourceOf(chain: readonly X509Certificate[], trust: TrustedCertificates): TrustSource | undefined {
  const top = chain.at(-1);
  if (!top) {
    return undefined;
  }
  const sources: Array<readonly [TrustSource, readonly string[]]> = [
    ['bundled', trust.bundled],
    ['extra', trust.extra],
    ['system', trust.system],
  ];
  for (const [source, pems] of sources) {
    if (pems.some((pem) => anchors(top, pem))) {
      return source;
    }
  }
  return undefined;
}

function anchors(top: X509Certificate, pem: string): boolean {
  let ca: X509Certificate;
  try {
    ca = new X509Certificate(pem);
  } catch {
    return false;
  }
  if (ca.fingerprint256 === top.fingerprint256) {
    return true;
  }
  return top.checkIssued(ca) && top.verify(ca.publicKey);
}

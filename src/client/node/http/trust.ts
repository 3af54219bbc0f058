import * as tls from 'node:tls';
import {
  nodeDefaultCertificates,
  readSystemCertificates,
  type SystemCertificateSource,
  type SystemCertificatesOrigin,
} from './systemCertificates';

/** The certificates a client trusts, by where each came from, and one TLS context built from all of them. */
export interface TrustedCertificates {
  /** Node's bundled roots. */
  readonly bundled: readonly string[];
  /** NODE_EXTRA_CA_CERTS. */
  readonly extra: readonly string[];
  /** The operating system's store; empty when `http.systemCertificates` is off. */
  readonly system: readonly string[];
  /** `off` when `http.systemCertificates` is off. */
  readonly systemOrigin: SystemCertificatesOrigin | 'off';
  readonly systemFile: string | undefined;
  readonly secureContext: tls.SecureContext;
}

export interface TrustOptions {
  /** VS Code's `http.systemCertificates`. */
  readonly systemCertificates: boolean;
  readonly env: Readonly<Record<string, string | undefined>>;
  /** Where the system store is read from; tests point it at a bundle they made. */
  readonly systemSource?: SystemCertificateSource;
}

const systemReads = new WeakMap<SystemCertificateSource, ReturnType<SystemCertificateSource>>();

/**
 * Node's trust plus, when `http.systemCertificates` is on, the operating system's store, as VS Code
 * trusts it for its own requests. The store is read once per process (as VS Code does): a new CA
 * needs a window reload, like in VS Code.
 */
export async function loadTrustedCertificates(options: TrustOptions): Promise<TrustedCertificates> {
  const node = await nodeDefaultCertificates(options.env);
  const source = options.systemSource ?? readSystemCertificates;
  let read = systemReads.get(source);
  if (options.systemCertificates && read === undefined) {
    read = source().catch(() => ({ certificates: [], origin: 'unavailable' as const }));
    systemReads.set(source, read);
  }
  const system = options.systemCertificates && read ? await read : undefined;
  const ca = [...new Set([...node.bundled, ...node.extra, ...(system?.certificates ?? [])])];
  return {
    bundled: node.bundled,
    extra: node.extra,
    system: system?.certificates ?? [],
    systemOrigin: system?.origin ?? 'off',
    systemFile: system?.file,
    secureContext: tls.createSecureContext({ ca }),
  };
}

import { execFile } from 'node:child_process';
import { readFile } from 'node:fs/promises';
import * as tls from 'node:tls';
import { promisify } from 'node:util';

/** Where the operating system's certificates came from, for the diagnosis. */
export type SystemCertificatesOrigin = 'node' | 'linuxBundle' | 'macKeychain' | 'unavailable';

export interface SystemCertificates {
  readonly certificates: readonly string[];
  readonly origin: SystemCertificatesOrigin;
  /** The file read, for `linuxBundle`. */
  readonly file?: string;
}

/** Reads the operating system's trusted certificates; tests pass their own. */
export type SystemCertificateSource = () => Promise<SystemCertificates>;

type GetCaCertificates = (type: 'system' | 'default' | 'bundled' | 'extra') => string[];

/** The bundles VS Code's proxy agent reads on Linux, in its order. */
const LINUX_BUNDLES = ['/etc/ssl/certs/ca-certificates.crt', '/etc/ssl/certs/ca-bundle.crt'];

/**
 * The operating system's store as VS Code trusts it. Node 22.15+ reads every platform's store
 * itself (`tls.getCACertificates('system')`); on older Node (VS Code 1.100's extension host runs
 * Node 20) we do what VS Code's proxy agent does: the distribution's bundle file on Linux and
 * `security find-certificate` on macOS. Windows' store needs a native module on Node 20, so there
 * it stays unavailable until the host's Node has the API.
 */
export const readSystemCertificates: SystemCertificateSource = async () => {
  const getCaCertificates = (tls as { getCACertificates?: GetCaCertificates }).getCACertificates;
  if (typeof getCaCertificates === 'function') {
    return { certificates: getCaCertificates('system'), origin: 'node' };
  }
  if (process.platform === 'linux') {
    for (const file of LINUX_BUNDLES) {
      const text = await readFile(file, 'utf8').catch(() => undefined);
      if (text !== undefined) {
        return { certificates: splitPem(text), origin: 'linuxBundle', file };
      }
    }
  }
  if (process.platform === 'darwin') {
    const text = await securityFindCertificates().catch(() => undefined);
    if (text !== undefined) {
      return { certificates: splitPem(text), origin: 'macKeychain' };
    }
  }
  return { certificates: [], origin: 'unavailable' };
};

async function securityFindCertificates(): Promise<string> {
  const { stdout } = await promisify(execFile)('/usr/bin/security', ['find-certificate', '-a', '-p'], { maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/** The certificates of a PEM bundle, each with its BEGIN and END lines. */
export function splitPem(text: string): string[] {
  return text.match(/-----BEGIN CERTIFICATE-----[\s\S]+?-----END CERTIFICATE-----/g) ?? [];
}

/**
 * Node's own trust: its bundled roots plus NODE_EXTRA_CA_CERTS. Node 22.15+ lists both; on older
 * Node the extra file is read again here, because a `ca` list replaces Node's whole default set.
 */
export async function nodeDefaultCertificates(env: Readonly<Record<string, string | undefined>>): Promise<{
  readonly bundled: readonly string[];
  readonly extra: readonly string[];
}> {
  const getCaCertificates = (tls as { getCACertificates?: GetCaCertificates }).getCACertificates;
  if (typeof getCaCertificates === 'function') {
    return { bundled: getCaCertificates('bundled'), extra: getCaCertificates('extra') };
  }
  const extraFile = env['NODE_EXTRA_CA_CERTS'];
  const extra = extraFile ? splitPem((await readFile(extraFile, 'utf8').catch(() => '')) || '') : [];
  return { bundled: tls.rootCertificates, extra };
}

import { X509Certificate } from 'node:crypto';
import { lookup } from 'node:dns/promises';
import * as net from 'node:net';
import * as tls from 'node:tls';
import type { TrustedCertificates } from '../../client/node/http/trust';

/** The low-level steps of a connection, each on its own, so the check can say which one failed. */

export async function resolveHost(host: string): Promise<string[]> {
  const bare = host.replace(/^\[|\]$/g, '');
  if (net.isIP(bare)) {
    return [bare];
  }
  return (await lookup(bare, { all: true })).map((entry) => entry.address);
}

export function connectTcp(address: string, port: number, timeoutMs: number): Promise<net.Socket> {
  return new Promise((resolve, reject) => {
    const socket = net.connect({ host: address, port });
    socket.setTimeout(timeoutMs, () => socket.destroy(Object.assign(new Error('connect timeout'), { code: 'ETIMEDOUT' })));
    socket.once('connect', () => {
      socket.setTimeout(0);
      resolve(socket);
    });
    socket.once('error', reject);
  });
}

/** Tries each address in turn, as a client does when the first one of a name does not answer. */
export async function connectFirst(
  addresses: readonly string[],
  port: number,
  timeoutMs: number,
): Promise<{ readonly socket: net.Socket; readonly address: string } | { readonly error: unknown }> {
  let last: unknown = new Error('no address');
  for (const address of addresses) {
    try {
      return { socket: await connectTcp(address, port, timeoutMs), address };
    } catch (error) {
      last = error;
    }
  }
  return { error: last };
}

/**
 * TLS over an open socket with the client's trust: to an https:// proxy itself (refusing what the
 * client would refuse), or to the service with `rejectUnauthorized` false so the check can report.
 */
export function secureSocket(
  socket: net.Socket,
  servername: string,
  trust: TrustedCertificates,
  timeoutMs: number,
  rejectUnauthorized = true,
): Promise<tls.TLSSocket> {
  return new Promise((resolve, reject) => {
    const name = net.isIP(servername) ? undefined : servername;
    const secure = tls.connect({ socket, servername: name, secureContext: trust.secureContext, rejectUnauthorized });
    const timer = setTimeout(() => secure.destroy(Object.assign(new Error('TLS handshake timeout'), { code: 'ETIMEDOUT' })), timeoutMs);
    secure.once('error', (error: Error) => {
      clearTimeout(timer);
      reject(error);
    });
    secure.once('secureConnect', () => {
      clearTimeout(timer);
      resolve(secure);
    });
  });
}

/** Asks the proxy for a tunnel to `target` (host:port); resolves with the proxy's status. Only `authorization` is sent. */
export function openTunnel(socket: net.Socket, target: string, authorization: string | undefined, timeoutMs: number): Promise<number> {
  return new Promise((resolve, reject) => {
    let received = '';
    const timer = setTimeout(() => fail(Object.assign(new Error('proxy did not answer'), { code: 'ETIMEDOUT' })), timeoutMs);
    const cleanup = (): void => {
      clearTimeout(timer);
      socket.off('data', onData);
      socket.off('error', fail);
      socket.off('close', onClose);
    };
    function fail(error: Error): void {
      cleanup();
      reject(error);
    }
    const onClose = (): void => fail(Object.assign(new Error('the proxy closed the connection'), { code: 'ECONNRESET' }));
    const onData = (chunk: Buffer): void => {
      received += chunk.toString('latin1');
      const end = received.indexOf('\r\n\r\n');
      if (end >= 0) {
        cleanup();
        const status = /^HTTP\/\d(?:\.\d)? (\d{3})/.exec(received)?.[1];
        if (status === undefined) {
          reject(Object.assign(new Error('the proxy did not answer in HTTP'), { code: 'EPROTO' }));
        } else {
          resolve(Number(status));
        }
      }
    };
    socket.on('data', onData);
    socket.once('error', fail);
    socket.once('close', onClose);
    const headers = [`CONNECT ${target} HTTP/1.1`, `Host: ${target}`, ...(authorization ? [`Proxy-Authorization: ${authorization}`] : [])];
    socket.write(`${headers.join('\r\n')}\r\n\r\n`);
  });
}

export interface TlsOutcome {
  readonly protocol: string | undefined;
  readonly subject: string;
  readonly issuer: string;
  readonly authorized: boolean;
  /** Why the chain was refused (OpenSSL's code, e.g. UNABLE_TO_VERIFY_LEAF_SIGNATURE). */
  readonly refusal: string | undefined;
  /** The certificates the server sent, leaf first. */
  readonly chain: readonly X509Certificate[];
}

/** The TLS handshake over `socket` with the client's trust, without refusing: the check reports instead. */
export async function handshake(
  socket: net.Socket,
  servername: string,
  trust: TrustedCertificates,
  timeoutMs: number,
): Promise<TlsOutcome> {
  const secure = await secureSocket(socket, servername, trust, timeoutMs, false);
  const peer = secure.getPeerCertificate(true);
  // Typed as an Error, but Node hands over OpenSSL's code as a string (null once authorized).
  const refusal = secure.authorizationError as unknown;
  const outcome = {
    protocol: secure.getProtocol() ?? undefined,
    subject: distinguishedName(peer.subject),
    issuer: distinguishedName(peer.issuer),
    authorized: secure.authorized,
    refusal: typeof refusal === 'string' ? refusal : refusal instanceof Error ? refusal.message : undefined,
    chain: peerChain(peer),
  };
  secure.destroy();
  return outcome;
}

function peerChain(peer: tls.DetailedPeerCertificate): X509Certificate[] {
  const chain: X509Certificate[] = [];
  const seen = new Set<string>();
  for (let current: tls.DetailedPeerCertificate | undefined = peer; current?.raw; current = current.issuerCertificate) {
    if (seen.has(current.fingerprint256)) {
      break;
    }
    seen.add(current.fingerprint256);
    chain.push(new X509Certificate(current.raw));
  }
  return chain;
}

function distinguishedName(name: tls.Certificate | undefined): string {
  if (!name) {
    return '';
  }
  const parts: string[] = [];
  for (const key of ['CN', 'O', 'OU', 'C'] as const) {
    const value = name[key];
    if (typeof value === 'string' && value.length > 0) {
      parts.push(`${key}=${value}`);
    }
  }
  return parts.join(', ');
}

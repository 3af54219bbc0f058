import { isIPv4, isIPv6 } from 'node:net';

/** True for `localhost`, any address in 127.0.0.0/8 and `::1` (in any spelling). */
export function isLoopbackHost(host: string): boolean {
  const name = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (name === 'localhost') {
    return true;
  }
  if (isIPv4(name)) {
    return name.split('.')[0] === '127';
  }
  if (isIPv6(name)) {
    return new URL(`http://[${name}]/`).hostname === '[::1]';
  }
  return false;
}

/** The host part of a URL for an address the server listens on. */
export function hostForUrl(address: string): string {
  return address.includes(':') ? `[${address}]` : address;
}

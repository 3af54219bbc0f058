import type { IncomingHttpHeaders } from 'node:http';
import type { ReceivedRequest } from '../publicTypes';

const MAX_RECEIVED = 50;

/**
 * The last requests to /v1/clusters exactly as they arrived: the body bytes and the headers, so a
 * test can compare what a client says it sent with what the service got. The Authorization header
 * is kept only as its last four characters, so the key never leaves the emulator.
 */
export class ReceivedLog {
  private entries: ReceivedRequest[] = [];

  add(requestId: string, clusterId: string | undefined, headers: IncomingHttpHeaders, body: Buffer): void {
    const { authorization, ...rest } = headers;
    this.entries.push({
      requestId,
      clusterId,
      headers: Object.fromEntries(
        Object.entries(rest).map(([name, value]) => [name, Array.isArray(value) ? value.join(', ') : (value ?? '')]),
      ),
      authorizationEnding: (authorization ?? '').slice(-4),
      bodyBase64: body.toString('base64'),
    });
    if (this.entries.length > MAX_RECEIVED) {
      this.entries.splice(0, this.entries.length - MAX_RECEIVED);
    }
  }

  list(): ReceivedRequest[] {
    return this.entries.map((entry) => ({ ...entry, headers: { ...entry.headers } }));
  }

  reset(): void {
    this.entries = [];
  }
}

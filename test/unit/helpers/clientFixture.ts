import * as assert from 'node:assert/strict';
import { inspect } from 'node:util';
import { ClusterClient, type ClusterClientOptions, type RequestLogEntry } from '../../../src/client/node/clusterClient';
import { type ClusterError } from '../../../src/client/common/errors/errors';
import type { Message } from '../../../src/client/common/messages';
import { NO_RETRIES } from '../../../src/client/common/retryPolicy';

/** A distinctive key, so any leak of it into an error or a log is easy to find. */
export const SECRET_KEY = 'sk-cluster-chat-test-7f3a9c2e41';

export const CONVERSATION: readonly Message[] = [
  { role: 'system', content: 'You are a helpful assistant.' },
  { role: 'user', content: 'Say hello.' },
];

/** Creates clients for one suite and closes them all when it ends; records every log entry. */
export class ClientFixture {
  readonly logEntries: RequestLogEntry[] = [];
  private readonly clients: ClusterClient[] = [];

  create(baseUrl: string, options: Partial<ClusterClientOptions> = {}): ClusterClient {
    const client = new ClusterClient({
      baseUrl,
      userAgent: 'cluster-chat/0.0.0-test',
      retryPolicy: NO_RETRIES,
      env: {},
      log: (entry) => this.logEntries.push(entry),
      ...options,
    });
    this.clients.push(client);
    return client;
  }

  async closeAll(): Promise<void> {
    await Promise.all(this.clients.splice(0).map((client) => client.close()));
  }
}

/** Awaits a call that must fail with a ClusterError of the given class; checks the key is nowhere in it. */
export async function expectClusterError<T extends ClusterError>(
  promise: Promise<unknown>,
  errorClass: abstract new (...args: never[]) => T,
  key: string = SECRET_KEY,
): Promise<T> {
  let caught: unknown;
  try {
    await promise;
  } catch (error) {
    caught = error;
  }
  assert.ok(caught !== undefined, `expected a ${errorClass.name}, but the call succeeded`);
  assert.ok(caught instanceof errorClass, `expected a ${errorClass.name}, got ${inspect(caught)}`);
  assertKeyAbsent(caught, key);
  return caught;
}

/** Fails if the key appears in anything a user or a log could see of `value`. */
export function assertKeyAbsent(value: unknown, key: string = SECRET_KEY): void {
  const views = [String(value), inspect(value, { depth: 6 }), safeJson(value)];
  if (value instanceof Error) {
    views.push(value.message, value.stack ?? '');
  }
  for (const view of views) {
    assert.ok(!view.includes(key), `the API key leaked into: ${view.slice(0, 500)}`);
  }
}

function safeJson(value: unknown): string {
  try {
    return JSON.stringify(value) ?? '';
  } catch {
    return '';
  }
}

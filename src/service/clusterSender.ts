import * as vscode from 'vscode';
import type { ApiKeyStore } from './apiKeyStore';
import type { ClusterClientProvider } from './clusterClientProvider';
import type { ClusterReply } from '../core/client/clusterClient';
import { CancelledError, MissingApiKeyError } from '../core/client/errors';
import type { Message } from '../core/client/messages';
import { signalFor } from './tokenSignal';

/**
 * Sends a conversation without asking the user anything: for callers that are not a user's own
 * action (another extension, VS Code's language model requests). The stored key of the configured
 * origin, the same client, timeouts and typed errors as every other request; a missing key is a
 * {@link MissingApiKeyError}. Cancelling the token aborts the HTTP request.
 */
export class ClusterSender {
  constructor(
    private readonly clients: ClusterClientProvider,
    private readonly keys: ApiKeyStore,
  ) {}

  async send(clusterId: string, messages: readonly Message[], token?: vscode.CancellationToken): Promise<ClusterReply> {
    if (token?.isCancellationRequested) {
      throw new CancelledError({ clusterId });
    }
    const client = await this.clients.get();
    const origin = client.endpoint.origin;
    const apiKey = await this.keys.get(origin);
    if (apiKey === undefined) {
      throw new MissingApiKeyError(origin);
    }
    const cancellation = signalFor(token);
    try {
      return await client.send({ clusterId, messages, apiKey, signal: cancellation.signal });
    } finally {
      cancellation.dispose();
    }
  }

  /** Whether a key is stored for the configured origin (false when the base URL is unusable). */
  async hasApiKey(): Promise<boolean> {
    const client = await this.clients.get().catch(() => undefined);
    return client !== undefined && (await this.keys.get(client.endpoint.origin)) !== undefined;
  }

  /** The configured origin, or undefined when the base URL is unusable. */
  async origin(): Promise<string | undefined> {
    return (await this.clients.get().catch(() => undefined))?.endpoint.origin;
  }
}

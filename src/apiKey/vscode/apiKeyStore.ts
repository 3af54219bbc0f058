import type * as vscode from 'vscode';

const SECRET_PREFIX = 'clusterChat.apiKey:';

/**
 * API keys in VS Code's SecretStorage, one per service origin, so a key entered for one base URL
 * is never sent to another. Keys never go to settings, logs or webviews.
 */
export class ApiKeyStore {
  constructor(private readonly secrets: vscode.SecretStorage) {}

  async get(origin: string): Promise<string | undefined> {
    const key = await this.secrets.get(secretName(origin));
    return key === undefined || key.length === 0 ? undefined : key;
  }

  async set(origin: string, key: string): Promise<void> {
    await this.secrets.store(secretName(origin), key.trim());
  }

  async delete(origin: string): Promise<void> {
    await this.secrets.delete(secretName(origin));
  }

  /** Fires with the origin whose key was stored or deleted. */
  onDidChange(listener: (origin: string) => void): vscode.Disposable {
    return this.secrets.onDidChange((event) => {
      if (event.key.startsWith(SECRET_PREFIX)) {
        listener(event.key.slice(SECRET_PREFIX.length));
      }
    });
  }
}

function secretName(origin: string): string {
  return `${SECRET_PREFIX}${origin}`;
}

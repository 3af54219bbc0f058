import * as vscode from 'vscode';
import type { ClusterClient } from '../../client/node/clusterClient';
import { settings } from '../../base/vscode/settings';

const CLIENT_SETTINGS = [
  'clusterChat.baseUrl',
  'clusterChat.requestTimeoutSeconds',
  'http.proxy',
  'http.proxyStrictSSL',
  'http.proxyAuthorization',
  'http.proxySupport',
  'http.noProxy',
  'http.systemCertificates',
];

/**
 * Hands out one ClusterClient built from the current settings, and replaces it when a setting it
 * depends on changes. The HTTP library is loaded on first use, not at activation.
 */
export class ClusterClientProvider implements vscode.Disposable {
  private client: ClusterClient | undefined;
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly log: vscode.LogOutputChannel,
    private readonly userAgent: string,
  ) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (CLIENT_SETTINGS.some((section) => event.affectsConfiguration(section))) {
        this.reset();
      }
    });
  }

  /** The client for the current settings; throws a ConfigurationError for an unusable base URL. */
  async get(): Promise<ClusterClient> {
    if (this.client) {
      return this.client;
    }
    const [{ ClusterClient }, { formatRequestLogEntry }, { loadTrustedCertificates }] = await Promise.all([
      import('../../client/node/clusterClient.js'),
      import('../../client/node/requestLog.js'),
      import('../../client/node/http/trust.js'),
    ]);
    const trust = await loadTrustedCertificates({ systemCertificates: settings.systemCertificates(), env: process.env });
    if (this.client) {
      // Another call built it while the trust was loading.
      return this.client;
    }
    this.client = new ClusterClient({
      baseUrl: settings.baseUrl(),
      userAgent: this.userAgent,
      totalTimeoutMs: settings.requestTimeoutMs(),
      proxy: settings.proxy(),
      env: process.env,
      trust,
      log: (entry) => this.log.info(formatRequestLogEntry(entry)),
    });
    return this.client;
  }

  dispose(): void {
    this.subscription.dispose();
    this.reset();
  }

  private reset(): void {
    void this.client?.close();
    this.client = undefined;
  }
}

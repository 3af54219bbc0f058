import * as vscode from 'vscode';
import { ApiKeyStore } from './apiKeyStore';
import { ClusterClientProvider } from './clusterClientProvider';
import type { ClusterChatExports } from './extensionApi';

/** Wires the extension's parts together; each part lives in its own module. */
export function activate(context: vscode.ExtensionContext): ClusterChatExports {
  const log = vscode.window.createOutputChannel('Cluster Chat', { log: true });
  const version = String((context.extension.packageJSON as { version?: unknown }).version ?? '0.0.0');
  const apiKeys = new ApiKeyStore(context.secrets);
  const clients = new ClusterClientProvider(log, `cluster-chat/${version} (VS Code ${vscode.version})`);
  context.subscriptions.push(
    log,
    clients,
    vscode.commands.registerCommand('clusterChat.showLog', () => log.show(true)),
  );
  log.info(`Cluster Chat ${version} started in VS Code ${vscode.version}.`);
  return context.extensionMode === vscode.ExtensionMode.Test ? { testing: { apiKeys, clients } } : {};
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

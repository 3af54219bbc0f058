import * as vscode from 'vscode';

/** Wires the extension's parts together; each part lives in its own module. */
export function activate(context: vscode.ExtensionContext): void {
  const log = vscode.window.createOutputChannel('Cluster Chat', { log: true });
  context.subscriptions.push(
    log,
    vscode.commands.registerCommand('clusterChat.showLog', () => log.show(true)),
  );
}

export function deactivate(): void {
  // Everything is disposed through context.subscriptions.
}

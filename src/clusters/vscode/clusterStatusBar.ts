import * as vscode from 'vscode';
import { clusterLabel, type ClusterStore } from './clusterStore';

/** The active cluster in the status bar, spinning while requests run (with their count); a click opens the picker. */
export class ClusterStatusBar implements vscode.Disposable {
  private readonly item = vscode.window.createStatusBarItem('clusterChat.cluster', vscode.StatusBarAlignment.Right, 100);
  private busyCount = 0;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly store: ClusterStore) {
    this.item.name = vscode.l10n.t('Cluster Chat: Active Cluster');
    this.item.command = 'clusterChat.selectCluster';
    this.subscription = store.onDidChangeActive(() => this.render());
    this.render();
    this.item.show();
  }

  /** How many requests are under way. */
  get activeRequests(): number {
    return this.busyCount;
  }

  /** Shows the busy state until the returned disposable is disposed. */
  busy(): vscode.Disposable {
    this.busyCount++;
    this.render();
    let released = false;
    return new vscode.Disposable(() => {
      if (!released) {
        released = true;
        this.busyCount--;
        this.render();
      }
    });
  }

  private render(): void {
    const active = this.store.active();
    const label = active ? clusterLabel(active) : vscode.l10n.t('No Cluster');
    // With requests in parallel (several chats waiting at once) the count says how many.
    const busy = this.busyCount > 1 ? `$(loading~spin) ${this.busyCount}` : '$(loading~spin)';
    this.item.text = `${this.busyCount > 0 ? busy : '$(server)'} ${label}`;
    this.item.tooltip =
      this.busyCount > 1
        ? vscode.l10n.t('Cluster Chat: {0} requests under way', this.busyCount)
        : this.busyCount > 0
          ? vscode.l10n.t('Cluster Chat: waiting for {0}', label)
          : active
            ? vscode.l10n.t('Cluster Chat: sending to {0} ({1}). Click to change.', label, active.id)
            : vscode.l10n.t('Cluster Chat: no cluster selected. Click to select one.');
    this.item.accessibilityInformation = { label: typeof this.item.tooltip === 'string' ? this.item.tooltip : label };
  }

  dispose(): void {
    this.subscription.dispose();
    this.item.dispose();
  }
}

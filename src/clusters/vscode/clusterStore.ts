import * as vscode from 'vscode';
import { type ClusterEntry, settings } from '../../base/vscode/settings';

const ACTIVE_KEY = 'clusterChat.activeCluster';

/**
 * The configured clusters and which one is active: remembered per workspace, with the last
 * choice anywhere as the default for workspaces that have none.
 */
export class ClusterStore implements vscode.Disposable {
  private readonly changed = new vscode.EventEmitter<ClusterEntry | undefined>();
  readonly onDidChangeActive = this.changed.event;
  private readonly subscription: vscode.Disposable;

  constructor(private readonly context: vscode.ExtensionContext) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('clusterChat.clusters')) {
        this.changed.fire(this.active());
      }
    });
  }

  list(): ClusterEntry[] {
    return settings.clusters();
  }

  /** The configured clusters, and the active one after them when it is not among them. */
  listWithActive(): ClusterEntry[] {
    const active = this.active();
    const configured = this.list();
    return active && !configured.some((cluster) => cluster.id === active.id) ? [...configured, active] : configured;
  }

  /** The active cluster, if one is chosen (it need not be in the configured list). */
  active(): ClusterEntry | undefined {
    const id = this.context.workspaceState.get<string>(ACTIVE_KEY) ?? this.context.globalState.get<string>(ACTIVE_KEY);
    if (id === undefined || id.length === 0) {
      return undefined;
    }
    return this.list().find((cluster) => cluster.id === id) ?? { id };
  }

  async setActive(id: string): Promise<void> {
    await this.context.workspaceState.update(ACTIVE_KEY, id);
    await this.context.globalState.update(ACTIVE_KEY, id);
    this.changed.fire(this.active());
  }

  /** Adds or relabels a cluster in the settings. */
  async upsert(entry: ClusterEntry): Promise<void> {
    const clusters = this.list();
    const index = clusters.findIndex((cluster) => cluster.id === entry.id);
    const next = index >= 0 ? clusters.map((cluster, i) => (i === index ? entry : cluster)) : [...clusters, entry];
    await settings.setClusters(next);
  }

  async remove(id: string): Promise<void> {
    await settings.setClusters(this.list().filter((cluster) => cluster.id !== id));
    if (this.active()?.id === id) {
      await this.context.workspaceState.update(ACTIVE_KEY, undefined);
      await this.context.globalState.update(ACTIVE_KEY, undefined);
      this.changed.fire(undefined);
    }
  }

  dispose(): void {
    this.subscription.dispose();
    this.changed.dispose();
  }
}

export function clusterLabel(cluster: ClusterEntry): string {
  return cluster.label ?? cluster.id;
}

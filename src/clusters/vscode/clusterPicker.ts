import * as vscode from 'vscode';
import { clusterLabel, type ClusterStore } from './clusterStore';
import type { ClusterEntry } from '../../base/vscode/settings';

interface ClusterItem extends vscode.QuickPickItem {
  readonly cluster?: ClusterEntry;
  readonly add?: true;
}

const RENAME: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('edit'), tooltip: vscode.l10n.t('Rename') };
const REMOVE: vscode.QuickInputButton = { iconPath: new vscode.ThemeIcon('trash'), tooltip: vscode.l10n.t('Remove') };
const ASK_ON: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('shield'),
  tooltip: vscode.l10n.t('Ask Before Sending: turn on'),
};
const ASK_OFF: vscode.QuickInputButton = {
  iconPath: new vscode.ThemeIcon('unlock'),
  tooltip: vscode.l10n.t('Ask Before Sending: turn off'),
};

/**
 * “Cluster Chat: Select Cluster…”: pick a configured cluster, add one by id, or rename or remove
 * one with the item's buttons. Resolves with the selected cluster, or undefined if dismissed.
 */
export async function pickCluster(store: ClusterStore): Promise<ClusterEntry | undefined> {
  const quickPick = vscode.window.createQuickPick<ClusterItem>();
  quickPick.title = vscode.l10n.t('Select Cluster');
  quickPick.placeholder = vscode.l10n.t('Choose the cluster to send to, or add one by its id');
  quickPick.matchOnDescription = true;
  const refresh = (): void => {
    const active = store.active()?.id;
    const items: ClusterItem[] = store.list().map((cluster) => ({
      label: clusterLabel(cluster),
      description: clusterDescription(cluster),
      detail: cluster.id === active ? vscode.l10n.t('Active') : undefined,
      iconPath: new vscode.ThemeIcon(cluster.id === active ? 'check' : 'server'),
      buttons: [cluster.askBeforeSending ? ASK_OFF : ASK_ON, RENAME, REMOVE],
      cluster,
    }));
    items.push({ label: vscode.l10n.t('Add Cluster by Id…'), iconPath: new vscode.ThemeIcon('add'), alwaysShow: true, add: true });
    quickPick.items = items;
  };
  refresh();

  return new Promise<ClusterEntry | undefined>((resolve) => {
    let settled = false;
    const finish = (value: ClusterEntry | undefined): void => {
      if (!settled) {
        settled = true;
        resolve(value);
        quickPick.dispose();
      }
    };
    // Renaming opens an input box, which hides the picker; that hide is not a dismissal.
    let editing = false;
    quickPick.onDidTriggerItemButton(async ({ item, button }) => {
      if (!item.cluster) {
        return;
      }
      editing = true;
      try {
        await runItemButton(store, item.cluster, button);
      } finally {
        editing = false;
      }
      refresh();
      quickPick.show();
    });
    quickPick.onDidAccept(async () => {
      const [item] = quickPick.selectedItems;
      if (!item) {
        return;
      }
      if (item.add) {
        quickPick.hide();
        finish(await addCluster(store));
        return;
      }
      if (item.cluster) {
        await store.setActive(item.cluster.id);
        finish(item.cluster);
      }
    });
    quickPick.onDidHide(() => {
      if (!editing) {
        finish(undefined);
      }
    });
    quickPick.show();
  });
}

/** The id (when a label hides it) and, for a cluster that asks before each send, a shield saying so. */
function clusterDescription(cluster: ClusterEntry): string | undefined {
  const parts = [cluster.label ? cluster.id : '', cluster.askBeforeSending ? `$(shield) ${vscode.l10n.t('asks before sending')}` : ''];
  const description = parts.filter((part) => part.length > 0).join(' · ');
  return description.length > 0 ? description : undefined;
}

async function runItemButton(store: ClusterStore, cluster: ClusterEntry, button: vscode.QuickInputButton): Promise<void> {
  if (button === ASK_ON || button === ASK_OFF) {
    const { askBeforeSending: _previous, ...rest } = cluster;
    await store.upsert(button === ASK_ON ? { ...rest, askBeforeSending: true } : rest);
  } else if (button === RENAME) {
    const label = await vscode.window.showInputBox({
      title: vscode.l10n.t('Rename Cluster'),
      prompt: vscode.l10n.t('A name for cluster {0} (empty shows the id)', cluster.id),
      value: cluster.label ?? '',
    });
    if (label !== undefined) {
      const { label: _previous, ...rest } = cluster;
      await store.upsert(label.trim() ? { ...rest, label: label.trim() } : rest);
    }
  } else if (button === REMOVE) {
    await store.remove(cluster.id);
  }
}

/** Asks for a cluster id (and an optional label), saves it and makes it active. */
export async function addCluster(store: ClusterStore): Promise<ClusterEntry | undefined> {
  const id = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Cluster'),
    prompt: vscode.l10n.t('The cluster id, as your Wizlay account shows it'),
    placeHolder: vscode.l10n.t('cluster id'),
    ignoreFocusOut: true,
    validateInput: (value) => (value.trim().length === 0 ? vscode.l10n.t('Enter the cluster id.') : undefined),
  });
  if (id === undefined) {
    return undefined;
  }
  const label = await vscode.window.showInputBox({
    title: vscode.l10n.t('Add Cluster'),
    prompt: vscode.l10n.t('A name for cluster {0} (optional; Enter to skip)', id.trim()),
    ignoreFocusOut: true,
  });
  const entry: ClusterEntry = label?.trim() ? { id: id.trim(), label: label.trim() } : { id: id.trim() };
  await store.upsert(entry);
  await store.setActive(entry.id);
  return entry;
}

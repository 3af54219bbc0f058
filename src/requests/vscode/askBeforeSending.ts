import * as vscode from 'vscode';
import { clusterLabel } from '../../clusters/vscode/clusterStore';
import { CancelledError, ConfigurationError } from '../../client/common/errors/statusErrors';
import type { ClusterEntry } from '../../base/vscode/settings';
import { confirmModal } from '../../base/vscode/confirm';

/**
 * For a cluster set to ask before sending: asks the user, naming the cluster, and fails with a
 * CancelledError when they decline. A request that is not the user's own gesture (the language
 * model API, the tool, another extension) is refused instead of asked: a modal the user did not
 * cause could be answered without reading it, and a silent send is what the option forbids.
 */
export async function confirmSendTo(cluster: ClusterEntry, interactive: boolean): Promise<void> {
  const name = clusterLabel(cluster);
  if (!interactive) {
    throw new ConfigurationError(
      vscode.l10n.t(
        'Cluster “{0}” is set to ask before sending, so only requests you start in Cluster Chat, from a selection or with @cluster are sent to it. Turn the option off in “Cluster Chat: Select Cluster…” to allow others.',
        name,
      ),
    );
  }
  const send = vscode.l10n.t('Send');
  const question = vscode.l10n.t(
    'Send this request to cluster “{0}”? It is set to ask before sending: its custom actions may change things.',
    name,
  );
  if (!(await confirmModal(question, send))) {
    throw new CancelledError({ clusterId: cluster.id });
  }
}

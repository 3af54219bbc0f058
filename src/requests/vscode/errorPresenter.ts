import * as vscode from 'vscode';
import { isClusterError } from '../../client/common/errors/errors';
import { recoveryActionsFor, settingsQueryFor } from '../../client/common/errors/recovery';
import { redactSecrets } from '../../client/common/redact';
import type { RecoveryAction } from '../../webview/common/recoveryActions';

export interface ErrorRecovery {
  /** Sends the same request again. */
  readonly retry?: () => unknown;
  /** Lets the user enter a new key (then retries). */
  readonly updateApiKey?: () => unknown;
  /** Lets the user pick another cluster (then retries). */
  readonly selectCluster?: () => unknown;
}

/**
 * Shows a failed request's message with the buttons that can fix it, and logs it. A cancelled
 * request shows nothing but a passing status bar note.
 */
export class ErrorPresenter {
  constructor(private readonly log: vscode.LogOutputChannel) {}

  /** Resolves, once the user chose (or dismissed), with what the chosen recovery returned. */
  async show(error: unknown, recovery: ErrorRecovery = {}): Promise<unknown> {
    if (!isClusterError(error)) {
      // Not one of ours, so its text may hold anything: a proxy URL with its password, say.
      const message = redactSecrets(error instanceof Error ? error.message : String(error), []);
      this.log.error(`Unexpected error: ${message}`);
      return this.offer(vscode.l10n.t('Cluster Chat: something went wrong: {0}', message), ['showLog'], recovery);
    }
    // The final scrub of what is shown and logged: every key the extension sent is removed.
    const message = redactSecrets(error.message, []);
    this.log.warn(`${error.kind}${error.status ? ` (HTTP ${error.status})` : ''}: ${message}`);
    if (error.kind === 'cancelled') {
      vscode.window.setStatusBarMessage(vscode.l10n.t('Cluster Chat: request cancelled'), 3000);
      return undefined;
    }
    return this.offer(`Cluster Chat: ${message}`, offered(recoveryActionsFor(error), recovery), recovery, settingsQueryFor(error));
  }

  private async offer(
    message: string,
    buttons: readonly RecoveryAction[],
    recovery: ErrorRecovery,
    settingsQuery = 'clusterChat',
  ): Promise<unknown> {
    const labels = buttons.map((button) => label(button));
    const choice = await vscode.window.showErrorMessage(message, ...labels);
    switch (choice) {
      case label('retry'):
        return recovery.retry?.();
      case label('updateApiKey'):
        return recovery.updateApiKey?.();
      case label('selectCluster'):
        return recovery.selectCluster?.();
      case label('openSettings'):
        await vscode.commands.executeCommand('workbench.action.openSettings', settingsQuery);
        return undefined;
      case label('showLog'):
        this.log.show(true);
        return undefined;
      default:
        return undefined;
    }
  }
}

function label(button: RecoveryAction): string {
  const texts: Record<RecoveryAction, string> = {
    retry: vscode.l10n.t('Retry'),
    updateApiKey: vscode.l10n.t('Update API Key'),
    selectCluster: vscode.l10n.t('Select Cluster'),
    openSettings: vscode.l10n.t('Open Settings'),
    showLog: vscode.l10n.t('Show Log'),
  };
  return texts[button];
}

/** The actions this notification can carry out: a retry, key or cluster change only where the caller provides it. */
function offered(actions: readonly RecoveryAction[], recovery: ErrorRecovery): RecoveryAction[] {
  return actions.filter((action) => action === 'openSettings' || action === 'showLog' || recovery[action] !== undefined);
}

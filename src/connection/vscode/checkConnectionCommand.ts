import * as vscode from 'vscode';
import { isClusterError } from '../../client/common/errors/errors';
import { settings } from '../../base/vscode/settings';
import { ConnectionReport } from './connectionReport';

export const CHECK_CONNECTION_COMMAND = 'clusterChat.checkConnection';

/**
 * Cluster Chat: Check Connection. Walks the way to the configured base URL with the same settings
 * and trust the requests use, shows the report on a read-only page (to copy into a ticket) and in
 * the log, and returns its text. The check's modules load on first use, not at activation.
 */
export function registerCheckConnection(log: vscode.LogOutputChannel, userAgent: string): vscode.Disposable {
  const report = new ConnectionReport();
  const command = vscode.commands.registerCommand(CHECK_CONNECTION_COMMAND, async (options?: { readonly show?: boolean }) => {
    const text = await vscode.window.withProgress(
      { location: vscode.ProgressLocation.Notification, title: vscode.l10n.t('Cluster Chat: checking the connection…') },
      () => runCheck(userAgent),
    );
    log.info(text.trimEnd());
    if (options?.show !== false) {
      await report.show(text);
    }
    return text;
  });
  return vscode.Disposable.from(report, command);
}

async function runCheck(userAgent: string): Promise<string> {
  const [{ checkConnection }, { formatReport }, { loadTrustedCertificates }] = await Promise.all([
    import('../node/connectionCheck.js'),
    import('../node/reportText.js'),
    import('../../client/node/http/trust.js'),
  ]);
  const baseUrl = settings.baseUrl();
  const header = [`VS Code ${vscode.version}, Node ${process.version}, ${process.platform}`];
  try {
    const trust = await loadTrustedCertificates({ systemCertificates: settings.systemCertificates(), env: process.env });
    const report = await checkConnection({ baseUrl, userAgent, proxy: settings.proxy(), env: process.env, trust });
    return formatReport(report, header);
  } catch (error) {
    // Only an unusable base URL gets here; its message says what to fix.
    const message = isClusterError(error) || error instanceof Error ? error.message : String(error);
    return `${[vscode.l10n.t('Cluster Chat connection check for {0}', baseUrl), ...header, '', `✘ ${message}`].join('\n')}\n`;
  }
}

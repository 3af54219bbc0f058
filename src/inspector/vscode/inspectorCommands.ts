import * as vscode from 'vscode';
import type { InspectedRequest } from '../common/inspectedRequest';
import { callerLabel, statusLabel, supportText, utcTime } from '../node/requestDocument';
import type { RequestHistory } from '../node/requestHistory';
import { REQUEST_SCHEME, RequestDocuments, requestIdOf, requestUri } from './requestDocuments';

export const SHOW_REQUEST_COMMAND = 'clusterChat.showRequest';

/**
 * The request inspector: *Show Request…* (a reply's record by id, or a pick of the last 50, which
 * also finds a request id seen in the log), *Show Last Request* and *Copy Request for Support*.
 */
export function registerInspector(history: RequestHistory): vscode.Disposable {
  const documents = new RequestDocuments(history);
  return vscode.Disposable.from(
    documents,
    vscode.workspace.registerTextDocumentContentProvider(REQUEST_SCHEME, documents),
    vscode.commands.registerCommand(SHOW_REQUEST_COMMAND, async (id?: unknown) => {
      const record = typeof id === 'number' ? history.get(id) : await pickRequest(history);
      if (!record && typeof id === 'number') {
        void vscode.window.showInformationMessage(
          vscode.l10n.t('This request is no longer kept: the inspector holds the last 50 requests of this window.'),
        );
      }
      return record ? show(record) : undefined;
    }),
    vscode.commands.registerCommand('clusterChat.showLastRequest', () => {
      const record = history.latest();
      return record ? show(record) : noRequests();
    }),
    vscode.commands.registerCommand('clusterChat.copyRequestForSupport', async (uri?: unknown) => {
      const shown = requestIdOf(uri instanceof vscode.Uri ? uri : (vscode.window.activeTextEditor?.document.uri ?? vscode.Uri.parse('')));
      const record = shown === undefined ? history.latest() : history.get(shown);
      if (!record) {
        return noRequests();
      }
      const text = supportText(record);
      await vscode.env.clipboard.writeText(text);
      void vscode.window.showInformationMessage(vscode.l10n.t('Copied the request details for support.'));
      return text;
    }),
  );
}

async function show(record: InspectedRequest): Promise<vscode.Uri> {
  const uri = requestUri(record.id);
  const document = await vscode.workspace.openTextDocument(uri);
  await vscode.window.showTextDocument(document, { preview: false });
  return uri;
}

function noRequests(): undefined {
  void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat has sent no request in this window yet.'));
  return undefined;
}

async function pickRequest(history: RequestHistory): Promise<InspectedRequest | undefined> {
  const records = history.list();
  if (records.length === 0) {
    return noRequests();
  }
  const picked = await vscode.window.showQuickPick(
    records.map((record) => ({
      label: `${record.outcome === 'ok' ? '$(pass)' : record.outcome === 'pending' ? '$(loading~spin)' : '$(error)'} ${record.clusterId}`,
      description: `${callerLabel(record.caller)} · ${statusLabel(record)} · ${utcTime(record.time)}`,
      detail: `#${record.id} · ${vscode.l10n.t('Request id')}: ${record.requestId ?? '—'}`,
      record,
    })),
    {
      placeHolder: vscode.l10n.t('Type a cluster or a request id from the log'),
      matchOnDescription: true,
      matchOnDetail: true,
    },
  );
  return picked?.record;
}

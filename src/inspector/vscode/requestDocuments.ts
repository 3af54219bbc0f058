import * as vscode from 'vscode';
import { requestDocument } from '../node/requestDocument';
import type { RequestHistory } from '../node/requestHistory';

export const REQUEST_SCHEME = 'cluster-chat-request';

/** The address of one request's inspector page; `.md` gives it markdown colouring. */
export function requestUri(id: number): vscode.Uri {
  return vscode.Uri.from({ scheme: REQUEST_SCHEME, path: `/Request ${id}.md` });
}

/** The record an inspector page shows, or undefined for any other document. */
export function requestIdOf(uri: vscode.Uri): number | undefined {
  const match = uri.scheme === REQUEST_SCHEME ? /(\d+)\.md$/.exec(uri.path) : null;
  return match ? Number(match[1]) : undefined;
}

/**
 * The inspector's pages as read-only virtual documents: they read well and copy like any editor in
 * every theme, and a page updates itself while its request is still running.
 */
export class RequestDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;
  private readonly subscription: { dispose(): void };

  constructor(private readonly history: RequestHistory) {
    this.subscription = history.onDidChange((record) => this.changes.fire(requestUri(record.id)));
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    const id = requestIdOf(uri);
    const record = id === undefined ? undefined : this.history.get(id);
    return record
      ? requestDocument(record)
      : vscode.l10n.t('This request is no longer kept: the inspector holds the last 50 requests of this window.');
  }

  dispose(): void {
    this.subscription.dispose();
    this.changes.dispose();
  }
}

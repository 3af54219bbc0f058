import * as vscode from 'vscode';

const REPORT_SCHEME = 'cluster-chat-connection';
/** One page, the latest report: a check run again updates the page already open. */
const REPORT_URI = vscode.Uri.from({ scheme: REPORT_SCHEME, path: '/Cluster Chat connection check.txt' });

/**
 * The connection check's report as a read-only page, like the request inspector's: it copies like
 * any editor, and closing it asks nothing (an untitled document asked to be saved).
 */
export class ConnectionReport implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly changes = new vscode.EventEmitter<vscode.Uri>();
  readonly onDidChange = this.changes.event;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(REPORT_SCHEME, this);
  private text = '';

  provideTextDocumentContent(): string {
    return this.text;
  }

  async show(text: string): Promise<void> {
    this.text = text;
    const open = vscode.workspace.textDocuments.find((document) => document.uri.toString() === REPORT_URI.toString());
    if (open && open.getText() !== text) {
      // VS Code reads the page again after the change event, not at once: it is shown once it holds this report.
      await new Promise<void>((resolve) => {
        const done = (): void => {
          listener.dispose();
          clearTimeout(timer);
          resolve();
        };
        const listener = vscode.workspace.onDidChangeTextDocument((event) => event.document === open && done());
        const timer = setTimeout(done, 2_000);
        this.changes.fire(REPORT_URI);
      });
    }
    const document = await vscode.workspace.openTextDocument(REPORT_URI);
    await vscode.window.showTextDocument(document, { preview: false });
  }

  dispose(): void {
    this.registration.dispose();
    this.changes.dispose();
  }
}

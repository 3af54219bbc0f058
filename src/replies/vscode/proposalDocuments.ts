import * as vscode from 'vscode';

export const PROPOSAL_SCHEME = 'cluster-chat-proposal';

export interface Proposal {
  readonly uri: vscode.Uri;
  /** The document the change is for. */
  readonly target: vscode.Uri;
  /** Applies the change to the target; resolves false (after telling the user) if it cannot. */
  readonly apply: () => Promise<boolean>;
}

/** Read-only virtual documents holding proposed changes, shown on the right of a diff. */
export class ProposalDocuments implements vscode.TextDocumentContentProvider, vscode.Disposable {
  private readonly contents = new Map<string, string>();
  private readonly proposals = new Map<string, Proposal>();
  private counter = 0;
  private readonly registration = vscode.workspace.registerTextDocumentContentProvider(PROPOSAL_SCHEME, this);

  create(target: vscode.Uri, content: string, apply: () => Promise<boolean>): Proposal {
    const name = target.path.split('/').pop() ?? 'proposal';
    const uri = vscode.Uri.from({ scheme: PROPOSAL_SCHEME, path: `/${++this.counter}/${name}` });
    const proposal: Proposal = { uri, target, apply };
    this.contents.set(uri.toString(), content);
    this.proposals.set(uri.toString(), proposal);
    return proposal;
  }

  get(uri: vscode.Uri): Proposal | undefined {
    return this.proposals.get(uri.toString());
  }

  provideTextDocumentContent(uri: vscode.Uri): string {
    return this.contents.get(uri.toString()) ?? '';
  }

  dispose(): void {
    this.registration.dispose();
    this.contents.clear();
    this.proposals.clear();
  }
}

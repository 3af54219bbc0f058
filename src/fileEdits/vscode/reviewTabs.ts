import * as vscode from 'vscode';

/** One file of a review as the multi-file diff lists it: the file, and the two sides of its diff. */
export interface ListedFile {
  readonly file: { readonly uri: vscode.Uri };
  readonly original: vscode.Uri;
  readonly proposal: vscode.Uri;
}

/** Lists a review's files in VS Code's multi-file diff; resolves once it has loaded them (well after it shows). */
export function showReview(files: readonly ListedFile[]): Thenable<unknown> {
  return vscode.commands.executeCommand(
    'vscode.changes',
    reviewTitle(),
    files.map(({ file, original, proposal }) => [file.uri, original, proposal]),
  );
}

/**
 * Lists a review's files anew in place of its tab, once some have left it (accepted alone, or moved
 * into their editor). The stable API has no type for a multi-file diff tab, and its tab objects do
 * not last across VS Code versions, so the review's tab is told by its title: this is done only
 * where exactly one tab shows a review (none: the user closed it, or opened a file in its place).
 */
export async function relistReview(files: readonly ListedFile[]): Promise<void> {
  const shown = reviewTabs();
  if (shown.length !== 1) {
    return;
  }
  await vscode.window.tabGroups.close(shown, true);
  await showReview(files);
}

/** Closes every tab that shows a review (none is open any more). */
export function closeReviewTabs(): void {
  void vscode.window.tabGroups.close(reviewTabs());
}

function reviewTabs(): vscode.Tab[] {
  const title = reviewTitle();
  return vscode.window.tabGroups.all.flatMap((group) => group.tabs).filter((tab) => tab.label.startsWith(title));
}

/** The review's title; VS Code adds the count of files to its tab's. */
function reviewTitle(): string {
  return vscode.l10n.t('Cluster Chat: proposed changes');
}

/**
 * Sets `clusterChat.reviewActive` while the active tab shows a review, so that the multi-file
 * diff's title bar offers the review's decisions where the user reads it (the notification's
 * buttons go away with the notification).
 */
export function watchActiveReview(): vscode.Disposable {
  // An unset context key reads as false, so nothing is sent until a review's tab comes to the front.
  let shown = false;
  const update = (): void => {
    const active = vscode.window.tabGroups.activeTabGroup.activeTab?.label.startsWith(reviewTitle()) ?? false;
    if (active !== shown) {
      shown = active;
      void vscode.commands.executeCommand('setContext', 'clusterChat.reviewActive', active);
    }
  };
  update();
  return vscode.Disposable.from(vscode.window.tabGroups.onDidChangeTabs(update), vscode.window.tabGroups.onDidChangeTabGroups(update));
}

/** Lets the palette offer the review's commands only while one is open. */
export function showOpen(open: boolean): void {
  void vscode.commands.executeCommand('setContext', 'clusterChat.reviewOpen', open);
}

/**
 * Opens files as tabs in the background, all at once (drawing each editor one after another took
 * seconds for twenty): Save All reaches the files open in editors, and VS Code opens a file changed
 * in the background only after a delay. A file removed meanwhile has no tab to open; the others do.
 */
export async function openInBackground(uris: readonly vscode.Uri[]): Promise<void> {
  await Promise.all(
    uris.map((uri) =>
      vscode.commands
        .executeCommand('vscode.open', uri, { preview: false, preserveFocus: true, background: true })
        .then(undefined, () => undefined),
    ),
  );
}

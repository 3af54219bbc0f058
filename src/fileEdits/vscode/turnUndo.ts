import * as vscode from 'vscode';
import { openInBackground } from './reviewTabs';
import { currentText } from './reviewPlan';
import { COMPARE_SCHEME, type ReviewDocuments } from './reviewDocuments';
import { TurnCheckpoints, type TurnRef } from './turnCheckpoints';
import type { CheckpointEntry } from '../../checkpoints/common/checkpoints';

const decoder = new TextDecoder();
let shown = 0;

/**
 * "Undo changes of this turn": every file the turn changed back as it was before (a file the turn
 * created is deleted). A file changed since Cluster Chat wrote it is shown as a diff first and
 * restored only if the user says so. Each file is one undo step, so the undo can be undone.
 */
export async function undoTurn(turn: TurnRef, checkpoints: TurnCheckpoints, documents: ReviewDocuments): Promise<boolean> {
  const checkpoint = await checkpoints.store.turn(turn.conversationId, turn.turn);
  if (!checkpoint || checkpoint.entries.length === 0) {
    void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat changed no files in this turn, so there is nothing to undo.'));
    return false;
  }
  const restored: string[] = [];
  const skipped: string[] = [];
  const reopened: vscode.Uri[] = [];
  for (const entry of checkpoint.entries) {
    const uri = vscode.Uri.parse(entry.uri, true);
    const label = vscode.workspace.asRelativePath(uri);
    const outcome = await restore(entry, uri, label, checkpoints, documents);
    (outcome ? restored : skipped).push(label);
    if (outcome && entry.before !== undefined) reopened.push(uri);
  }
  // As after a write: Save All reaches the files open in editors, and a file restored in the background is in none.
  await openInBackground(reopened);
  if (skipped.length === 0) {
    await checkpoints.forgetTurn(turn);
  }
  const message = vscode.l10n.t(
    'Cluster Chat restored {0} of {1} files as they were before this turn. What the cluster’s custom actions did on its side cannot be undone.',
    restored.length,
    checkpoint.entries.length,
  );
  void (skipped.length === 0
    ? vscode.window.showInformationMessage(message)
    : vscode.window.showWarningMessage(`${message} ${vscode.l10n.t('Not restored: {0}.', skipped.join(', '))}`));
  return restored.length > 0;
}

async function restore(
  entry: CheckpointEntry,
  uri: vscode.Uri,
  label: string,
  checkpoints: TurnCheckpoints,
  documents: ReviewDocuments,
): Promise<boolean> {
  const before = await textOf(checkpoints, entry.before);
  if (before === null) {
    return false;
  }
  const now = await currentText(uri);
  if (now === before) {
    return true;
  }
  if (!TurnCheckpoints.isAfter(entry, now) && !(await confirmChangedSince(uri, label, before, documents))) {
    return false;
  }
  const edit = new vscode.WorkspaceEdit();
  if (before === undefined) {
    edit.deleteFile(uri, { ignoreIfNotExists: true });
  } else if (now === undefined) {
    edit.createFile(uri, { ignoreIfExists: true });
    edit.insert(uri, new vscode.Position(0, 0), before);
  } else {
    const document = await vscode.workspace.openTextDocument(uri);
    edit.replace(uri, new vscode.Range(document.positionAt(0), document.positionAt(now.length)), before);
  }
  return vscode.workspace.applyEdit(edit);
}

/** The text a hash names; undefined for "no file", null when the kept copy is gone. */
async function textOf(checkpoints: TurnCheckpoints, hash: string | undefined): Promise<string | undefined | null> {
  if (hash === undefined) {
    return undefined;
  }
  const content = await checkpoints.store.content(hash);
  return content === undefined ? null : decoder.decode(content);
}

/** Shows what restoring would do to a file changed since, and asks. */
async function confirmChangedSince(
  uri: vscode.Uri,
  label: string,
  before: string | undefined,
  documents: ReviewDocuments,
): Promise<boolean> {
  const kept = vscode.Uri.from({ scheme: COMPARE_SCHEME, path: `/undo/${++shown}/${label}` });
  documents.put(kept, before ?? '');
  try {
    await vscode.commands.executeCommand('vscode.diff', uri, kept, vscode.l10n.t('{0} now ↔ before the turn', label));
  } finally {
    documents.dropWhenClosed(kept);
  }
  const restoreIt = vscode.l10n.t('Restore');
  const choice = await vscode.window.showWarningMessage(
    vscode.l10n.t('{0} changed since Cluster Chat wrote it. Restoring it drops those changes too.', label),
    { modal: true },
    restoreIt,
  );
  return choice === restoreIt;
}

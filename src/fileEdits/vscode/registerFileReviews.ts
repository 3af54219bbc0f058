import * as vscode from 'vscode';
import { FileCheckpointStore } from '../../checkpoints/node/checkpointFiles';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { InlineProposals } from '../../inlineEdit/vscode/inlineProposals';
import { EditCheckpoints } from './editCheckpoints';
import { FileReviews } from './fileReviews';
import { ReviewDocuments } from './reviewDocuments';
import { TurnCheckpoints } from './turnCheckpoints';
import { watchActiveReview } from './reviewTabs';

/**
 * The multi-file review, its commands, and the checkpoints kept under the extension's global
 * storage: those of chat turns, and those of Edit in Place and Fix, listed in `state`.
 */
export function registerFileReviews(
  storage: vscode.Uri,
  state: vscode.Memento,
  ignore: WorkspaceIgnore,
  inline: InlineProposals,
  log: vscode.LogOutputChannel,
): { readonly reviews: FileReviews; readonly edits: EditCheckpoints; readonly disposable: vscode.Disposable } {
  const documents = new ReviewDocuments();
  const checkpoints = new TurnCheckpoints(new FileCheckpointStore(vscode.Uri.joinPath(storage, 'checkpoints').fsPath), log);
  const reviews = new FileReviews(documents, ignore, checkpoints, inline);
  const edits = new EditCheckpoints(checkpoints, documents, state);
  const disposable = vscode.Disposable.from(
    checkpoints,
    documents,
    reviews,
    watchActiveReview(),
    vscode.commands.registerCommand('clusterChat.acceptReview', () => reviews.acceptAll()),
    vscode.commands.registerCommand('clusterChat.acceptReviewFiles', () => reviews.acceptChosen()),
    vscode.commands.registerCommand('clusterChat.acceptReviewFile', (uri?: vscode.Uri) => reviews.decideFile(uri, true)),
    vscode.commands.registerCommand('clusterChat.rejectReviewFile', (uri?: vscode.Uri) => reviews.decideFile(uri, false)),
    vscode.commands.registerCommand('clusterChat.reviewFileInEditor', (uri?: vscode.Uri) => reviews.reviewInEditor(uri)),
    vscode.commands.registerCommand('clusterChat.rejectReview', () => reviews.reject()),
    vscode.commands.registerCommand('clusterChat.undoEdit', (turn?: string) => edits.undo(typeof turn === 'string' ? turn : undefined)),
  );
  return { reviews, edits, disposable };
}

import * as vscode from 'vscode';
import { computeHunks } from '../../inlineEdit/common/lineHunks';
import { currentText, type FileWrite } from './reviewPlan';
import type { TurnCheckpoints, TurnRef } from './turnCheckpoints';
import { reportAfterWrite } from './writeReport';

/**
 * Writes each accepted file as its own edit (one undo step in that file; a new file is created
 * empty and filled, so its text is not saved either), after keeping its pre-image for the turn's
 * undo. A file that changed since the review opened is left alone: its proposal was made for
 * other text.
 */
export async function writeFiles(turn: TurnRef, writes: readonly FileWrite[], checkpoints: TurnCheckpoints): Promise<boolean> {
  const written: FileWrite[] = [];
  const problems: string[] = [];
  for (const write of writes) {
    const { file, text } = write;
    const now = await currentText(file.uri);
    if (now !== file.original) {
      problems.push(vscode.l10n.t('{0} changed since the review opened, so it was not written; review the reply again', file.label));
      continue;
    }
    if (now === text || !(await checkpoints.keep(turn, file.uri, file.label, now, text))) {
      continue;
    }
    if (await vscode.workspace.applyEdit(await editFor(file.uri, now, text))) {
      written.push(write);
    } else {
      await checkpoints.keep(turn, file.uri, file.label, now, now);
      problems.push(vscode.l10n.t('the editor refused the change to {0} (is it read-only?)', file.label));
    }
  }
  if (problems.length > 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cluster Chat: {0}.', problems.join('; ')));
  }
  if (written.length > 0) {
    void vscode.window.showInformationMessage(
      vscode.l10n.t(
        'Cluster Chat changed {0} files, not saved: {1}. Undo changes of this turn (on the reply) brings them all back.',
        written.length,
        written.map((write) => write.file.label).join(', '),
      ),
    );
    void reportAfterWrite(written);
  }
  return written.length > 0;
}

async function editFor(uri: vscode.Uri, now: string | undefined, text: string): Promise<vscode.WorkspaceEdit> {
  const edit = new vscode.WorkspaceEdit();
  if (now === undefined) {
    edit.createFile(uri, { ignoreIfExists: false });
    edit.insert(uri, new vscode.Position(0, 0), text);
    return edit;
  }
  const document = await vscode.workspace.openTextDocument(uri);
  const lineStarts = startsOf(now);
  for (const hunk of computeHunks(now, text)) {
    const start = lineStarts[hunk.oldStart] ?? now.length;
    const end = lineStarts[hunk.oldStart + hunk.oldLines.length] ?? now.length;
    edit.replace(uri, new vscode.Range(document.positionAt(start), document.positionAt(end)), hunk.newLines.join(''));
  }
  return edit;
}

/** The offset each line starts at, one past the last line included. */
function startsOf(text: string): number[] {
  const starts = [0];
  for (let at = text.indexOf('\n'); at !== -1; at = text.indexOf('\n', at + 1)) {
    starts.push(at + 1);
  }
  return starts;
}

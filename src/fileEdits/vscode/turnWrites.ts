import * as vscode from 'vscode';
import { computeHunks } from '../../inlineEdit/common/lineHunks';
import { currentText, type FileWrite } from './reviewPlan';
import type { TurnCheckpoints, TurnRef } from './turnCheckpoints';
import { openInBackground } from './reviewTabs';
import { type ErrorsBefore, errorsBefore, reportAfterWrite } from './writeReport';

/**
 * Writes each accepted file as its own edit (one undo step in that file; a new file is created
 * empty and filled, so its text is not saved either), after keeping the pre-images for the turn's
 * undo, all in one record. A file that changed since the review opened is left alone: its
 * proposal was made for other text. The edits go out together: VS Code applies them in turn.
 * Then, without holding up the caller, the written files are opened, focus left where it was:
 * VS Code's Save All saves the files open in editors, and it opens a file changed in the background
 * only after a delay, so without this a Save All right after accepting could leave some unsaved.
 */
export async function writeFiles(turn: TurnRef, writes: readonly FileWrite[], checkpoints: TurnCheckpoints): Promise<boolean> {
  const problems: string[] = [];
  const current = await Promise.all(writes.map(async (write) => ({ write, now: await currentText(write.file.uri) })));
  const changing = current.filter(({ write, now }) => {
    if (now !== write.file.original) {
      problems.push(vscode.l10n.t('{0} changed since the review opened, so it was not written; review the reply again', write.file.label));
    }
    return now === write.file.original && now !== write.text;
  });
  const allowed = await checkpoints.keepAll(
    turn,
    changing.map(({ write, now }) => ({ uri: write.file.uri, label: write.file.label, before: now, after: write.text, write })),
  );
  const before = errorsBefore(allowed.map((kept) => kept.uri));
  const apply = async (kept: (typeof allowed)[number]) => ({
    kept,
    ok: await vscode.workspace.applyEdit(await editFor(kept.uri, kept.before, kept.write.text)),
  });
  const applied = await Promise.all(allowed.map(apply));
  const refused = applied.filter(({ ok }) => !ok).map(({ kept }) => ({ ...kept, after: kept.before }));
  if (refused.length > 0) {
    await checkpoints.keepAll(turn, refused);
    problems.push(...refused.map((kept) => vscode.l10n.t('the editor refused the change to {0} (is it read-only?)', kept.label)));
  }
  const written = applied.filter(({ ok }) => ok).map(({ kept }) => kept.write);
  if (problems.length > 0) {
    void vscode.window.showWarningMessage(vscode.l10n.t('Cluster Chat: {0}.', problems.join('; ')));
  }
  if (written.length > 0) {
    void announce(written, before);
  }
  return written.length > 0;
}

/** Opens the written files as tabs, then says what changed (so a Save All once it shows reaches them all), then reports. */
async function announce(written: readonly FileWrite[], before: ErrorsBefore): Promise<void> {
  await openInBackground(written.map(({ file }) => file.uri));
  void vscode.window.showInformationMessage(
    vscode.l10n.t(
      'Cluster Chat changed {0} files, not saved: {1}. Undo changes of this turn (on the reply) brings them all back.',
      written.length,
      written.map((write) => write.file.label).join(', '),
    ),
  );
  await reportAfterWrite(written, before);
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

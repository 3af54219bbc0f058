import * as vscode from 'vscode';
import type { DiffOmissions } from '../common/trimDiff';

/** What the user is told was not sent with a commit-message request; undefined when everything was. */
export function commitMessageNotice(
  omissions: DiffOmissions,
  untrackedFiles: readonly string[],
  leftOut: readonly string[] = [],
): string | undefined {
  const cap = omissions.maxCharacters.toLocaleString(vscode.env.language);
  const parts: string[] = [...leftOut];
  if (omissions.partial) {
    const { path, keptLines, totalLines } = omissions.partial;
    parts.push(
      vscode.l10n.t(
        'Only the first {0} of {1} diff lines of {2} were sent (the diff sent is capped at {3} characters).',
        keptLines,
        totalLines,
        path,
        cap,
      ),
    );
  }
  if (omissions.omittedFiles.length > 0) {
    parts.push(vscode.l10n.t('Left out to stay under {0} characters: {1}.', cap, omissions.omittedFiles.join(', ')));
  }
  if (omissions.binaryFiles.length > 0) {
    parts.push(vscode.l10n.t('Binary files, named but not sent: {0}.', omissions.binaryFiles.join(', ')));
  }
  if (untrackedFiles.length > 0) {
    parts.push(vscode.l10n.t('Untracked files, named but not in the diff: {0}.', untrackedFiles.join(', ')));
  }
  return parts.length === 0 ? undefined : parts.join(' ');
}

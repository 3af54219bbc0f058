import * as vscode from 'vscode';
import { buildCommitMessages, commitMessageFromReply } from '../common/commitPrompt';
import { trimDiff } from '../common/trimDiff';
import type { RequestRunner } from '../../requests/vscode/requestRunner';
import { settings } from '../../base/vscode/settings';
import { commitMessageNotice } from './commitMessageNotice';
import { gitApi } from './gitApi';
import { chooseRepository, repositoryChanges, withoutIgnored } from './repositoryChanges';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { restrictedModeMessage, workspaceMaySend } from '../../guards/vscode/restrictedMode';
import type { RequestInstructions } from '../../instructions/vscode/requestInstructions';

/** The context key that swaps the Source Control title's button for Stop while a message is written. */
const WRITING_KEY = 'clusterChat.writingCommitMessage';
/** The Source Control view, where the request's progress shows. */
const SCM_VIEW_ID = 'workbench.scm';

/** What Write Commit Message did: whether it filled the input box, and what it told the user was not sent. */
export interface CommitMessageResult {
  readonly written: boolean;
  readonly notice?: string;
}

/**
 * Write Commit Message (the Source Control title of a git repository, and the palette) and its Stop:
 * the staged changes (or all, when nothing is staged) go to the active cluster, without the files
 * `.clusterignore` names, with the instruction files that apply to the changed files, and the reply
 * becomes the repository's commit message.
 */
export function registerCommitMessageCommands(
  runner: RequestRunner,
  ignore: Pick<WorkspaceIgnore, 'ignored'>,
  instructions: RequestInstructions,
): vscode.Disposable {
  let running: vscode.CancellationTokenSource | undefined;
  const write = async (argument?: unknown): Promise<CommitMessageResult> => {
    if (running) {
      return { written: false };
    }
    if (!workspaceMaySend()) {
      return { written: false, notice: restrictedModeMessage() };
    }
    const api = await gitApi();
    if (typeof api === 'string') {
      void vscode.window.showInformationMessage(api);
      return { written: false };
    }
    const repository = await chooseRepository(api, argument);
    if (!repository) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: open a folder with a git repository first.'));
      return { written: false };
    }
    const all = await repositoryChanges(repository);
    const { changes, leftOut } = all ? await withoutIgnored(repository, all, ignore) : { changes: all, leftOut: [] };
    if (!changes || (changes.files.length === 0 && changes.untrackedFiles.length === 0)) {
      const notice = leftOut.join(' ');
      const none = vscode.l10n.t('Cluster Chat: there are no changes to write a commit message for.');
      void vscode.window.showInformationMessage(notice ? `${none} ${notice}` : none);
      return notice ? { written: false, notice } : { written: false };
    }
    const diff = trimDiff(changes.files);
    const messages = await instructions.apply(
      buildCommitMessages({
        template: settings.commitMessageTemplate(),
        systemPrompt: settings.systemPrompt(),
        scope: changes.scope,
        diff,
        untrackedFiles: changes.untrackedFiles,
      }),
      diff.sentFiles.map((path) => vscode.Uri.joinPath(repository.rootUri, path)),
    );
    if (!messages) {
      return { written: false };
    }
    const notice = commitMessageNotice(diff.omissions, changes.untrackedFiles, leftOut);
    running = new vscode.CancellationTokenSource();
    void vscode.commands.executeCommand('setContext', WRITING_KEY, true);
    try {
      const written = await runner.run({
        title: vscode.l10n.t('Write Commit Message'),
        caller: 'sourceControl',
        messages,
        location: { viewId: SCM_VIEW_ID },
        token: running.token,
        deliver: ({ reply }) => {
          repository.inputBox.value = commitMessageFromReply(reply.assistant.content);
          if (notice) {
            void vscode.window.showInformationMessage(
              vscode.l10n.t('Cluster Chat wrote the commit message from part of the changes. {0}', notice),
            );
          }
        },
      });
      return notice ? { written, notice } : { written };
    } finally {
      running.dispose();
      running = undefined;
      void vscode.commands.executeCommand('setContext', WRITING_KEY, false);
    }
  };
  return vscode.Disposable.from(
    vscode.commands.registerCommand('clusterChat.writeCommitMessage', write),
    vscode.commands.registerCommand('clusterChat.stopCommitMessage', () => running?.cancel()),
  );
}

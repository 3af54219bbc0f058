import * as vscode from 'vscode';
import { buildCommitMessages, commitMessageFromReply } from '../common/commitPrompt';
import { trimDiff } from '../common/trimDiff';
import type { RequestRunner } from '../../requests/vscode/requestRunner';
import { settings } from '../../base/vscode/settings';
import { commitMessageNotice } from './commitMessageNotice';
import { gitApi } from './gitApi';
import { chooseRepository, repositoryChanges } from './repositoryChanges';

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
 * the staged changes (or all, when nothing is staged) go to the active cluster, and the reply
 * becomes the repository's commit message.
 */
export function registerCommitMessageCommands(runner: RequestRunner): vscode.Disposable {
  let running: vscode.CancellationTokenSource | undefined;
  const write = async (argument?: unknown): Promise<CommitMessageResult> => {
    if (running) {
      return { written: false };
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
    const changes = await repositoryChanges(repository);
    if (!changes) {
      void vscode.window.showInformationMessage(vscode.l10n.t('Cluster Chat: there are no changes to write a commit message for.'));
      return { written: false };
    }
    const diff = trimDiff(changes.files);
    const messages = buildCommitMessages({
      template: settings.commitMessageTemplate(),
      systemPrompt: settings.systemPrompt(),
      scope: changes.scope,
      diff,
      untrackedFiles: changes.untrackedFiles,
    });
    const notice = commitMessageNotice(diff.omissions, changes.untrackedFiles);
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

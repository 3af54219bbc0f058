import * as vscode from 'vscode';
import { splitDiff } from '../../commitMessage/common/diffFiles';
import { gitApi, type GitRepository } from '../../commitMessage/vscode/gitApi';
import { leftOutMessage, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { MentionOption } from '../common/mentionOptions';
import { cutMention } from '../common/mentionText';
import { COMMIT_HASH, commitText, recentCommits } from '../node/gitCommits';
import type { MentionContent, Resolved } from './resolved';

/** How many of each repository's newest commits the pick looks through. */
const PICKED_FROM = 200;
/** The most commits listed at once; typing a hash or words of a subject narrows them. */
const MAX_LISTED = 30;

/**
 * `@commit:…`: a commit of a workspace repository, picked from the newest ones (by hash prefix or
 * words of its subject) or typed by hash, sent as `git show` prints it: header, whole message,
 * patch. A file the ignore file keeps is left out of the patch, and the user is told.
 */
export class CommitMentions {
  constructor(private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>) {}

  async options(query: string): Promise<MentionOption[]> {
    const api = await gitApi();
    if (typeof api === 'string') {
      return [];
    }
    const wanted = query.trim().toLowerCase();
    const several = api.repositories.length > 1;
    const options: MentionOption[] = [];
    for (const repository of api.repositories) {
      const commits = await recentCommits(api.git.path, repository.rootUri.fsPath, PICKED_FROM).catch(() => []);
      for (const commit of commits) {
        if (wanted !== '' && !commit.hash.startsWith(wanted) && !commit.subject.toLowerCase().includes(wanted)) {
          continue;
        }
        const where = several ? ` · ${vscode.workspace.asRelativePath(repository.rootUri)}` : '';
        options.push({
          kind: 'commit',
          name: `commit:${commit.shortHash}`,
          detail: `${commit.subject} · ${commit.author}, ${commit.date}${where}`,
          ref: `${repository.rootUri.toString()}#${commit.hash}`,
        });
        if (options.length === MAX_LISTED) {
          return options;
        }
      }
    }
    return options;
  }

  async resolve(name: string, ref: string | undefined): Promise<Resolved> {
    const api = await gitApi();
    if (typeof api === 'string') {
      return { told: api };
    }
    const [root, picked] = ref?.split('#') ?? [];
    const hash = picked ?? name.slice('commit:'.length);
    // Only a repository the Git extension opened is read: the ref came through the webview.
    const repositories = api.repositories.filter((repository) => root === undefined || repository.rootUri.toString() === root);
    if (!COMMIT_HASH.test(hash) || repositories.length === 0) {
      return { told: vscode.l10n.t('Cluster Chat: @{0} names no commit of the workspace’s repositories.', name) };
    }
    for (const repository of repositories) {
      const shown = await commitText(api.git.path, repository.rootUri.fsPath, hash).catch(() => undefined);
      if (shown !== undefined) {
        return { attachment: await this.attachment(repository, hash, shown.header, shown.patch) };
      }
    }
    return { told: vscode.l10n.t('Cluster Chat: @{0} names no commit of the workspace’s repositories.', name) };
  }

  private async attachment(repository: GitRepository, hash: string, header: string, patch: string): Promise<MentionContent> {
    const sections: string[] = [];
    for (const file of splitDiff(patch)) {
      const match = await this.ignore.ignored(vscode.Uri.joinPath(repository.rootUri, file.path));
      if (match) {
        void vscode.window.showWarningMessage(leftOutMessage(file.path, match));
      } else {
        sections.push(file.binary ? `[${file.path} is binary]\n` : file.text);
      }
    }
    const label = `commit ${hash.slice(0, 12)}`;
    return { label, fileName: label, languageId: 'diff', code: cutMention(`${header}\n\n${sections.join('')}`) };
  }
}

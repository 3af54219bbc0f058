import * as vscode from 'vscode';
import { splitDiff } from '../../commitMessage/common/diffFiles';
import { gitApi, type GitRepository } from '../../commitMessage/vscode/gitApi';
import { leftOutMessage, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { MentionAnswer, MentionOption } from '../common/mentionOptions';
import { cutMention } from '../common/mentionText';
import { readEach, type RepositoryFailure } from '../common/repositoryReads';
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

  /** The matching commits of each repository; a note says which repositories git failed in, and why. */
  async options(query: string): Promise<MentionAnswer> {
    const api = await gitApi();
    if (typeof api === 'string') {
      return { options: [], note: api };
    }
    const wanted = query.trim().toLowerCase();
    const several = api.repositories.length > 1;
    const reads = await readEach(
      api.repositories,
      async (repository) =>
        (await recentCommits(api.git.path, repository.rootUri.fsPath, PICKED_FROM)).filter(
          (commit) => wanted === '' || commit.hash.startsWith(wanted) || commit.subject.toLowerCase().includes(wanted),
        ),
      (found) => found.flat().length >= MAX_LISTED,
    );
    const options = reads.found.flatMap(({ repository, value }) =>
      value.map((commit): MentionOption => {
        const where = several ? ` · ${vscode.workspace.asRelativePath(repository.rootUri)}` : '';
        return {
          kind: 'commit',
          name: `commit:${commit.shortHash}`,
          detail: `${commit.subject} · ${commit.author}, ${commit.date}${where}`,
          ref: `${repository.rootUri.toString()}#${commit.hash}`,
        };
      }),
    );
    const note = failedNote(reads.failed);
    return { options: options.slice(0, MAX_LISTED), ...(note === undefined ? {} : { note }) };
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
    const reads = await readEach(
      repositories,
      (repository) => commitText(api.git.path, repository.rootUri.fsPath, hash),
      (found) => found.length > 0,
    );
    const [shown] = reads.found;
    if (shown !== undefined) {
      return { attachment: await this.attachment(shown.repository, hash, shown.value.header, shown.value.patch) };
    }
    const failed = failedNote(reads.failed);
    return {
      told:
        failed === undefined
          ? vscode.l10n.t('Cluster Chat: @{0} names no commit of the workspace’s repositories.', name)
          : vscode.l10n.t('Cluster Chat: @{0} could not be read. {1}', name, failed),
    };
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

/**
 * Which repository git failed in, in git's own words, so that the user knows where to look and
 * what for; undefined when git failed in none.
 */
function failedNote(failed: readonly RepositoryFailure<GitRepository>[]): string | undefined {
  const [first] = failed;
  if (first === undefined) {
    return undefined;
  }
  const folder = first.repository.rootUri.fsPath;
  return failed.length === 1
    ? vscode.l10n.t('Git failed in {0}: {1}', folder, first.complaint)
    : vscode.l10n.t('Git failed in {0}: {1} (and in {2} more repositories)', folder, first.complaint, failed.length - 1);
}

import * as vscode from 'vscode';
import { settings } from '../../base/vscode/settings';
import type { WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import type { MentionOption } from '../common/mentionOptions';
import { cutMention } from '../common/mentionText';
import { searchText, type TextMatch } from '../node/vscodeRipgrep';
import type { Resolved } from './resolved';
import { vscodeRipgrep } from './vscodeRipgrep';

/** The most matching lines sent from the whole workspace. */
const MAX_MATCHES = 200;

/**
 * `@search:text`: the lines of the workspace's files that hold the text, found by VS Code's own
 * ripgrep as its search finds them (`.gitignore`, `files.exclude` and `search.exclude` honoured),
 * in every folder. Lines of ignored files are left out. Where VS Code ships no ripgrep the user
 * is told so, rather than being given a search of our own making.
 */
export class SearchMention {
  constructor(private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>) {}

  /** The one option for what is typed: the search runs when it is chosen, not on every key. */
  options(text: string): MentionOption[] {
    if (text.trim() === '') {
      return [];
    }
    const name = /\s/u.test(text) ? `search:"${text}"` : `search:${text}`;
    return [{ kind: 'search', name, detail: vscode.l10n.t('The lines of the workspace’s files that hold “{0}”', text) }];
  }

  async resolve(text: string): Promise<Resolved> {
    const ripgrep = vscodeRipgrep();
    if (ripgrep === undefined) {
      return {
        told: vscode.l10n.t(
          'Cluster Chat: @search needs the ripgrep that VS Code ships, and none was found under {0}.',
          vscode.env.appRoot,
        ),
      };
    }
    if (text.trim() === '') {
      return { told: vscode.l10n.t('Cluster Chat: type what to search for after @search:') };
    }
    const folders = vscode.workspace.workspaceFolders ?? [];
    const lines: string[] = [];
    const files = new Set<string>();
    let total = 0;
    for (const folder of folders.filter((candidate) => candidate.uri.scheme === 'file')) {
      if (total > MAX_MATCHES) {
        break;
      }
      const matches = await searchText(ripgrep, folder.uri.fsPath, text, settings.searchExcludes(folder.uri), MAX_MATCHES + 1 - total);
      for (const match of matches) {
        const uri = vscode.Uri.joinPath(folder.uri, match.path);
        if (await this.ignore.ignored(uri)) {
          continue;
        }
        total++;
        if (lines.length < MAX_MATCHES) {
          const name = folders.length > 1 ? `${folder.name}/${match.path}` : match.path;
          files.add(name);
          lines.push(matchLine(name, match));
        }
      }
    }
    if (lines.length === 0) {
      return { told: vscode.l10n.t('Cluster Chat: no file of the workspace holds “{0}”.', text) };
    }
    const more = total > MAX_MATCHES ? `\n[only the first ${MAX_MATCHES} matching lines]` : '';
    const label = `search: "${text}" (${lines.length} lines in ${files.size} files)`;
    return { attachment: { label, fileName: label, languageId: 'text', code: cutMention(`${lines.join('\n')}${more}`) } };
  }
}

function matchLine(name: string, match: TextMatch): string {
  return `${name}:${match.line}: ${match.text}`;
}

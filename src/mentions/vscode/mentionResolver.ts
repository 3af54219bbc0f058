import * as vscode from 'vscode';
import { leftOutMessage, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { splitDiff } from '../../commitMessage/common/diffFiles';
import { gitApi } from '../../commitMessage/vscode/gitApi';
import { patternPlace } from '../../guards/vscode/workspaceIgnore';
import { isCut } from '../../terminal/common/terminalOutput';
import { keptOutFile } from '../../terminal/vscode/keptOutFile';
import type { TerminalWatcher } from '../../terminal/vscode/terminalWatcher';
import { lookupOf, type MentionKind } from '../common/mentionOptions';
import { cutMention, problemsText, type Problem, type ProblemSeverity } from '../common/mentionText';
import type { CommitMentions } from './commitMentions';
import { folderMention } from './folderMention';
import type { MentionContent, Resolved } from './resolved';
import type { SearchMention } from './searchMention';
import type { SymbolMentions } from './symbolMentions';
import type { WorkspaceFiles } from './workspaceFiles';

/** A file larger than this is not read for a mention: only its first MENTION_CAP characters could go. */
const MAX_READ_BYTES = 8 * 1024 * 1024;

/** The mentions that look something up, each with its list of options and its reading of the chosen one. */
export interface MentionLookups {
  readonly symbols: SymbolMentions;
  readonly commits: CommitMentions;
  readonly search: SearchMention;
}

const SEVERITIES: Record<vscode.DiagnosticSeverity, ProblemSeverity> = {
  [vscode.DiagnosticSeverity.Error]: 'error',
  [vscode.DiagnosticSeverity.Warning]: 'warning',
  [vscode.DiagnosticSeverity.Information]: 'information',
  [vscode.DiagnosticSeverity.Hint]: 'hint',
};

/**
 * Turns a chosen mention into what the message carries: a file's or a folder's text, the
 * workspace's problems, the active terminal's last command with its output, the working tree's
 * (or the index's) diff, a symbol's declaration, a commit, or the lines a search finds. What the cluster reads (the block's name, its notes) is in English, whatever VS Code's
 * language. Each passes the ignore file first: an ignored file is never read, its problems and diff
 * are left out, and a command that names one is sent without its output.
 */
export class MentionResolver {
  constructor(
    private readonly files: WorkspaceFiles,
    private readonly ignore: Pick<WorkspaceIgnore, 'ignored'>,
    private readonly terminals: Pick<TerminalWatcher, 'lastCommand'>,
    readonly lookups: MentionLookups,
  ) {}

  /** `ref` tells apart things of one name (a symbol's place, a commit's repository), as the option gave it. */
  async resolve(kind: MentionKind, name: string, ref?: string): Promise<Resolved> {
    switch (kind) {
      case 'file':
        return this.file(name);
      case 'folder':
        return folderMention(this.files, name);
      case 'symbol':
        return this.lookups.symbols.resolve(name, ref);
      case 'commit':
        return this.lookups.commits.resolve(name, ref);
      case 'search':
        return this.lookups.search.resolve(lookupOf(name)?.argument ?? '');
      case 'problems':
        return name === 'problems' ? this.problems() : this.fileProblems(name.slice('problems:'.length));
      case 'terminal':
        return this.terminal();
      case 'changes':
      case 'staged':
        return this.changes(kind === 'staged');
    }
  }

  private async file(name: string): Promise<Resolved> {
    const file = await this.files.named(name);
    if (file === undefined) {
      return { told: vscode.l10n.t('Cluster Chat: {0} is not a workspace file that may be sent.', name) };
    }
    const stat = await vscode.workspace.fs.stat(file.uri);
    if (stat.size > MAX_READ_BYTES) {
      return { told: vscode.l10n.t('Cluster Chat: {0} is larger than 8 MB; attach a selection from it instead.', name) };
    }
    // A binary file fails here, in VS Code's own words ("seems to be binary"), which the user is shown.
    const document = await vscode.workspace.openTextDocument(file.uri);
    return {
      attachment: {
        label: name,
        fileName: name,
        languageId: document.languageId,
        code: cutMention(document.getText()),
        uri: file.uri.toString(),
      },
    };
  }

  private async problems(): Promise<Resolved> {
    const problems: Problem[] = [];
    for (const [uri, diagnostics] of vscode.languages.getDiagnostics()) {
      if (diagnostics.length > 0 && vscode.workspace.getWorkspaceFolder(uri) && !(await this.ignore.ignored(uri))) {
        problems.push(...problemsOf(vscode.workspace.asRelativePath(uri), diagnostics));
      }
    }
    if (problems.length === 0) {
      return { told: vscode.l10n.t('Cluster Chat: the workspace has no problems to attach.') };
    }
    return { attachment: problemsBlock('the workspace', problems) };
  }

  /** `@problems:path`: one listed file's problems (the list has left out what may not be sent). */
  private async fileProblems(name: string): Promise<Resolved> {
    const file = await this.files.named(name);
    if (file === undefined) {
      return { told: vscode.l10n.t('Cluster Chat: {0} is not a workspace file that may be sent.', name) };
    }
    const problems = problemsOf(name, vscode.languages.getDiagnostics(file.uri));
    return problems.length === 0
      ? { told: vscode.l10n.t('Cluster Chat: {0} has no problems to attach.', name) }
      : { attachment: { ...problemsBlock(name, problems), uri: file.uri.toString() } };
  }

  private async terminal(): Promise<Resolved> {
    const terminal = vscode.window.activeTerminal;
    const command = terminal ? this.terminals.lastCommand(terminal) : undefined;
    if (command === undefined) {
      return {
        told: vscode.l10n.t('Cluster Chat: the active terminal has no finished command to attach (it needs shell integration).'),
      };
    }
    const label = `terminal: \`${command.commandLine}\`, exit ${command.exitCode ?? '?'}`;
    const keptOut = await keptOutFile(command, this.ignore);
    if (keptOut) {
      return {
        told: vscode.l10n.t(
          'Cluster Chat: `{0}` names `{1}`, which matches “{2}” ({3}), so its output is not attached.',
          command.commandLine,
          keptOut.written,
          keptOut.match.pattern,
          patternPlace(keptOut.match),
        ),
      };
    }
    const { output } = command;
    const shown = output.text.trim().length > 0 ? output.text : '(no output was captured)';
    const cut = isCut(output) ? `[only the last ${output.text.length} characters of ${output.totalCharacters}]\n` : '';
    return { attachment: { label, fileName: label, languageId: 'text', code: cutMention(`$ ${command.commandLine}\n${cut}${shown}`) } };
  }

  private async changes(staged: boolean): Promise<Resolved> {
    const api = await gitApi();
    if (typeof api === 'string') {
      return { told: api };
    }
    const sections: string[] = [];
    const leftOut: string[] = [];
    for (const repository of api.repositories) {
      // A repository whose folder is gone (or whose git fails) has nothing to add; the others still count.
      const diff = await repository.diff(staged).catch(() => '');
      for (const file of splitDiff(diff)) {
        const match = await this.ignore.ignored(vscode.Uri.joinPath(repository.rootUri, file.path));
        if (match) {
          leftOut.push(leftOutMessage(file.path, match));
        } else if (!file.binary) {
          sections.push(file.text);
        }
      }
    }
    leftOut.forEach((message) => void vscode.window.showWarningMessage(message));
    if (sections.length === 0) {
      return {
        told: staged ? vscode.l10n.t('Cluster Chat: nothing is staged.') : vscode.l10n.t('Cluster Chat: the working tree has no changes.'),
      };
    }
    const label = staged ? 'git diff --staged' : 'git diff';
    return { attachment: { label, fileName: label, languageId: 'diff', code: cutMention(sections.join('')) } };
  }
}

function problemsOf(path: string, diagnostics: readonly vscode.Diagnostic[]): Problem[] {
  return diagnostics.map((diagnostic) => ({
    path,
    line: diagnostic.range.start.line + 1,
    column: diagnostic.range.start.character + 1,
    severity: SEVERITIES[diagnostic.severity],
    message: diagnostic.message,
    ...(diagnostic.source ? { source: diagnostic.source } : {}),
  }));
}

/** The block of problems, named in English for the cluster: `problems in the workspace (3)`, `problems in src/app.ts (1)`. */
function problemsBlock(where: string, problems: readonly Problem[]): Omit<MentionContent, 'uri'> {
  const label = `problems in ${where} (${problems.length})`;
  return { label, fileName: label, languageId: 'text', code: cutMention(problemsText(problems)) };
}

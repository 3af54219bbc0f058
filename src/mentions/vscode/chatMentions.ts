import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../chat/common/chatProtocol';
import {
  foldersOf,
  lookupOf,
  mentionOptions,
  type MentionAnswer,
  type MentionKind,
  type MentionLookup,
  type MentionOption,
  type MentionSource,
} from '../common/mentionOptions';
import type { MentionResolver } from './mentionResolver';
import type { MentionContent } from './resolved';
import type { WorkspaceFile, WorkspaceFiles } from './workspaceFiles';

type OptionsMessage = Extract<HostToChatMessage, { type: 'mentionOptions' | 'mentionsAdded' }>;

/**
 * `@` in the chat's message box, on the host's side: the options for what is typed after it, and
 * a chosen one attached to the next message, where the guards of every attachment then apply (the
 * secret guard and the action-phrase guard at send, frozen in the log with the turn). In
 * Restricted Mode nothing of the workspace is offered.
 */
export class ChatMentions {
  /** The paths of the last list of files, their folders too: the same array each time, so matching reuses what it derived from it. */
  private named: { readonly files: readonly WorkspaceFile[]; readonly names: readonly string[] } | undefined;

  constructor(
    private readonly files: WorkspaceFiles,
    private readonly resolver: MentionResolver,
    private readonly attach: (content: MentionContent) => void,
    private readonly post: (message: OptionsMessage) => void,
  ) {
    if (vscode.workspace.isTrusted) {
      void files.list(); // listed while the chat opens, so the first @ only matches
    }
  }

  async query(requestId: number, query: string): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      this.post({
        type: 'mentionOptions',
        requestId,
        options: [],
        note: vscode.l10n.t('Restricted Mode: nothing of the workspace is sent, so there is nothing to mention.'),
      });
      return;
    }
    const lookup = lookupOf(query);
    const answer = await (lookup ? this.lookupOptions(lookup.lookup, lookup.argument) : this.pathOptions(query)).catch(
      // A language server or git failing: the list says why, and typing goes on.
      (error: unknown): MentionAnswer => ({ options: [], note: error instanceof Error ? error.message : String(error) }),
    );
    const note = answer.note ?? (lookup && answer.options.length === 0 ? lookupHint(lookup.lookup) : undefined);
    this.post({ type: 'mentionOptions', requestId, options: [...answer.options], ...(note === undefined ? {} : { note }) });
  }

  private async pathOptions(query: string): Promise<MentionAnswer> {
    const files = await this.files.list();
    if (this.named?.files !== files) {
      const names = files.map((file) => file.name);
      this.named = { files, names: [...names, ...foldersOf(names)] };
    }
    const options = mentionOptions(query, this.named.names, describe);
    const active = activeFileProblems(query, files);
    // The active file's problems go right after the workspace's (or alone, once `problems:` is typed).
    const at = options.findIndex((option) => option.kind === 'problems') + 1;
    return { options: active === undefined ? options : [...options.slice(0, at), active, ...options.slice(at)] };
  }

  private async lookupOptions(lookup: MentionLookup, argument: string): Promise<MentionAnswer> {
    const { symbols, commits, search } = this.resolver.lookups;
    switch (lookup) {
      case 'symbol':
        return { options: await symbols.options(argument) };
      case 'commit':
        return commits.options(argument);
      case 'search':
        return { options: search.options(argument) };
    }
  }

  /** Files and folders dropped on the box: each of the workspace is mentioned, and `@name` put into the box. */
  async dropped(uris: readonly string[]): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      void vscode.window.showWarningMessage(
        vscode.l10n.t('Restricted Mode: nothing of the workspace is sent, so there is nothing to mention.'),
      );
      return;
    }
    const names: string[] = [];
    for (const text of uris) {
      const mention = await mentionOf(parsedUri(text));
      if (mention === undefined) {
        void vscode.window.showWarningMessage(
          vscode.l10n.t('Cluster Chat: only files and folders of the workspace can be mentioned; {0} is not one.', text),
        );
      } else if (await this.choose(mention.kind, mention.name)) {
        names.push(mention.name);
      }
    }
    if (names.length > 0) {
      this.post({ type: 'mentionsAdded', names });
    }
  }

  /** A pasted line that names a workspace file (relative, absolute or as a `file:` URI) attaches it, quietly: any text may look like a path. */
  async pasted(text: string): Promise<void> {
    const trimmed = text.trim().replace(/^(["'`])(.*)\1$/u, '$2');
    if (!vscode.workspace.isTrusted || trimmed === '' || /\s/u.test(trimmed)) {
      return;
    }
    const absolute = /^[a-z][a-z0-9+.-]*:\/\//iu.test(trimmed) || trimmed.startsWith('/') || /^[a-z]:[\\/]/iu.test(trimmed);
    const mention = absolute ? await mentionOf(parsedUri(trimmed)) : { kind: 'file' as const, name: trimmed.split('\\').join('/') };
    if (mention?.kind !== 'file' || (await this.files.named(mention.name)) === undefined) {
      return;
    }
    const resolved = await this.resolver.resolve('file', mention.name).catch(() => undefined);
    if (resolved !== undefined && 'attachment' in resolved) {
      this.attach(resolved.attachment);
    }
  }

  /** Attaches what a mention names; false (the user told why) when nothing could be. */
  async choose(kind: MentionKind, name: string, ref?: string): Promise<boolean> {
    if (!vscode.workspace.isTrusted) {
      return false;
    }
    const resolved = await this.resolver.resolve(kind, name, ref).catch((error: unknown) => ({
      // A file gone or unreadable, git failing: the user hears why, and the box keeps what was typed.
      told: vscode.l10n.t('Cluster Chat: @{0} could not be attached: {1}', name, error instanceof Error ? error.message : String(error)),
    }));
    if ('told' in resolved) {
      void vscode.window.showWarningMessage(resolved.told);
      return false;
    }
    this.attach({ ...resolved.attachment, mention: name });
    return true;
  }
}

/** A dropped or pasted URI or path as a URI, or undefined when it is neither. */
function parsedUri(text: string): vscode.Uri | undefined {
  try {
    const uri = /^[a-z][a-z0-9+.-]*:\/\//iu.test(text) ? vscode.Uri.parse(text, true) : vscode.Uri.file(text);
    return uri.scheme === 'vscode-remote' ? asWorkspaceUri(uri) : uri;
  } catch {
    return undefined; // not a URI: nothing to mention
  }
}

/**
 * In a remote window (code-server, SSH, WSL, a container) the workbench names a dragged file by a
 * `vscode-remote:` URI with the window's own authority, while this extension host, beside the
 * files, may know the folder by another authority or as a `file:` URI. The file is the workspace
 * folder's one at the same path.
 */
function asWorkspaceUri(uri: vscode.Uri): vscode.Uri {
  if (vscode.workspace.getWorkspaceFolder(uri) !== undefined) {
    return uri;
  }
  const candidates = (vscode.workspace.workspaceFolders ?? []).map((folder) => folder.uri.with({ path: uri.path }));
  return candidates.find((candidate) => vscode.workspace.getWorkspaceFolder(candidate) !== undefined) ?? uri;
}

/** How a workspace file or folder is mentioned (`src/app.ts`, `src/`; by folder in a multi-root workspace); undefined outside the workspace. */
async function mentionOf(uri: vscode.Uri | undefined): Promise<{ readonly kind: 'file' | 'folder'; readonly name: string } | undefined> {
  if (uri === undefined || vscode.workspace.getWorkspaceFolder(uri) === undefined) {
    return undefined;
  }
  const name = vscode.workspace.asRelativePath(uri, (vscode.workspace.workspaceFolders?.length ?? 0) > 1);
  const stat = await Promise.resolve(vscode.workspace.fs.stat(uri)).catch(() => undefined);
  if (stat === undefined || name === '' || name === uri.fsPath) {
    return undefined;
  }
  return (stat.type & vscode.FileType.Directory) !== 0 ? { kind: 'folder', name: `${name.replace(/\/$/u, '')}/` } : { kind: 'file', name };
}

/** `@problems:path` for the active editor's file, when it is listed (so it may be sent) and `query` leads to it. */
function activeFileProblems(query: string, files: readonly WorkspaceFile[]): MentionOption | undefined {
  const wanted = query.toLowerCase();
  // Only a query on its way to `problems` looks through the file list: every other key skips the scan.
  if (wanted === '' || !('problems'.startsWith(wanted) || wanted.startsWith('problems:'))) {
    return undefined;
  }
  const active = vscode.window.activeTextEditor?.document.uri.toString();
  const name = files.find((file) => file.uri.toString() === active)?.name;
  return (name !== undefined && `problems:${name}`.toLowerCase().startsWith(wanted)) ||
    (name !== undefined && 'problems'.startsWith(wanted))
    ? { kind: 'problems', name: `problems:${name}`, detail: vscode.l10n.t('The errors and warnings in {0}, the active file', name) }
    : undefined;
}

function describe(kind: MentionSource | MentionLookup): string {
  const texts: Record<MentionSource | MentionLookup, string> = {
    problems: vscode.l10n.t('The errors and warnings in the workspace'),
    terminal: vscode.l10n.t('The last command in the active terminal, with its output'),
    changes: vscode.l10n.t('The working tree’s changes (git diff)'),
    staged: vscode.l10n.t('The staged changes (git diff --staged)'),
    symbol: vscode.l10n.t('A symbol’s declaration, from the language servers'),
    commit: vscode.l10n.t('A commit: its message and its changes'),
    search: vscode.l10n.t('The lines of the workspace’s files that hold a text'),
  };
  return texts[kind];
}

/** Why a lookup lists nothing: what to type, or that nothing matched. */
function lookupHint(lookup: MentionLookup): string {
  const texts: Record<MentionLookup, string> = {
    symbol: vscode.l10n.t('Type a symbol’s name; the language servers list the matching ones.'),
    commit: vscode.l10n.t('No commit matches; type a hash or words of a commit’s subject.'),
    search: vscode.l10n.t('Type the text to search for; put it in quotes to search for several words.'),
  };
  return texts[lookup];
}

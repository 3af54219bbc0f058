import * as vscode from 'vscode';
import type { HostToChatMessage } from '../../chat/common/chatProtocol';
import { mentionOptions, type MentionKind, type MentionSource } from '../common/mentionOptions';
import type { MentionContent, MentionResolver } from './mentionResolver';
import type { WorkspaceFile, WorkspaceFiles } from './workspaceFiles';

type OptionsMessage = Extract<HostToChatMessage, { type: 'mentionOptions' }>;

/**
 * `@` in the chat's message box, on the host's side: the options for what is typed after it, and
 * a chosen one attached to the next message, where the guards of every attachment then apply (the
 * secret guard and the action-phrase guard at send, frozen in the log with the turn). In
 * Restricted Mode nothing of the workspace is offered.
 */
export class ChatMentions {
  /** The names of the last list of files: the same array each time, so matching reuses what it derived from it. */
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
    const files = await this.files.list();
    if (this.named?.files !== files) {
      this.named = { files, names: files.map((file) => file.name) };
    }
    this.post({ type: 'mentionOptions', requestId, options: mentionOptions(query, this.named.names, describeSource) });
  }

  async choose(kind: MentionKind, name: string): Promise<void> {
    if (!vscode.workspace.isTrusted) {
      return;
    }
    const resolved = await this.resolver.resolve(kind, name).catch((error: unknown) => ({
      // A file gone or unreadable, git failing: the user hears why, and the box keeps what was typed.
      told: vscode.l10n.t('Cluster Chat: @{0} could not be attached: {1}', name, error instanceof Error ? error.message : String(error)),
    }));
    if ('told' in resolved) {
      void vscode.window.showWarningMessage(resolved.told);
      return;
    }
    this.attach(resolved.attachment);
  }
}

function describeSource(source: MentionSource): string {
  switch (source) {
    case 'problems':
      return vscode.l10n.t('The errors and warnings in the workspace');
    case 'terminal':
      return vscode.l10n.t('The last command in the active terminal, with its output');
    case 'changes':
      return vscode.l10n.t('The working tree’s changes (git diff)');
    case 'staged':
      return vscode.l10n.t('The staged changes (git diff --staged)');
  }
}

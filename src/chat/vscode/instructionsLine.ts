import * as vscode from 'vscode';
import type { Attachment } from '../../conversations/common/conversation';
import type { HostToChatMessage, InstructionFileView } from '../common/chatProtocol';
import { describeReason } from '../../instructions/common/applicableInstructions';
import { patternPlace } from '../../guards/vscode/workspaceIgnore';
import { settings } from '../../base/vscode/settings';
import { withFileLabelRequest } from '../../fileEdits/common/fileLabelRequest';
import {
  composeInstructions,
  type InstructionOverview,
  type SkippedInstructionFile,
  type WorkspaceInstructions,
} from '../../instructions/vscode/workspaceInstructions';

/** The `instructions` message the view gets. */
export type InstructionsMessage = Extract<HostToChatMessage, { type: 'instructions' }>;

/**
 * The line above the chat's composer: the instruction files the next send carries, those the user
 * turned off (to turn back on) and those skipped, with why. Posted again whenever the files, the
 * active editor, the attachments or a file's state change. The view names a file by the URI it was
 * given; only a listed file is opened or turned on or off.
 */
export class InstructionsLine implements vscode.Disposable {
  private readonly subscriptions: vscode.Disposable[];
  private listed = new Map<string, vscode.Uri>();
  private generation = 0;

  constructor(
    private readonly instructions: WorkspaceInstructions,
    private readonly attachments: () => readonly Attachment[],
    private readonly post: (message: InstructionsMessage) => void,
  ) {
    this.subscriptions = [
      instructions.onDidChange(() => this.refresh()),
      vscode.window.onDidChangeActiveTextEditor((editor) => editor && this.refresh()),
      vscode.workspace.onDidChangeConfiguration(
        (event) => event.affectsConfiguration('clusterChat.chat.askForFilePaths') && this.refresh(),
      ),
    ];
  }

  /** Works the list out afresh and posts it; of overlapping calls only the last one posts. */
  async refresh(): Promise<InstructionsMessage | undefined> {
    const generation = ++this.generation;
    const overview = await this.instructions.overview(this.filesInQuestion());
    if (generation !== this.generation) {
      return undefined;
    }
    const message = instructionsMessage(overview);
    this.listed = new Map(
      [...overview.applied, ...overview.turnedOff, ...overview.skipped].map((each) => {
        const uri = 'file' in each ? each.file.uri : each.uri;
        return [uri.toString(), uri];
      }),
    );
    this.post(message);
    return message;
  }

  async open(uri: string): Promise<void> {
    const listed = this.listed.get(uri);
    if (listed) {
      await vscode.window.showTextDocument(listed, { preview: true });
    }
  }

  /** Turns a listed file on or off; the change comes back through onDidChange as a new list. */
  async setOn(uri: string, on: boolean): Promise<void> {
    const listed = this.listed.get(uri);
    if (listed) {
      await this.instructions.setTurnedOff(listed, !on);
    }
  }

  /** The files a send is about: the active editor's, then the attached ones (as the send itself asks). */
  private filesInQuestion(): vscode.Uri[] {
    const editor = vscode.window.activeTextEditor?.document.uri;
    const attached = this.attachments().flatMap((attachment) => (attachment.uri === undefined ? [] : [vscode.Uri.parse(attachment.uri)]));
    return [...(editor ? [editor] : []), ...attached];
  }

  dispose(): void {
    this.subscriptions.forEach((subscription) => void subscription.dispose());
  }
}

export function instructionsMessage(overview: InstructionOverview): InstructionsMessage {
  const files: InstructionFileView[] = [
    ...overview.applied.map((each) => ({
      uri: each.file.uri.toString(),
      source: each.source,
      state: 'on' as const,
      detail:
        each.asks === undefined
          ? describeReason(each.reason, each.file.path)
          : `${describeReason(each.reason, each.file.path)}. ${asksFirst(each.asks)}`,
      ...(each.asks === undefined ? {} : { asks: each.asks }),
    })),
    ...overview.turnedOff.map((each) => ({
      uri: each.file.uri.toString(),
      source: each.source,
      state: 'off' as const,
      detail: vscode.l10n.t('Turned off: not sent until you turn it on.'),
    })),
    ...overview.skipped.map((each) => ({
      uri: each.uri.toString(),
      source: each.source,
      state: 'skipped' as const,
      detail: whySkipped(each),
    })),
  ];
  return {
    type: 'instructions',
    files,
    text: withFileLabelRequest(composeInstructions(overview.applied).text, settings.askForFilePaths()),
  };
}

/** Why the next send asks about a file before it goes out. */
function asksFirst(asks: 'new' | 'changed'): string {
  return asks === 'new'
    ? vscode.l10n.t('Not yet agreed to: the next send shows it and asks first.')
    : vscode.l10n.t('Changed since you agreed to it: the next send shows it and asks again.');
}

/** Why a file goes out with no send, in the user's words: each says what to fix. */
export function whySkipped(file: SkippedInstructionFile): string {
  switch (file.why) {
    case 'frontMatter':
      return file.key === undefined
        ? vscode.l10n.t('Skipped: its front matter cannot be read (line {0}).', file.line ?? 1)
        : vscode.l10n.t('Skipped: the value of {0} in its front matter cannot be read (line {1}).', file.key, file.line ?? 1);
    case 'noApplyTo':
      return vscode.l10n.t('Skipped: it has no applyTo in its front matter, so it applies to no file.');
    case 'unreadable':
      return vscode.l10n.t('Skipped: it could not be read ({0}).', (file.error ?? '').slice(0, 1000));
    case 'outsideFolder':
      return vscode.l10n.t('Skipped: it is a link to a file outside the workspace folder.');
    case 'ignored':
      return vscode.l10n.t(
        'Left out: it matches “{0}” ({1}), so nothing of it is sent.',
        file.ignoredBy?.pattern ?? '',
        file.ignoredBy ? patternPlace(file.ignoredBy) : '',
      );
  }
}

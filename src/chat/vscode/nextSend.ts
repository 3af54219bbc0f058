import * as vscode from 'vscode';
import { type Attachment, composeUserMessage } from '../../conversations/common/conversation';
import { measureRequest, sentMessages } from '../common/contextMeter';
import type { HostToChatMessage } from '../common/chatProtocol';
import { confirmModal } from '../../base/vscode/confirm';
import { settings } from '../../base/vscode/settings';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { WorkspaceInstructions } from '../../instructions/vscode/workspaceInstructions';
import type { ActionPhraseGuard } from '../../guards/vscode/actionPhraseGuard';

/** What stands between the workspace and a chat request: the instruction files as agreed, and the action-phrase guard. */
export interface ChatGuards {
  readonly instructions: WorkspaceInstructions;
  readonly phraseGuard: ActionPhraseGuard;
}

/**
 * What the chat's next send carries: the system prompt, which messages are left out, what the context meter
 * needs to measure it in the view (the view measures with `chat/common/contextMeter` as the draft is
 * typed), and the question before a send above the hard limit.
 */
export class NextSend implements vscode.Disposable {
  private readonly subscription: vscode.Disposable;

  constructor(
    private readonly store: ConversationStore,
    private readonly attachments: () => readonly Attachment[],
    private readonly post: (message: HostToChatMessage) => void,
    private readonly instructions: WorkspaceInstructions,
  ) {
    this.subscription = vscode.workspace.onDidChangeConfiguration((event) => {
      if (event.affectsConfiguration('clusterChat.contextMeter')) {
        this.postMeter();
      }
    });
  }

  /** The thresholds and the pending attachments, for the view's meter. */
  postMeter(): void {
    this.post({ type: 'meter', settings: settings.contextMeter(), attached: composeUserMessage('', this.attachments()) });
  }

  async setSystemPrompt(text: string): Promise<void> {
    const { conversation, saved } = this.store.apply(this.store.active().id, { kind: 'systemPrompt', systemPrompt: text });
    this.post({ type: 'systemPrompt', conversationId: conversation.id, systemPrompt: conversation.systemPrompt });
    await saved;
  }

  /** Leaves message `index` of the active conversation out of what is sent, or takes it back in. */
  async setExcluded(index: number, excluded: boolean): Promise<void> {
    const { conversation, saved } = this.store.apply(this.store.active().id, { kind: 'exclude', index, excluded });
    await saved;
    const message = this.store.get(conversation.id)?.messages[index];
    if (message) {
      // Also when nothing changed (the newest message), so the view shows the state as it is.
      this.post({ type: 'excluded', conversationId: conversation.id, index, excluded: message.excluded === true });
    }
  }

  /**
   * The instructions the send of `content` (the typed `text` with the pending attachments) carries, once
   * the user agreed to each instruction file and, above the hard limit, to the size; undefined when the
   * user declined, and the text goes back into the box as the draft. `frozen` are the instructions a
   * resent message went with before: an edit sends them again as they were.
   */
  async prepare(text: string, content: string, frozen?: string): Promise<{ instructions?: string } | undefined> {
    const active = this.store.active();
    const instructions = frozen ?? (await this.instructions.forSend(this.filesInQuestion()))?.text;
    if (
      instructions !== undefined &&
      (await this.sizeConfirmed(active.systemPrompt, [...active.messages, { role: 'user', content, instructions }]))
    ) {
      // None when there were none, so such a message is logged as it always was.
      return instructions === '' ? {} : { instructions };
    }
    this.store.drafts.set(active.id, text);
    this.post({ type: 'setDraft', text });
    return undefined;
  }

  /** The files a send is about, for the instructions that apply to them: the active editor's and the attached ones. */
  private filesInQuestion(): vscode.Uri[] {
    const active = vscode.window.activeTextEditor?.document.uri;
    const attached = this.attachments().flatMap((attachment) => (attachment.uri === undefined ? [] : [vscode.Uri.parse(attachment.uri)]));
    return [...(active ? [active] : []), ...attached];
  }

  /** Whether the request may be sent: above the hard limit the user is asked, naming the size and the limit. */
  private async sizeConfirmed(systemPrompt: string, messages: Parameters<typeof sentMessages>[1]): Promise<boolean> {
    const { limitTokens } = settings.contextMeter();
    const size = measureRequest(sentMessages(systemPrompt, messages));
    if (limitTokens === 0 || size.tokens <= limitTokens) {
      return true;
    }
    const question = vscode.l10n.t(
      'This message makes the request about {0} tokens (an estimate; {1} bytes), above the limit of {2} tokens (setting clusterChat.contextMeter.limitTokens). Send it anyway?',
      size.tokens.toLocaleString(),
      size.bytes.toLocaleString(),
      limitTokens.toLocaleString(),
    );
    return confirmModal(question, vscode.l10n.t('Send Anyway'));
  }

  dispose(): void {
    this.subscription.dispose();
  }
}

import * as vscode from 'vscode';
import { type Attachment, composeUserMessage } from '../../conversations/common/conversation';
import { measureRequest, sentMessages } from '../common/contextMeter';
import type { HostToChatMessage } from '../common/chatProtocol';
import { withFileLabelRequest } from '../../fileEdits/common/fileLabelRequest';
import { confirmModal } from '../../base/vscode/confirm';
import { settings } from '../../base/vscode/settings';
import type { ConversationStore } from '../../conversations/vscode/conversationStore';
import type { WorkspaceInstructions } from '../../instructions/vscode/workspaceInstructions';
import type { ActionPhraseGuard } from '../../guards/vscode/actionPhraseGuard';
import type { SecretGuard } from '../../guards/vscode/secretGuard';
import type { PromptInsertion } from '../../promptFiles/common/insertedPrompts';
import type { PromptInsertions } from '../../promptFiles/vscode/promptInsertions';

/** What stands between the workspace and a chat request: the instruction files as agreed, the action-phrase and secret guards. */
export interface ChatGuards {
  readonly instructions: WorkspaceInstructions;
  readonly phraseGuard: ActionPhraseGuard;
  readonly secretGuard: SecretGuard;
  /** The prompt files' expansions lately put into the box. */
  readonly promptInsertions: PromptInsertions;
}

/** A user message as it goes out and is saved, and the part of it the user typed (redactions made in both). */
export interface PreparedMessage {
  readonly typed: string;
  /** What of the typed text a prompt file's expansion put there. */
  readonly fromPromptFiles: readonly PromptInsertion[];
  readonly message: { readonly content: string; readonly instructions?: string; readonly attached?: number };
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
    private readonly guards: Pick<ChatGuards, 'instructions' | 'secretGuard' | 'promptInsertions'>,
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

  async setSystemPrompt(text: string, conversationId = this.store.active().id): Promise<void> {
    const { conversation, saved } = this.store.apply(conversationId, { kind: 'systemPrompt', systemPrompt: text });
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

  /** Posts the instructions user message `index` of the active conversation went with: an edit of it resends them. */
  postFrozenInstructions(index: number): void {
    const conversation = this.store.active();
    const message = conversation.messages[index];
    if (message?.role === 'user') {
      this.post({ type: 'frozenInstructions', conversationId: conversation.id, index, text: message.instructions ?? '' });
    }
  }

  /**
   * The send of the typed `text` with the pending attachments, as it goes out and is saved: the instructions
   * the user agreed to (each file), the credentials the user chose to redact replaced, and above the hard
   * limit, agreed to the size. Undefined when the user declined, and the text goes back into the box as the
   * draft. `frozen` are the instructions a resent message went with before: an edit sends them again as they were.
   */
  async prepare(text: string, frozen?: string): Promise<PreparedMessage | undefined> {
    const active = this.store.active();
    const agreed = frozen === undefined ? (await this.guards.instructions.forSend(this.filesInQuestion()))?.text : undefined;
    const instructions = frozen ?? (agreed === undefined ? undefined : withFileLabelRequest(agreed, settings.askForFilePaths()));
    const guarded = instructions === undefined ? undefined : await this.guardSecrets(text.trim(), instructions, active.systemPrompt);
    if (guarded && guarded.systemPrompt !== active.systemPrompt) {
      // Redacted in the conversation itself, so no later send or regenerate carries the credential.
      await this.setSystemPrompt(guarded.systemPrompt, active.id);
    }
    if (guarded && (await this.sizeConfirmed(guarded.systemPrompt, [...active.messages, { role: 'user', ...guarded.message }]))) {
      return guarded;
    }
    this.store.drafts.set(active.id, text);
    this.post({ type: 'setDraft', text });
    return undefined;
  }

  /**
   * The message with the credentials the user chose to redact replaced, in the typed text, each
   * attachment, the instructions and the conversation's system prompt (which goes out with it).
   */
  private async guardSecrets(
    typed: string,
    instructions: string,
    systemPrompt: string,
  ): Promise<(PreparedMessage & { readonly systemPrompt: string }) | undefined> {
    const attachments = this.attachments();
    const texts = await this.guards.secretGuard.guard([
      { origin: 'typed', name: '', text: typed },
      ...attachments.map((attachment) => ({ origin: 'attachment' as const, name: attachment.label, text: attachment.code })),
      { origin: 'instructions', name: '', text: instructions },
      { origin: 'systemPrompt', name: '', text: systemPrompt },
    ]);
    if (texts === undefined) {
      return undefined;
    }
    const sent = attachments.map((attachment, index) => ({ ...attachment, code: texts[index + 1] ?? attachment.code }));
    const guardedInstructions = texts[attachments.length + 1] ?? instructions;
    const content = composeUserMessage(texts[0] ?? typed, sent);
    // None when there were none, so such a message is logged as it always was.
    const fromPromptFiles = this.guards.promptInsertions.within(texts[0] ?? typed);
    return {
      typed: texts[0] ?? typed,
      systemPrompt: texts[attachments.length + 2] ?? systemPrompt,
      fromPromptFiles,
      message: {
        content,
        ...(guardedInstructions === '' ? {} : { instructions: guardedInstructions }),
        ...(sent.length === 0 ? {} : { attached: sent.length }),
      },
    };
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

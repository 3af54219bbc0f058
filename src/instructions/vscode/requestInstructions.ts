import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import { guardRequestSecrets } from '../../guards/vscode/requestSecrets';
import type { SecretGuard } from '../../guards/vscode/secretGuard';
import type { ActionPhraseGuard } from '../../guards/vscode/actionPhraseGuard';
import type { LabelledText } from '../../guards/common/actionPhrases';
import { withInstructions } from '../common/instructedMessages';
import type { WorkspaceInstructions } from './workspaceInstructions';

export type InstructionSource = Pick<WorkspaceInstructions, 'forSend'>;
export type SecretCheck = Pick<SecretGuard, 'guard'>;
export type PhraseCheck = Pick<ActionPhraseGuard, 'allows'>;

export interface RequestOrigin {
  /** What the user typed for this request, where it leads the last message: the phrase guard does not search it. */
  readonly typed?: string;
  /** The cluster the request goes to, when not the active one. */
  readonly clusterId?: string;
  /** What of the typed text a prompt file's expansion put there: searched by the phrase guard as the file's. */
  readonly fromPromptFiles?: readonly LabelledText[];
}

/**
 * The one step that puts the project's instruction files into a request of the selection actions,
 * Edit in Place, the problem commands, the commit message, the terminal explanation and `@cluster`:
 * the files that apply to the files the request is about, as the user agreed to them, go into its
 * system message after the user's system prompt. The request as it will go out then passes the
 * secret guard and the action-phrase guard, as a chat message does, since a selection, a diff or
 * terminal output may hold a key, or a phrase that fires one of the cluster's actions.
 */
export class RequestInstructions {
  constructor(
    private source: InstructionSource,
    private secrets?: SecretCheck,
    private phrases?: PhraseCheck,
  ) {}

  /**
   * The messages to send, or undefined when the user chose to send nothing (the request is then
   * not made). `inQuestion` are the files the request is about.
   */
  async apply(messages: readonly Message[], inQuestion: readonly vscode.Uri[], origin: RequestOrigin = {}): Promise<Message[] | undefined> {
    const instructions = await this.source.forSend(inQuestion);
    if (instructions === undefined) {
      return undefined;
    }
    const sent = withInstructions(messages, instructions.text);
    const about = inQuestion[0] ? vscode.workspace.asRelativePath(inQuestion[0]) : '';
    const guarded = this.secrets ? await guardRequestSecrets(this.secrets, sent, about) : sent;
    if (
      guarded === undefined ||
      (this.phrases && !(await this.phrases.allows(guarded, origin.typed, origin.clusterId, origin.fromPromptFiles)))
    ) {
      return undefined;
    }
    return guarded;
  }

  /**
   * Answers from another source from now on, and returns the one it replaces: the integration tests
   * hand one whose approval questions they answer, as a modal dialog cannot be answered from the
   * extension host.
   */
  useSource(source: InstructionSource): InstructionSource {
    const replaced = this.source;
    this.source = source;
    return replaced;
  }

  /** As `useSource`, for the action-phrase guard's questions. */
  usePhraseCheck(phrases: PhraseCheck | undefined): PhraseCheck | undefined {
    const replaced = this.phrases;
    this.phrases = phrases;
    return replaced;
  }

  /** As `useSource`, for the secret guard's questions. */
  useSecretCheck(secrets: SecretCheck | undefined): SecretCheck | undefined {
    const replaced = this.secrets;
    this.secrets = secrets;
    return replaced;
  }
}

import * as vscode from 'vscode';
import type { Message } from '../../client/common/messages';
import { guardRequestSecrets } from '../../guards/vscode/requestSecrets';
import type { SecretGuard } from '../../guards/vscode/secretGuard';
import { withInstructions } from '../common/instructedMessages';
import type { WorkspaceInstructions } from './workspaceInstructions';

export type InstructionSource = Pick<WorkspaceInstructions, 'forSend'>;
export type SecretCheck = Pick<SecretGuard, 'guard'>;

/**
 * The one step that puts the project's instruction files into a request of the selection actions,
 * Edit in Place, the problem commands, the commit message, the terminal explanation and `@cluster`:
 * the files that apply to the files the request is about, as the user agreed to them, go into its
 * system message after the user's system prompt. The request as it will go out then passes the
 * secret guard, as a chat message does, since a selection, a diff or terminal output may hold a key.
 */
export class RequestInstructions {
  constructor(
    private source: InstructionSource,
    private secrets?: SecretCheck,
  ) {}

  /**
   * The messages to send, or undefined when the user chose to send nothing (the request is then
   * not made). `inQuestion` are the files the request is about.
   */
  async apply(messages: readonly Message[], inQuestion: readonly vscode.Uri[]): Promise<Message[] | undefined> {
    const instructions = await this.source.forSend(inQuestion);
    if (instructions === undefined) {
      return undefined;
    }
    const sent = withInstructions(messages, instructions.text);
    const about = inQuestion[0] ? vscode.workspace.asRelativePath(inQuestion[0]) : '';
    return this.secrets ? guardRequestSecrets(this.secrets, sent, about) : sent;
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

  /** As `useSource`, for the secret guard's questions. */
  useSecretCheck(secrets: SecretCheck | undefined): SecretCheck | undefined {
    const replaced = this.secrets;
    this.secrets = secrets;
    return replaced;
  }
}

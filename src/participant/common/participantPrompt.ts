import { type Attachment, composeUserMessage } from '../../conversations/common/conversation';
import type { Message } from '../../client/common/messages';
import { fillTemplate, type SelectionAction } from '../../replies/common/selectionPrompt';

/** The `@cluster` slash commands and the selection action each one stands for. */
export const PARTICIPANT_COMMANDS = {
  explain: 'explain',
  fix: 'fix',
  tests: 'writeTests',
  refactor: 'refactor',
} as const satisfies Record<string, Exclude<SelectionAction, 'ask' | 'send'>>;

/**
 * `@cluster /prompt`: VS Code suggests only the commands a participant declares in its manifest, so
 * this one declared command lists the prompt files, which change with the workspace.
 */
export const PROMPT_PICKER_COMMAND = 'prompt';

export type ParticipantCommand = keyof typeof PARTICIPANT_COMMANDS;
export type CommandAction = (typeof PARTICIPANT_COMMANDS)[ParticipantCommand];

/** The selection action of a slash command, or undefined for none or an unknown one. */
export function actionForCommand(command: string | undefined): CommandAction | undefined {
  if (command === undefined || !Object.hasOwn(PARTICIPANT_COMMANDS, command)) {
    return undefined;
  }
  return PARTICIPANT_COMMANDS[command as ParticipantCommand];
}

/** The user turn being sent: what was typed, the command's instruction, the code attached. */
export interface ParticipantUserTurn {
  readonly prompt: string;
  /** The slash command's instruction template (`{fileName}`, `{language}` are filled in). */
  readonly instruction?: string;
  readonly attachments: readonly Attachment[];
}

/** One earlier exchange exactly as it was sent and answered (kept in the chat result's metadata). */
export interface ParticipantExchange {
  readonly sent: string;
  readonly reply: string;
}

/** The user message for a turn: the command's instruction, the typed text, then each attachment fenced. */
export function composeParticipantMessage(turn: ParticipantUserTurn): string {
  const first = turn.attachments[0];
  const instruction =
    turn.instruction === undefined
      ? ''
      : fillTemplate(turn.instruction, {
          fileName: first ? turn.attachments.map((attachment) => attachment.fileName).join(', ') : 'the conversation',
          language: first?.languageId ?? '',
          question: turn.prompt,
        }).trim();
  const text = [instruction, turn.prompt.trim()].filter((part) => part.length > 0).join('\n\n');
  return composeUserMessage(text, turn.attachments);
}

/**
 * The conversation `@cluster` sends: the system prompt, every earlier exchange as it was sent and
 * answered, then the new user message.
 */
export function buildParticipantMessages(systemPrompt: string, history: readonly ParticipantExchange[], message: string): Message[] {
  const messages: Message[] = [];
  if (systemPrompt.trim().length > 0) {
    messages.push({ role: 'system', content: systemPrompt.trim() });
  }
  for (const exchange of history) {
    messages.push({ role: 'user', content: exchange.sent }, { role: 'assistant', content: exchange.reply });
  }
  messages.push({ role: 'user', content: message });
  return messages;
}

/** The exchange a chat result's metadata holds, if it is one of ours. */
export function exchangeFromMetadata(metadata: unknown): ParticipantExchange | undefined {
  if (typeof metadata !== 'object' || metadata === null) {
    return undefined;
  }
  const sent: unknown = Reflect.get(metadata, 'sent');
  const reply: unknown = Reflect.get(metadata, 'reply');
  return typeof sent === 'string' && typeof reply === 'string' ? { sent, reply } : undefined;
}

import { type Attachment, composeUserMessage } from './conversation';
import type { Message } from './messages';
import { fillTemplate, type SelectionAction } from './selectionPrompt';

/** The `@cluster` slash commands and the selection action each one stands for. */
export const PARTICIPANT_COMMANDS = {
  explain: 'explain',
  fix: 'fix',
  tests: 'writeTests',
  refactor: 'refactor',
} as const satisfies Record<string, Exclude<SelectionAction, 'ask' | 'send'>>;

export type ParticipantCommand = keyof typeof PARTICIPANT_COMMANDS;
export type CommandAction = (typeof PARTICIPANT_COMMANDS)[ParticipantCommand];

/** The selection action of a slash command, or undefined for none or an unknown one. */
export function actionForCommand(command: string | undefined): CommandAction | undefined {
  if (command === undefined || !Object.hasOwn(PARTICIPANT_COMMANDS, command)) {
    return undefined;
  }
  return PARTICIPANT_COMMANDS[command as ParticipantCommand];
}

/** One user turn as the chat shows it: what was typed, the command's instruction, the code attached. */
export interface ParticipantUserTurn {
  readonly role: 'user';
  readonly prompt: string;
  /** The slash command's instruction template (`{fileName}`, `{language}` are filled in). */
  readonly instruction?: string;
  readonly attachments: readonly Attachment[];
}

export interface ParticipantAssistantTurn {
  readonly role: 'assistant';
  readonly text: string;
}

export type ParticipantTurn = ParticipantUserTurn | ParticipantAssistantTurn;

/**
 * The conversation `@cluster` sends: the system prompt, then every earlier turn and the new one,
 * each user turn as its instruction, its text and its attachments in fenced blocks. Assistant turns
 * that rendered nothing (a failed or cancelled reply) are left out.
 */
export function buildParticipantMessages(systemPrompt: string, turns: readonly ParticipantTurn[]): Message[] {
  const messages: Message[] = [];
  if (systemPrompt.trim().length > 0) {
    messages.push({ role: 'system', content: systemPrompt.trim() });
  }
  for (const turn of turns) {
    if (turn.role === 'assistant') {
      if (turn.text.trim().length > 0) {
        messages.push({ role: 'assistant', content: turn.text });
      }
      continue;
    }
    const content = userTurnText(turn);
    if (content.length > 0) {
      messages.push({ role: 'user', content });
    }
  }
  return messages;
}

function userTurnText(turn: ParticipantUserTurn): string {
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

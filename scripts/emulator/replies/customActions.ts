import { plural } from './markdownText';
import type { Message } from '../publicTypes';

/** What an action may touch besides the conversation. */
export interface ActionContext {
  /** Creates a ticket (a side effect) and returns its running number. */
  createTicket(): number;
}

export interface ActionResult {
  readonly name: string;
  readonly output: string;
}

const KICKOFF = /run action:[ \t]*([A-Za-z0-9_.-]+)/i;

const ACTIONS: Readonly<Record<string, (messages: readonly Message[], context: ActionContext) => string>> = {
  'word-count': (messages) => {
    const userMessages = messages.filter((message) => message.role === 'user');
    const words = userMessages.reduce((sum, message) => sum + countWords(message.content), 0);
    return `Counted ${plural(words, 'word')} in ${plural(userMessages.length, 'user message')}.`;
  },
  'create-ticket': (_messages, context) => {
    const number = context.createTicket();
    return `Created ticket CC-${String(number).padStart(4, '0')}`;
  },
};

export const ACTION_NAMES: readonly string[] = Object.keys(ACTIONS);

/** The action named by `run action: <name>` in the text, if any. */
export function requestedAction(text: string): string | undefined {
  return KICKOFF.exec(text)?.[1]?.toLowerCase();
}

/** Runs the named action (side effects included); an unknown name yields the list of actions. */
export function runAction(name: string, messages: readonly Message[], context: ActionContext): ActionResult {
  const action = Object.hasOwn(ACTIONS, name) ? ACTIONS[name] : undefined;
  if (action === undefined) {
    return {
      name,
      output: `Unknown action '${name}'. Available actions: ${ACTION_NAMES.join(', ')}.`,
    };
  }
  return { name, output: action(messages, context) };
}

export function countWords(text: string): number {
  return text.split(/\s+/).filter((word) => word !== '').length;
}

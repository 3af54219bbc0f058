import type { Message } from '../../client/common/messages';

/**
 * A request's messages with the project's instructions in its system message: after the user's
 * system prompt when there is one, else as a system message of their own at the start. Every
 * feature but the language model API and the tool (whose callers own their prompt) sends them so,
 * as the chat does.
 */
export function withInstructions(messages: readonly Message[], instructions: string): Message[] {
  if (instructions.trim().length === 0) {
    return [...messages];
  }
  const [first, ...rest] = messages;
  if (first?.role === 'system') {
    const content = [first.content, instructions].filter((part) => part.trim().length > 0).join('\n\n');
    return [{ role: 'system', content }, ...rest];
  }
  return [{ role: 'system', content: instructions }, ...messages];
}

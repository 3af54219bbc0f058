import type { Message } from '../publicTypes';

export interface ConversationBody {
  content: { messages: Message[] };
}

/** The reply shape: the sent messages unchanged, then (optionally) one assistant message. */
export function conversationBody(sent: readonly Message[], assistantText?: string): ConversationBody {
  const messages = [...sent];
  if (assistantText !== undefined) {
    messages.push({ role: 'assistant', content: assistantText });
  }
  return { content: { messages } };
}

export function lastUserMessage(messages: readonly Message[]): string | undefined {
  for (let index = messages.length - 1; index >= 0; index -= 1) {
    const message = messages[index];
    if (message?.role === 'user') {
      return message.content;
    }
  }
  return undefined;
}

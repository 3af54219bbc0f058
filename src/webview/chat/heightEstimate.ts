import type { ChatMessageView } from '../../core/protocol/chatProtocol';

/** Roughly what the stylesheet gives a message (px): its meta line, padding and border. */
const FRAME = 46;
const TEXT_LINE = 20;
const CODE_LINE = 18;
/** A code block's toolbar and padding. */
const CODE_BLOCK = 44;
/** Average character width of the view's font (px), to guess where lines wrap. */
const CHARACTER_WIDTH = 7;

/**
 * A message's height before it was ever rendered, from its text and the list's width: close
 * enough that the scrollbar is honest for a conversation mostly never rendered, and cheap enough
 * for 20,000 messages. Measured heights replace it once the message is rendered.
 */
export function estimateHeight(message: Pick<ChatMessageView, 'content'>, width: number): number {
  const perLine = Math.max(20, Math.floor(Math.max(0, width) / CHARACTER_WIDTH));
  let height = FRAME;
  let inCode = false;
  for (const line of message.content.split('\n')) {
    if (line.trimStart().startsWith('```')) {
      height += inCode ? 0 : CODE_BLOCK;
      inCode = !inCode;
    } else if (inCode) {
      height += CODE_LINE;
    } else if (line.trim() !== '') {
      height += Math.ceil(line.length / perLine) * TEXT_LINE;
    } else {
      height += TEXT_LINE / 2;
    }
  }
  return height;
}

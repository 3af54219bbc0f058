import type { ChatMessageView } from '../../common/chatProtocol';

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
 * enough that the scrollbar is honest for a conversation mostly never rendered. It runs for every
 * message when a conversation arrives, so it walks the text with indexOf and allocates nothing
 * (splitting 20,000 messages into lines cost more than rendering the visible ones). Measured
 * heights replace it once the message is rendered.
 */
export function estimateHeight(message: Pick<ChatMessageView, 'content'>, width: number): number {
  const content = message.content;
  const perLine = Math.max(20, Math.floor(Math.max(0, width) / CHARACTER_WIDTH));
  let height = FRAME;
  let inCode = false;
  for (let start = 0; start <= content.length;) {
    const newline = content.indexOf('\n', start);
    const end = newline < 0 ? content.length : newline;
    let first = start;
    while (first < end && (content[first] === ' ' || content[first] === '\t')) {
      first++;
    }
    if (content.startsWith('```', first)) {
      height += inCode ? 0 : CODE_BLOCK;
      inCode = !inCode;
    } else if (inCode) {
      height += CODE_LINE;
    } else {
      height += first < end ? Math.ceil((end - start) / perLine) * TEXT_LINE : TEXT_LINE / 2;
    }
    start = end + 1;
  }
  return height;
}

import type { ChatToHostMessage } from '../../common/chatProtocol';

/**
 * The row an arrow key, Home, End, Page Up or Page Down moves to from row `from` of `count` (no
 * wrapping: in a list of thousands, wrapping from the top to the oldest conversation would lose the
 * user); undefined for any other key.
 */
export function movedRow(key: string, from: number, count: number, page: number): number | undefined {
  const last = count - 1;
  switch (key) {
    case 'ArrowDown':
      return Math.min(last, from + 1);
    case 'ArrowUp':
      return Math.max(0, from - 1);
    case 'PageDown':
      return Math.min(last, from + page);
    case 'PageUp':
      return Math.max(0, from - page);
    case 'Home':
      return 0;
    case 'End':
      return last;
    default:
      return undefined;
  }
}

/** What F2 and Delete on a row ask the host, as in VS Code's own lists; undefined for any other key. */
export function rowKeyMessage(key: string, id: string): ChatToHostMessage | undefined {
  if (key === 'F2') {
    return { type: 'renameConversation', id };
  }
  return key === 'Delete' ? { type: 'deleteConversation', id } : undefined;
}

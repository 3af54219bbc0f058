import type { ChatToHostMessage } from '../../common/chatProtocol';
import type { ChatModel } from '../chatModel';

/**
 * Asks for the messages before the newest ones a conversation arrived with, once those are on
 * screen (after the next frame is painted): however long the conversation, its first render waits
 * for nothing else, and the rest arrives while the user reads.
 */
export function loadEarlierAfterPaint(model: ChatModel, post: (message: ChatToHostMessage) => void): void {
  const conversationId = model.conversationId;
  const before = model.messages[0]?.index ?? 0;
  if (conversationId === undefined || before === 0) {
    return;
  }
  requestAnimationFrame(() =>
    setTimeout(() => {
      // Another conversation (or this one again, whole) may have arrived meanwhile.
      if (model.isShown(conversationId) && model.messages[0]?.index === before) {
        post({ type: 'loadEarlier', conversationId, before });
      }
    }, 0),
  );
}

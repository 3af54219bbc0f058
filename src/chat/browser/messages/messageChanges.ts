import type { HostToChatMessage } from '../../common/chatProtocol';
import type { ChatModel } from '../chatModel';
import type { MessageList } from '../virtualList/messageList';

/** Messages added at either end of the conversation shown, or removed from its end. */
export type MessageChange = Extract<HostToChatMessage, { type: 'messagesAppended' | 'messagesTruncated' | 'earlierMessages' }>;

/** Makes a change in the model, then on the page. */
export function applyMessageChange(model: ChatModel, list: MessageList, change: MessageChange): void {
  if (change.type === 'earlierMessages') {
    list.prependMessages(model.prepend(change.messages));
    return;
  }
  const removedFrom = change.type === 'messagesTruncated' ? change.index : model.append(change.messages);
  if (change.type === 'messagesTruncated') {
    model.truncate(change.index);
  }
  if (removedFrom !== undefined) {
    list.removeFrom(removedFrom);
  }
  if (change.type === 'messagesAppended') {
    list.appendMessages(change.messages);
  }
}

import type { HostToChatMessage } from '../../common/chatProtocol';
import type { ChatModel } from '../chatModel';
import type { MessageList } from '../virtualList/messageList';
import { showUndoable } from './messageElement';

/** Messages added at either end of the conversation shown, or removed from its end, or replies that changed files. */
export type MessageChange = Extract<
  HostToChatMessage,
  { type: 'messagesAppended' | 'messagesTruncated' | 'earlierMessages' | 'undoableTurns' }
>;

/** Makes a change in the model, then on the page. */
export function applyMessageChange(model: ChatModel, list: MessageList, change: MessageChange): void {
  if (change.type === 'undoableTurns') {
    for (const index of model.setUndoable(change.indexes)) {
      const item = list.itemAt(index);
      if (item) showUndoable(item, change.indexes.includes(index));
    }
    return;
  }
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

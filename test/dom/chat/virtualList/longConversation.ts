import { chatState, turns } from '../../helpers/chatFixtures';
import { FakeLayout } from '../../helpers/layout';
import type { Page } from '../../helpers/page';
import { ChatPage } from '../../helpers/views';

/** Far more messages than the DOM may hold, so that only a window of them can be rendered. */
export const COUNT = 20_000;
export const VIEWPORT = 300;
export const ITEM = 100;

export function last<T>(values: readonly T[]): T | undefined {
  return values[values.length - 1];
}

/** Mounts, on `page`, a view 300 px tall whose messages are 100 px each, showing `count` messages. */
export function longChatOn(page: Page): (count?: number) => { readonly chat: ChatPage; readonly layout: FakeLayout } {
  return (count = COUNT) => {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, VIEWPORT, ITEM);
    chat.receive(chatState({ messages: turns(count) }));
    return { chat, layout };
  };
}

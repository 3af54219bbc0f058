import * as assert from 'node:assert/strict';
import type { HostToChatMessage } from '../../../../src/chat/common/chatProtocol';
import { chatState, turns } from '../../helpers/chatFixtures';
import { FakeLayout } from '../../helpers/layout';
import { usePage } from '../../helpers/page';
import { ChatPage } from '../../helpers/views';

const COUNT = 20_000;
/** What the host sends with the conversation: its newest messages. */
const FIRST = 100;
const ALL = turns(COUNT);

function earlier(before = COUNT - FIRST, conversationId = 'c1'): HostToChatMessage {
  return { type: 'earlierMessages', conversationId, messages: ALL.slice(0, before) };
}

describe('Chat: a long conversation arrives newest first', () => {
  const page = usePage();

  function windowed(): { readonly chat: ChatPage; readonly layout: FakeLayout } {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, 300, 100);
    chat.receive(chatState({ messages: ALL.slice(COUNT - FIRST) }));
    return { chat, layout };
  }

  it('asks for the older messages once the newest are painted, then adds them without moving the view', () => {
    const { chat, layout } = windowed();
    assert.deepEqual(page.host.postsOf('loadEarlier'), [], 'nothing is asked before the first frame');
    page.clock.runAll();
    assert.deepEqual(page.host.postsOf('loadEarlier'), [{ type: 'loadEarlier', conversationId: 'c1', before: COUNT - FIRST }]);
    const newest = chat.message(COUNT - 1);
    assert.equal(newest.getAttribute('aria-posinset'), String(FIRST));

    chat.receive(earlier());
    page.clock.runAll();
    assert.ok(layout.atEnd(), 'still at the end');
    assert.equal(chat.message(COUNT - 1), newest, 'the rendered messages are kept, not rebuilt');
    for (const item of chat.messages()) {
      assert.equal(item.getAttribute('aria-setsize'), String(COUNT));
      assert.equal(item.getAttribute('aria-posinset'), String(Number(item.dataset['index']) + 1));
    }
    layout.scrollTo(0);
    assert.equal(chat.indexes()[0], 0, 'the oldest message is reachable');
  });

  it('keeps the message the user reads in place when the older messages arrive', () => {
    const { chat, layout } = windowed();
    page.clock.runAll();
    layout.scrollTo(layout.scroller.scrollTop - 1000);
    const top = layout.scroller.scrollTop;
    const item = chat.messages().find((candidate) => layout.topOf(candidate) + 100 > top);
    assert.ok(item, 'a message at the top of the view');
    const offset = layout.topOf(item) - top;

    chat.receive(earlier());
    page.clock.runAll();
    assert.ok(item.isConnected);
    assert.equal(layout.topOf(item) - layout.scroller.scrollTop, offset);
    assert.ok(layout.scroller.scrollTop > 100 * (COUNT - FIRST) - 1000, 'the space above now stands for the older messages');
  });

  it('asks nothing for a conversation that arrived whole, and ignores older messages of one no longer shown', () => {
    const chat = ChatPage.mount(page);
    new FakeLayout(page, chat, 300, 100);
    chat.receive(chatState({ messages: ALL.slice(COUNT - FIRST) }), chatState({ id: 'c2', messages: turns(3) }));
    page.clock.runAll();
    assert.deepEqual(page.host.postsOf('loadEarlier'), []);
    chat.receive(earlier());
    page.clock.runAll();
    assert.deepEqual(chat.indexes(), [0, 1, 2]);
    assert.equal(chat.message(0).getAttribute('aria-setsize'), '3');
  });
});

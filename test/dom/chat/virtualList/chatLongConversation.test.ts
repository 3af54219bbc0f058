import * as assert from 'node:assert/strict';
import { estimateHeight } from '../../../../src/chat/browser/virtualList/heightEstimate';
import { MAX_RENDERED } from '../../../../src/chat/browser/virtualList/renderRange';
import { appended, chatState, turns, user } from '../../helpers/chatFixtures';
import { press } from '../../helpers/gestures';
import { FakeLayout } from '../../helpers/layout';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';
import { COUNT, ITEM, last, longChatOn, VIEWPORT } from './longConversation';

describe('Chat: a long conversation is virtualized', () => {
  const page = usePage();
  const longChat = longChatOn(page);

  it('keeps a bounded number of messages in the DOM for 20,000 messages, the newest first', () => {
    const { chat, layout } = longChat();
    page.clock.runAll();
    const indexes = chat.indexes();
    assert.ok(indexes.length > 3 && indexes.length <= MAX_RENDERED, `${indexes.length} messages in the DOM`);
    assert.equal(last(indexes), COUNT - 1, 'the newest message is rendered');
    assert.deepEqual(
      indexes,
      indexes.map((_, offset) => (indexes[0] ?? 0) + offset),
      'one run of messages, in order',
    );
    assert.ok(layout.atEnd(), 'pinned to the end');
    const { before, after } = layout.spacers();
    const estimated = turns(indexes[0] ?? 0).reduce((sum, message) => sum + estimateHeight(message, 0), 0);
    assert.equal(after, 0);
    assert.equal(before, Math.round(estimated), 'the space above stands for every message not rendered, at its estimated height');

    layout.scrollTo((COUNT * ITEM) / 2);
    assert.ok(chat.messages().length <= MAX_RENDERED);
  });

  it('renders message 0 when the user scrolls to the top, and the end again when they scroll back', () => {
    const { chat, layout } = longChat();
    page.clock.runAll();
    layout.scrollTo(0);
    assert.equal(chat.indexes()[0], 0);
    assert.equal(layout.spacers().before, 0);
    assert.ok(chat.messages().length <= MAX_RENDERED);

    chat.receive(appended([{ index: COUNT, role: 'assistant', content: 'Late reply' }]));
    assert.equal(chat.indexes()[0], 0, 'a reply does not pull the reader back to the end');
    assert.equal(layout.scroller.scrollTop, 0);

    layout.scrollTo(layout.contentHeight());
    assert.equal(last(chat.indexes()), COUNT);
    chat.receive(appended([user(COUNT + 1, 'Back at the end')]));
    assert.equal(last(chat.indexes()), COUNT + 1);
    assert.ok(layout.atEnd());
  });

  it('stays at the end while heights settle, until the user scrolls up', () => {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, VIEWPORT, 250);
    chat.receive(chatState({ messages: turns(500) }));
    page.clock.runAll();
    assert.ok(layout.atEnd(), 'measured heights (250 px, estimated less) keep the end in view');
    layout.scrollTo(layout.scroller.scrollTop - 1000);
    const top = layout.scroller.scrollTop;
    chat.receive(appended([{ index: 500, role: 'assistant', content: 'More' }]));
    page.clock.runAll();
    assert.equal(layout.scroller.scrollTop, top);
  });

  it('holds the message the user reads still while older messages are estimated in the background', () => {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, VIEWPORT, ITEM);
    chat.receive(chatState({ messages: turns(COUNT) }));
    page.clock.frame();
    layout.scroller.scrollTop -= 2000;
    layout.scroller.dispatchEvent(new Event('scroll'));
    page.clock.frame();
    const item = chat.messages()[3];
    assert.ok(item);
    const offset = layout.topOf(item) - layout.scroller.scrollTop;
    const before = layout.spacers().before;
    assert.ok(page.clock.pendingTimers > 0, 'older messages are still being estimated');
    page.clock.runAll();
    assert.notEqual(layout.spacers().before, before, 'the estimates changed the space above');
    assert.ok(item.isConnected);
    assert.equal(layout.topOf(item) - layout.scroller.scrollTop, offset);
  });

  it('holds the message the user reads still when rendered messages grow, before the frame is painted', () => {
    const resized: Array<() => void> = [];
    class PageResizeObserver {
      constructor(callback: () => void) {
        resized.push(callback);
      }
      observe(): void {}
      unobserve(): void {}
      disconnect(): void {}
    }
    page.stub(globalThis, 'ResizeObserver', PageResizeObserver as unknown as typeof ResizeObserver);
    const { chat, layout } = longChat();
    page.clock.runAll();
    layout.scrollTo(layout.scroller.scrollTop - 1000);
    const top = layout.scroller.scrollTop;
    const item = chat.messages().find((candidate) => layout.topOf(candidate) + ITEM > top);
    assert.ok(item, 'a message at the top of the view');
    const offset = layout.topOf(item) - top;
    layout.resizeItems(150);
    resized.forEach((callback) => callback());
    assert.equal(layout.topOf(item) - layout.scroller.scrollTop, offset, 'no frame needed');
  });

  it('tells screen readers where each rendered message stands in the whole conversation', () => {
    const { chat, layout } = longChat();
    page.clock.runAll();
    const list = one(chat.root, '#messages');
    assert.equal(list.getAttribute('role'), 'log');
    for (const item of chat.messages()) {
      assert.equal(item.getAttribute('aria-setsize'), String(COUNT));
      assert.equal(item.getAttribute('aria-posinset'), String(Number(item.dataset['index']) + 1));
    }
    layout.scrollTo(0);
    assert.equal(chat.message(0).getAttribute('aria-posinset'), '1');
    chat.receive(appended([{ index: COUNT, role: 'assistant', content: 'One more' }]));
    assert.equal(chat.message(0).getAttribute('aria-setsize'), String(COUNT + 1), 'the set size follows appends');
  });

  it('renders and scrolls to the last user message when ArrowUp edits it from the top of the conversation', () => {
    const { chat, layout } = longChat();
    page.clock.runAll();
    layout.scrollTo(0);
    assert.ok(!chat.indexes().includes(COUNT - 2));
    press(chat.input, 'ArrowUp');
    const edited = chat.message(COUNT - 2);
    assert.ok(edited.classList.contains('is-editing'));
    assert.equal(chat.input.value, `Question ${COUNT - 2}`);
    const top = layout.scroller.scrollTop;
    const itemTop = layout.topOf(edited);
    assert.ok(itemTop >= top && itemTop + ITEM <= top + VIEWPORT, `message at ${itemTop} in view from ${top}`);

    layout.scrollTo(0);
    layout.scrollTo(layout.contentHeight());
    assert.ok(chat.message(COUNT - 2).classList.contains('is-editing'), 'the mark comes back with the message');
    press(chat.input, 'Escape');
    assert.ok(!chat.message(COUNT - 2).classList.contains('is-editing'));
  });

  it('places the error after its message, and brings it back with the message', () => {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, VIEWPORT, ITEM);
    chat.receive(chatState({ messages: turns(COUNT), error: { index: COUNT - 2, message: 'Failed', actions: ['retry'] } }));
    page.clock.runAll();
    const error = one(chat.root, '.chat-error');
    assert.equal(chat.message(COUNT - 2).nextElementSibling, error);
    layout.scrollTo(0);
    assert.equal(chat.root.querySelectorAll('.chat-error').length, 0, 'it leaves the DOM with its message');
    layout.scrollTo(layout.contentHeight());
    assert.equal(chat.message(COUNT - 2).nextElementSibling, one(chat.root, '.chat-error'));
    assert.equal(error.getAttribute('role'), null, 'announced once, not again on every scroll back');
    assert.equal(one(chat.root, '.chat-error'), error, 'the same box, with its buttons');
  });

  it('keeps Regenerate on the newest reply only, wherever the user scrolled', () => {
    const { chat, layout } = longChat();
    page.clock.runAll();
    layout.scrollTo(0);
    layout.scrollTo(layout.contentHeight());
    const regenerate = [...chat.root.querySelectorAll('button.message-regenerate')].map((button) => button.closest('li')?.dataset['index']);
    assert.deepEqual(regenerate, [String(COUNT - 1)]);
  });
});

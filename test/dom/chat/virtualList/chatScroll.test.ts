import * as assert from 'node:assert/strict';
import { appended, assistant, chatState, turns, user } from '../../helpers/chatFixtures';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';
import { hasQueuedWork } from '../../../../src/base/browser/sliceQueue';

/** The scroll area with a layout a test controls (happy-dom lays nothing out). */
function withLayout(chat: ChatPage): { readonly scroller: HTMLElement; grow(by: number): void; scrollBy(user: number): void } {
  const scroller = one(chat.root, '.chat-scroll');
  let height = 1000;
  Object.defineProperty(scroller, 'scrollHeight', { configurable: true, get: () => height });
  Object.defineProperty(scroller, 'clientHeight', { configurable: true, get: () => 300 });
  return {
    scroller,
    grow: (by) => {
      height += by;
    },
    scrollBy: (delta) => {
      scroller.scrollTop += delta;
      scroller.dispatchEvent(new Event('scroll'));
    },
  };
}

describe('Chat scroll position', () => {
  const page = usePage();

  it('follows new messages at the end until the user scrolls up, and a message the user sends brings it back', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(2) }));
    const layout = withLayout(chat);
    layout.grow(200);
    chat.receive(appended([user(2, 'More')]));
    assert.equal(layout.scroller.scrollTop, 1200, 'pinned to the end');

    layout.scrollBy(-500);
    layout.grow(200);
    chat.receive(appended([assistant(3, 'A long answer')]));
    assert.equal(layout.scroller.scrollTop, 700, 'a reply does not pull the reader away from what they scrolled to');

    layout.grow(100);
    chat.receive(appended([user(4, 'And now?')]));
    assert.equal(layout.scroller.scrollTop, 1500, 'sending goes back to the end');
  });

  it('follows again once the user scrolls back to the end', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(2) }));
    const layout = withLayout(chat);
    chat.receive(appended([user(2, 'x')]));
    layout.scrollBy(-400);
    layout.scrollBy(390);
    layout.grow(300);
    chat.receive(appended([assistant(3, 'y')]));
    assert.equal(layout.scroller.scrollTop, 1300);
  });
});

describe('Chat scroll position for a long reply', () => {
  const page = usePage();

  it('opens a reply rendered in parts at its start and stops following the end, until the user sends again', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(2) }));
    const layout = withLayout(chat);
    chat.receive(appended([user(2, 'Show me the whole log')]));
    const end = layout.scroller.scrollTop;
    chat.receive(appended([assistant(3, `${'A log line of the service.\n\n'.repeat(800)}The last line.`)]));
    const reply = one(chat.root, 'li.chat-message[data-index="3"]');
    const start = layout.scroller.scrollTop;
    assert.ok(start > 0 && start < end, `the view moved up to the reply's start (${start}) from the end (${end})`);
    assert.ok(reply.querySelector('.message-content'), 'the reply is rendered where the view is');

    layout.grow(500);
    chat.receive(appended([assistant(4, 'A short note')]));
    assert.equal(layout.scroller.scrollTop, start, 'the view stays at the long reply while more arrives');

    layout.grow(100);
    chat.receive(appended([user(5, 'Thanks')]));
    assert.equal(layout.scroller.scrollTop, layout.scroller.scrollHeight, 'sending goes back to the end');

    // The long reply's later parts are rendered in tasks of this page's clock: let them end with it.
    for (let task = 0; task < 1000 && hasQueuedWork(); task++) {
      page.clock.next();
      page.clock.frame();
    }
    assert.equal(hasQueuedWork(), false);
  });

  it('keeps following the end for a reply that renders at once', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(2) }));
    const layout = withLayout(chat);
    layout.grow(200);
    chat.receive(appended([assistant(2, 'Short.\n\n'.repeat(100))]));
    assert.equal(layout.scroller.scrollTop, layout.scroller.scrollHeight);
  });
});

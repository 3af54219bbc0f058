import * as assert from 'node:assert/strict';
import { QUIET_MS } from '../../../../src/chat/browser/messages/quietLiveRegion';
import { appended, assistant, chatState, turns } from '../../helpers/chatFixtures';
import { press } from '../../helpers/gestures';
import { FakeLayout } from '../../helpers/layout';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const COUNT = 20_000;

describe('Chat: the virtual list with a keyboard and a screen reader', () => {
  const page = usePage();

  function longChat(): { readonly chat: ChatPage; readonly layout: FakeLayout; readonly log: HTMLElement } {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, 300, 100);
    chat.receive(chatState({ messages: turns(COUNT) }));
    page.clock.runAll();
    return { chat, layout, log: one(chat.root, '#messages') };
  }

  it('does not announce messages rendered because the user scrolled to them, but does announce new ones', () => {
    const { chat, layout, log } = longChat();
    assert.equal(log.getAttribute('aria-live'), 'polite');
    layout.scroller.scrollTop = 0;
    layout.scroller.dispatchEvent(new Event('scroll'));
    page.clock.frame();
    assert.equal(chat.indexes()[0], 0);
    assert.equal(log.getAttribute('aria-live'), 'off', 'quiet while the scrolled-to messages are added');
    page.clock.tick(QUIET_MS);
    assert.equal(log.getAttribute('aria-live'), 'polite');

    layout.scroller.scrollTop = 500;
    layout.scroller.dispatchEvent(new Event('scroll'));
    page.clock.frame();
    chat.receive(appended([assistant(COUNT, 'A reply')]));
    assert.equal(log.getAttribute('aria-live'), 'polite', 'an arriving reply is news at once');
  });

  it('keeps focus in the list when the focused message scrolls out of the DOM', () => {
    const { chat, layout, log } = longChat();
    const copy = one<HTMLButtonElement>(chat.message(COUNT - 1), 'button.message-copy');
    copy.focus();
    layout.scrollTo(0);
    assert.ok(!copy.isConnected);
    assert.equal(document.activeElement, log);
  });

  it('lets Tab reach the buttons of the newest messages and the toolbar arrow keys work there', () => {
    const { chat } = longChat();
    const reply = chat.message(COUNT - 1);
    assert.equal(reply.getAttribute('aria-posinset'), String(COUNT));
    const buttons = [
      ...chat.root.querySelectorAll<HTMLButtonElement>(`li.chat-message[data-index="${COUNT - 3}"] [role="toolbar"] button`),
    ];
    assert.ok(buttons.length > 1, 'a reply with code has its toolbar');
    buttons[0]?.focus();
    press(buttons[0] as HTMLButtonElement, 'ArrowRight');
    assert.equal(document.activeElement, buttons[1]);
    assert.ok(one(reply, 'button.message-regenerate'));
  });
});

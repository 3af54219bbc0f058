import * as assert from 'node:assert/strict';
import type { ChatMessageView } from '../../../../src/chat/common/chatProtocol';
import { appended, assistant, chatState, truncated, turns, user } from '../../helpers/chatFixtures';
import { click, press, typeInto } from '../../helpers/gestures';
import { FakeLayout } from '../../helpers/layout';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const COUNT = 20_000;

/** A long conversation where only a few messages mention "needle": 10, 11 (twice) and 19,990. */
function haystack(): ChatMessageView[] {
  const messages = turns(COUNT);
  messages[10] = user(10, 'Where is the Needle?');
  messages[11] = assistant(11, 'A needle, and another NEEDLE.');
  messages[19_990] = user(19_990, 'needle again');
  return messages;
}

function typeQuery(input: HTMLInputElement, value: string): void {
  input.value = value;
  input.dispatchEvent(new InputEvent('input', { bubbles: true, data: value }));
}

describe('Chat: find in the conversation', () => {
  const page = usePage();

  function open(): { readonly chat: ChatPage; readonly layout: FakeLayout; readonly input: HTMLInputElement; readonly count: HTMLElement } {
    const chat = ChatPage.mount(page);
    const layout = new FakeLayout(page, chat, 300, 100);
    chat.receive(chatState({ messages: haystack() }));
    page.clock.runAll();
    chat.input.focus();
    const shortcut = press(chat.input, 'f', { ctrlKey: true });
    assert.ok(shortcut.defaultPrevented, 'the webview’s own find does not open');
    const input = one<HTMLInputElement>(chat.root, '.chat-find input');
    return { chat, layout, input, count: one(chat.root, '.chat-find-count') };
  }

  it('opens on Ctrl+F with a labelled input and a live results count', () => {
    const { chat, input, count } = open();
    assert.equal(one(chat.root, '.chat-find').hidden, false);
    assert.equal(document.activeElement, input);
    assert.equal(input.getAttribute('aria-label'), 'Find in conversation');
    assert.equal(count.getAttribute('role'), 'status');
    assert.equal(count.getAttribute('aria-live'), 'polite');
  });

  it('opens on Cmd+F too, and from anywhere in the page', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(2) }));
    press(document.body, 'F', { metaKey: true });
    assert.equal(one(chat.root, '.chat-find').hidden, false);
  });

  it('searches every message, not only those in the DOM, ignoring case, and shows “n of m”', () => {
    const { chat, layout, input, count } = open();
    typeQuery(input, 'NEEDLE');
    assert.equal(count.textContent, '4 of 4', 'the search starts from the messages in view (the end)');
    const found = chat.message(19_990);
    assert.ok(found.classList.contains('is-found'));

    press(input, 'Enter');
    assert.equal(count.textContent, '1 of 4', 'Enter wraps around to the first match');
    const first = chat.message(10);
    assert.ok(first.classList.contains('is-found'), 'the match is rendered and marked');
    assert.ok(!chat.indexes().includes(19_990), 'far from the end now');
    const top = layout.scroller.scrollTop;
    const itemTop = layout.topOf(first);
    assert.ok(itemTop >= top && itemTop + 100 <= top + 300, `match at ${itemTop} in view from ${top}`);

    press(input, 'Enter');
    assert.equal(count.textContent, '2 of 4');
    assert.ok(chat.message(11).classList.contains('is-found'));
    assert.ok(!chat.message(10).classList.contains('is-found'), 'only the current match is marked');
    press(input, 'Enter');
    assert.equal(count.textContent, '3 of 4', 'a second occurrence in the same message counts');

    press(input, 'Enter', { shiftKey: true });
    press(input, 'Enter', { shiftKey: true });
    press(input, 'Enter', { shiftKey: true });
    assert.equal(count.textContent, '4 of 4', 'Shift+Enter goes back, wrapping around');
    assert.ok(chat.message(19_990).classList.contains('is-found'));
  });

  it('says when nothing matches, and shows nothing for an empty query', () => {
    const { input, count } = open();
    typeQuery(input, 'no such text');
    assert.equal(count.textContent, 'No results');
    press(input, 'Enter');
    assert.equal(count.textContent, 'No results');
    typeQuery(input, '');
    assert.equal(count.textContent, '');
  });

  it('has buttons for the previous and next match', () => {
    const { chat, input, count } = open();
    typeQuery(input, 'needle');
    click(one(chat.root, 'button.chat-find-next'));
    assert.equal(count.textContent, '1 of 4');
    click(one(chat.root, 'button.chat-find-previous'));
    assert.equal(count.textContent, '4 of 4');
  });

  it('closes on Escape, clears the mark and gives focus back to where it was', () => {
    const { chat, input } = open();
    typeQuery(input, 'needle');
    const escape = press(input, 'Escape');
    assert.ok(escape.defaultPrevented);
    assert.equal(one(chat.root, '.chat-find').hidden, true);
    assert.equal(document.activeElement, chat.input);
    assert.equal(chat.root.querySelectorAll('.is-found').length, 0);
    assert.equal(page.host.postsOf('stop').length, 0, 'Escape in the find box stops nothing');

    press(chat.input, 'f', { ctrlKey: true });
    assert.equal(input.value, 'needle', 'the query is kept for the next time');
    assert.equal(one(chat.root, '.chat-find-count').textContent, '4 of 4');
  });

  it('counts again when messages are appended or truncated, or another conversation is shown', () => {
    const { chat, input, count } = open();
    typeQuery(input, 'needle');
    chat.receive(appended([assistant(COUNT, 'the last needle')]));
    assert.equal(count.textContent, '4 of 5');
    chat.receive(truncated(11));
    assert.equal(count.textContent, '1 of 1', 'the current match was removed: the last one left is current');
    chat.receive(chatState({ id: 'c2', messages: [user(0, 'needle'), user(1, 'x'), assistant(2, 'needle')] }));
    assert.equal(count.textContent, '1 of 2', 'another conversation is searched from what is in view');
    assert.ok(chat.message(0).classList.contains('is-found'));
    press(input, 'Enter');
    assert.equal(count.textContent, '2 of 2');
    assert.ok(chat.message(2).classList.contains('is-found'));
  });

  it('leaves typing in the message box alone', () => {
    const { chat, input } = open();
    press(input, 'Escape');
    typeInto(chat.input, 'f');
    assert.equal(one(chat.root, '.chat-find').hidden, true);
  });
});

import * as assert from 'node:assert/strict';
import { DRAFT_DEBOUNCE_MS } from '../../../../src/chat/browser/composer/composer';
import { busy, chatState, user } from '../../helpers/chatFixtures';
import { click, endComposition, press, startComposition, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { ChatPage } from '../../helpers/views';

describe('Chat composer: sending and the keyboard', () => {
  const page = usePage();

  it('sends the text on Enter, empties the box and reports the empty draft', () => {
    const chat = ChatPage.mount(page, chatState());
    assert.equal(chat.input.getAttribute('aria-label'), 'Message');
    typeInto(chat.input, 'What is a cluster?');
    const enter = press(chat.input, 'Enter');
    assert.ok(enter.defaultPrevented, 'no newline is inserted');
    assert.equal(chat.input.value, '');
    assert.deepEqual(page.host.posted, [
      { type: 'send', text: 'What is a cluster?' },
      { type: 'draftChanged', text: '' },
    ]);
    assert.deepEqual(page.host.state, { view: 'chat', draft: '' });

    page.clock.runAll();
    assert.equal(page.host.postsOf('draftChanged').length, 1, 'the typing before sending is never reported afterwards');
  });

  it('sends with the Send button too, without blank lines before and whitespace after, keeping the first line’s indentation', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, '\n  \n    indented code\n  more\n\n  ');
    click(chat.send);
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: '    indented code\n  more' }]);
  });

  it('leaves Shift/Alt/Ctrl/Meta+Enter to the box (a newline), sending nothing', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'line one');
    for (const modifier of ['shiftKey', 'altKey', 'ctrlKey', 'metaKey'] as const) {
      assert.equal(press(chat.input, 'Enter', { [modifier]: true }).defaultPrevented, false, modifier);
    }
    assert.deepEqual(page.host.postsOf('send'), []);
  });

  it('swallows Enter on an empty or blank box: no newline, nothing sent', () => {
    const chat = ChatPage.mount(page, chatState());
    for (const text of ['', '   ', '\n\n']) {
      typeInto(chat.input, text);
      assert.ok(press(chat.input, 'Enter').defaultPrevented);
      click(chat.send);
    }
    assert.deepEqual(page.host.postsOf('send'), []);
  });

  it('sends nothing while a request runs (Enter swallowed, Stop in Send’s place), and sends again when it ends', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'first')] }), busy(true));
    typeInto(chat.input, 'second');
    assert.ok(press(chat.input, 'Enter').defaultPrevented);
    assert.equal(chat.send.hidden, true);
    assert.deepEqual(page.host.postsOf('send'), []);
    assert.equal(chat.input.value, 'second', 'the text stays for later');

    chat.receive(busy(false));
    assert.equal(chat.send.hidden, false);
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: 'second' }]);
  });

  it('leaves keys to an input method while it composes (isComposing, keyCode 229, or between composition events)', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'にほんご');
    assert.equal(press(chat.input, 'Enter', { isComposing: true }).defaultPrevented, false);
    assert.equal(press(chat.input, 'Enter', { keyCode: 229 }).defaultPrevented, false);
    startComposition(chat.input);
    assert.equal(press(chat.input, 'Enter').defaultPrevented, false);
    assert.deepEqual(page.host.postsOf('send'), []);

    endComposition(chat.input);
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: 'にほんご' }]);
  });

  it('stops the running request on Escape, and leaves Escape alone when nothing runs', () => {
    const chat = ChatPage.mount(page, chatState());
    assert.equal(press(chat.input, 'Escape').defaultPrevented, false);
    assert.deepEqual(page.host.posted, []);

    chat.receive(busy(true));
    assert.ok(press(chat.input, 'Escape').defaultPrevented);
    assert.deepEqual(page.host.posted, [{ type: 'stop' }]);
  });

  it('reports the draft to the host once typing pauses, and keeps every keystroke in the webview state at once', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'h');
    page.clock.tick(DRAFT_DEBOUNCE_MS - 1);
    typeInto(chat.input, 'he');
    assert.deepEqual(page.host.state, { view: 'chat', draft: 'he' });
    page.clock.tick(DRAFT_DEBOUNCE_MS - 1);
    typeInto(chat.input, 'hel');
    assert.deepEqual(page.host.posted, [], 'nothing while typing goes on');

    page.clock.tick(DRAFT_DEBOUNCE_MS);
    assert.deepEqual(page.host.posted, [{ type: 'draftChanged', text: 'hel' }]);
    assert.deepEqual(page.host.state, { view: 'chat', draft: 'hel' });
  });

  it('puts the host’s draft in the box with the conversation state when nothing was typed', () => {
    const chat = ChatPage.mount(page);
    chat.receive(chatState({ draft: 'the saved draft' }));
    assert.equal(chat.input.value, 'the saved draft');
    assert.deepEqual(page.host.state, { view: 'chat', draft: 'the saved draft' });
    page.clock.runAll();
    assert.deepEqual(page.host.postsOf('draftChanged'), [], 'the host already knows its own draft');
  });

  it('restores the draft saved in the webview state before the host’s state arrives', () => {
    page.restoreState({ view: 'chat', draft: 'an unsent draft, line one\nline two' });
    const chat = ChatPage.mount(page);
    assert.equal(chat.input.value, 'an unsent draft, line one\nline two');
    assert.deepEqual(page.host.posted, []);
  });

  it('starts with an empty box when the saved state is not a chat draft, and leaves that state alone', () => {
    for (const state of [{ view: 'reply', draft: 'x' }, { view: 'chat', draft: 42 }, 'draft', [{ view: 'chat', draft: 'x' }]]) {
      page.restoreState(state);
      const chat = ChatPage.mount(page);
      assert.equal(chat.input.value, '', JSON.stringify(state));
      assert.equal(page.host.setStateCalls, 0, JSON.stringify(state));
      chat.root.remove();
    }
  });

  it('puts text from the host in the box, focused with the caret at the end (setDraft), and focuses on focusInput', () => {
    const chat = ChatPage.mount(page, chatState());
    chat.receive({ type: 'setDraft', text: 'Explain this' });
    assert.equal(chat.input.value, 'Explain this');
    assert.equal(document.activeElement, chat.input);
    assert.equal(chat.input.selectionStart, 'Explain this'.length);
    assert.deepEqual(page.host.state, { view: 'chat', draft: 'Explain this' });

    chat.send.focus();
    chat.receive({ type: 'focusInput' });
    assert.equal(document.activeElement, chat.input);
  });
});

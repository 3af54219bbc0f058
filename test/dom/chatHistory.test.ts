import * as assert from 'node:assert/strict';
import { chatState, historyItem } from './helpers/chatFixtures';
import { click, press } from './helpers/gestures';
import { usePage } from './helpers/page';
import { all, one, textOf } from './helpers/query';
import { ChatPage } from './helpers/views';

const HISTORY = [historyItem('c1', 'Refactoring math.ts'), historyItem('c2', '   '), historyItem('c3', 'Tests for the parser')];

function item(chat: ChatPage, id: string): HTMLLIElement {
  return one<HTMLLIElement>(chat.history, `li.history-item[data-id="${id}"]`);
}

describe('Chat history panel', () => {
  const page = usePage();

  it('lists the conversations, marks the active one, and names an untitled one', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    chat.receive({ type: 'history', history: HISTORY, activeId: 'c3' });
    assert.deepEqual(
      all(chat.history, 'button.history-open').map((button) => [textOf(button), button.getAttribute('aria-current')]),
      [
        ['Refactoring math.ts', null],
        ['Untitled conversation', null],
        ['Tests for the parser', 'true'],
      ],
    );
    assert.equal(one(chat.history, '.chat-history-empty').hidden, true);

    chat.receive(chatState({ id: 'c2', history: HISTORY }));
    assert.deepEqual(
      all(chat.history, '[aria-current]').map((button) => button.closest('li')?.dataset['id']),
      ['c2'],
      'the conversation state marks the conversation it shows',
    );
  });

  it('says so when there are no conversations', () => {
    const chat = ChatPage.mount(page, chatState({ history: [] }));
    const empty = one(chat.history, '.chat-history-empty');
    assert.equal(empty.hidden, false);
    assert.equal(textOf(empty), 'No conversations yet.');
    assert.equal(all(chat.history, 'li').length, 0);
  });

  it('switches conversation on a click: posts switchConversation, closes the list and returns to the message box', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    click(one(item(chat, 'c3'), 'button.history-open'));
    assert.deepEqual(page.host.posted, [{ type: 'switchConversation', id: 'c3' }]);
    assert.equal(chat.history.hidden, true);
    assert.equal(chat.historyToggle.getAttribute('aria-expanded'), 'false');
    assert.equal(document.activeElement, chat.input);
  });

  it('asks the host to rename or delete the conversation of the row, each button naming its conversation', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    const row = item(chat, 'c1');
    const rename = one<HTMLButtonElement>(row, 'button.history-rename');
    const remove = one<HTMLButtonElement>(row, 'button.history-delete');
    click(rename);
    click(remove);
    assert.deepEqual(page.host.posted, [
      { type: 'renameConversation', id: 'c1' },
      { type: 'deleteConversation', id: 'c1' },
    ]);
    const title = one(row, 'button.history-open');
    assert.equal(rename.getAttribute('aria-label'), 'Rename conversation');
    assert.equal(remove.getAttribute('aria-label'), 'Delete conversation');
    assert.equal(rename.getAttribute('aria-describedby'), title.id);
    assert.equal(remove.getAttribute('aria-describedby'), title.id);
    assert.equal(chat.history.hidden, false, 'the list stays open for the host’s prompt');
  });

  it('closes on Escape inside the list and gives focus back to its toggle', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    const open = one<HTMLButtonElement>(item(chat, 'c1'), 'button.history-open');
    open.focus();
    const escape = press(open, 'Escape');
    assert.ok(escape.defaultPrevented);
    assert.equal(chat.history.hidden, true);
    assert.equal(document.activeElement, chat.historyToggle);
  });

  it('redraws the list when the host sends a new one (after a rename or delete)', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    chat.receive({ type: 'history', history: [historyItem('c1', 'Renamed'), historyItem('c3', 'Tests for the parser')], activeId: 'c1' });
    assert.deepEqual(
      all(chat.history, 'li.history-item').map((row) => row.dataset['id']),
      ['c1', 'c3'],
    );
    assert.equal(textOf(one(item(chat, 'c1'), 'button.history-open')), 'Renamed');
  });
});

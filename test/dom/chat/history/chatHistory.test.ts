import * as assert from 'node:assert/strict';
import { chatState, historyItem } from '../../helpers/chatFixtures';
import { click, press } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';
import { SEARCH_DELAY_MS } from '../../../../src/chat/browser/history/searchBox';

const HISTORY = [historyItem('c1', 'Refactoring math.ts'), historyItem('c2', '   '), historyItem('c3', 'Tests for the parser')];

function item(chat: ChatPage, id: string): HTMLLIElement {
  return one<HTMLLIElement>(chat.history, `li.history-item[data-id="${id}"]`);
}

describe('Chat history panel', () => {
  const page = usePage();

  it('lists the conversations, marks the active one, and names an untitled one', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    chat.receive({ type: 'history', complete: true, history: HISTORY, activeId: 'c3' });
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

  it('opens with the newest conversations and asks for all of them once, when the panel first opens', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY, historyComplete: false }));
    assert.deepEqual(page.host.postsOf('listHistory'), [], 'a chat that never opens its history never asks for it');
    click(chat.historyToggle);
    click(chat.historyToggle);
    click(chat.historyToggle);
    assert.deepEqual(page.host.postsOf('listHistory'), [{ type: 'listHistory' }], 'asked once while the answer is on its way');
    const every = [...HISTORY, historyItem('c4', 'An older one')];
    chat.receive({ type: 'history', complete: true, history: every, activeId: 'c1' });
    assert.equal(all(chat.history, 'button.history-open').length, every.length);
    chat.receive(chatState({ history: HISTORY, historyComplete: true }));
    click(chat.historyToggle);
    click(chat.historyToggle);
    assert.equal(page.host.postsOf('listHistory').length, 1, 'a complete list is never asked for again');
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
    click(chat.historyToggle);
    chat.receive({
      type: 'history',
      complete: true,
      history: [historyItem('c1', 'Renamed'), historyItem('c3', 'Tests for the parser')],
      activeId: 'c1',
    });
    assert.deepEqual(
      all(chat.history, 'li.history-item').map((row) => row.dataset['id']),
      ['c1', 'c3'],
    );
    assert.equal(textOf(one(item(chat, 'c1'), 'button.history-open')), 'Renamed');
  });

  it('a turn updates one entry, moving it to the top, and builds no list while the panel is closed', () => {
    const dated = (id: string, title: string, updatedAt: string, messageCount = 2) => ({
      ...historyItem(id, title, messageCount),
      updatedAt,
    });
    const history = [dated('c1', 'Newest', '2026-11-21T12:00:00.000Z'), dated('c2', 'Older', '2026-11-21T11:00:00.000Z')];
    const chat = ChatPage.mount(page, chatState({ id: 'c2', history }));
    chat.receive({ type: 'historyItem', item: dated('c2', 'Older', '2026-11-21T13:00:00.000Z', 4), activeId: 'c2' });
    assert.equal(all(chat.history, 'li.history-item').length, 0, 'nothing is built while the panel is closed');
    chat.receive({ type: 'historyItem', item: dated('c9', 'Started in another window', '2026-11-21T12:30:00.000Z'), activeId: 'c2' });
    chat.receive({ type: 'historyItem', item: dated('c8', 'Empty elsewhere', '2026-11-21T14:00:00.000Z', 0), activeId: 'c2' });
    click(chat.historyToggle);
    assert.deepEqual(
      all(chat.history, 'li.history-item').map((row) => [row.dataset['id'], textOf(one(row, 'button.history-open'))]),
      [
        ['c2', 'Older'],
        ['c9', 'Started in another window'],
        ['c1', 'Newest'],
      ],
      'newest first; an empty conversation that is not active is not listed',
    );
  });
});

describe('Chat history search', () => {
  const page = usePage();

  function search(chat: ChatPage, query: string): HTMLInputElement {
    const box = one<HTMLInputElement>(chat.history, 'input.history-search');
    box.value = query;
    box.dispatchEvent(new InputEvent('input', { bubbles: true, data: query }));
    return box;
  }

  it('asks the host once typing pauses, and only for the latest query', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    const box = search(chat, 'par');
    assert.equal(box.getAttribute('aria-label'), 'Search conversations');
    page.clock.tick(SEARCH_DELAY_MS - 1);
    search(chat, 'parser');
    page.clock.tick(SEARCH_DELAY_MS);
    assert.deepEqual(page.host.posted, [{ type: 'searchHistory', requestId: 1, query: 'parser' }]);
    assert.equal(textOf(one(chat.history, '.history-search-status')), 'Searching…');
    assert.equal(one(chat.history, 'ul.history-list').hidden, true, 'the plain list gives way to the results');
  });

  it('adds each batch of results as it comes, ignores an older request’s, and opens a result’s conversation', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    search(chat, 'add');
    page.clock.tick(SEARCH_DELAY_MS);
    search(chat, 'adds');
    page.clock.tick(SEARCH_DELAY_MS);
    const result = (id: string, title: string, snippet: string) => ({ id, title, updatedAt: '2026-11-21T10:00:00.000Z', snippet });
    chat.receive({ type: 'searchResults', requestId: 1, results: [result('old', 'Stale', '')], done: true });
    chat.receive({ type: 'searchResults', requestId: 2, results: [result('c1', 'Refactoring math.ts', '')], done: false });
    chat.receive({ type: 'searchResults', requestId: 2, results: [result('c3', 'Tests', '…it adds two numbers…')], done: false });
    chat.receive({ type: 'searchResults', requestId: 2, results: [], done: true });
    const rows = all<HTMLLIElement>(chat.history, 'ul.history-results li.search-result');
    assert.deepEqual(
      rows.map((row) => [row.dataset['id'], textOf(one(row, 'button.history-open'))]),
      [
        ['c1', 'Refactoring math.ts'],
        ['c3', 'Tests…it adds two numbers…'],
      ],
    );
    assert.equal(textOf(one(chat.history, '.history-search-status')), '2 found');
    click(one(rows[1] ?? chat.history, 'button.history-open'));
    assert.deepEqual(page.host.posted.at(-1), { type: 'switchConversation', id: 'c3' });
  });

  it('says when nothing matches, and an emptied box shows the conversations again', () => {
    const chat = ChatPage.mount(page, chatState({ history: HISTORY }));
    click(chat.historyToggle);
    search(chat, 'nowhere');
    page.clock.tick(SEARCH_DELAY_MS);
    chat.receive({ type: 'searchResults', requestId: 1, results: [], done: true });
    assert.equal(textOf(one(chat.history, '.history-search-status')), 'No conversation matches');
    search(chat, '');
    page.clock.tick(SEARCH_DELAY_MS);
    assert.equal(one(chat.history, 'ul.history-list').hidden, false);
    assert.equal(one(chat.history, 'ul.history-results').hidden, true);
    assert.equal(all(chat.history, 'ul.history-list li.history-item').length, 3);
  });
});

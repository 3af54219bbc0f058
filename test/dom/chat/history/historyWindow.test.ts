import * as assert from 'node:assert/strict';
import type { HistoryItemView } from '../../../../src/chat/common/chatProtocol';
import { ROW_HEIGHT } from '../../../../src/chat/browser/history/historySheet';
import { MARGIN_ROWS } from '../../../../src/chat/browser/history/rowWindow';
import { chatState } from '../../helpers/chatFixtures';
import { click, press } from '../../helpers/gestures';
import { type Page, usePage } from '../../helpers/page';
import { one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';
import { HistoryLayout, longHistory } from './historyLayout';

const COUNT = 2_500;
/** Ten rows tall. */
const VIEWPORT = 10 * ROW_HEIGHT;
/** The most rows the list may hold: those in view (one may be cut at each edge) and the margins. */
const MOST_ROWS = VIEWPORT / ROW_HEIGHT + 1 + 2 * MARGIN_ROWS;

function openLongHistory(page: Page, history: readonly HistoryItemView[] = longHistory(COUNT), activeId = 'c0') {
  const chat = ChatPage.mount(page, chatState({ id: activeId, history }));
  const layout = new HistoryLayout(page, chat, VIEWPORT);
  click(chat.historyToggle);
  return { chat, layout };
}

function openButton(row: HTMLLIElement): HTMLButtonElement {
  return one<HTMLButtonElement>(row, 'button.history-open');
}

describe('Chat history panel with thousands of conversations', () => {
  const page = usePage();

  it('renders only the rows near the viewport, with spacers standing for the rest of the whole history', () => {
    const { layout } = openLongHistory(page);
    const ids = layout.ids();
    assert.equal(ids[0], 'c0', 'the newest first');
    assert.ok(ids.length > VIEWPORT / ROW_HEIGHT, 'the viewport is filled');
    assert.ok(ids.length <= MOST_ROWS, `${ids.length} rows in the DOM`);
    assert.equal(layout.contentHeight(), COUNT * ROW_HEIGHT, 'the scroll area is as tall as every row');
  });

  it('reaches every conversation by scrolling, the oldest last, and keeps the DOM bounded throughout', () => {
    const { layout } = openLongHistory(page);
    const seen = new Set(layout.ids());
    for (let top = VIEWPORT; top < COUNT * ROW_HEIGHT; top += VIEWPORT) {
      layout.scrollTo(top);
      assert.ok(layout.rows().length <= MOST_ROWS, `${layout.rows().length} rows at ${top}px`);
      layout.ids().forEach((id) => seen.add(id));
    }
    assert.equal(seen.size, COUNT);
    layout.scrollToEnd();
    assert.equal(layout.ids().at(-1), `c${COUNT - 1}`);
    assert.ok(layout.inView(`c${COUNT - 1}`), 'the oldest conversation is on screen at the end');
    assert.equal(textOf(openButton(layout.row(`c${COUNT - 1}`))), `Conversation ${COUNT - 1}`);
    assert.equal(layout.spacers().after, 0);
  });

  it('tells screen readers the whole list’s length and each row’s place in it', () => {
    const { layout } = openLongHistory(page);
    layout.scrollTo(1_000 * ROW_HEIGHT);
    for (const row of layout.rows()) {
      assert.equal(row.getAttribute('aria-setsize'), String(COUNT));
      assert.equal(row.getAttribute('aria-posinset'), String(Number(row.dataset['id']?.slice(1)) + 1));
    }
    assert.equal(one(layout.scroller, '.history-spacer-before').getAttribute('aria-hidden'), 'true');
  });

  it('moves between rows with the arrow keys past the rendered window, scrolling each into view', () => {
    const { layout } = openLongHistory(page);
    openButton(layout.row('c0')).focus();
    const steps = MOST_ROWS + 5;
    for (let step = 0; step < steps; step++) {
      const pressed = press(document.activeElement ?? layout.scroller, 'ArrowDown');
      assert.ok(pressed.defaultPrevented);
    }
    const target = layout.row(`c${steps}`);
    assert.equal(document.activeElement, openButton(target));
    assert.ok(layout.inView(`c${steps}`), 'the focused row is on screen');
    assert.ok(!layout.ids().includes('c0'), 'the first rows left the DOM');
    assert.ok(layout.rows().length <= MOST_ROWS);
    press(openButton(target), 'ArrowUp');
    assert.equal(document.activeElement, openButton(layout.row(`c${steps - 1}`)));
  });

  it('jumps to the oldest with End and back to the newest with Home, a page at a time with Page Down, keeping to the same button', () => {
    const { layout } = openLongHistory(page);
    const rename = (id: string) => one<HTMLButtonElement>(layout.row(id), 'button.history-rename');
    rename('c5').focus();
    press(rename('c5'), 'End');
    assert.equal(document.activeElement, rename(`c${COUNT - 1}`));
    assert.ok(layout.inView(`c${COUNT - 1}`));
    press(rename(`c${COUNT - 1}`), 'ArrowDown');
    assert.equal(document.activeElement, rename(`c${COUNT - 1}`), 'no wrapping past the oldest');
    press(rename(`c${COUNT - 1}`), 'Home');
    assert.equal(document.activeElement, rename('c0'));
    assert.equal(layout.scroller.scrollTop, 0);
    press(rename('c0'), 'PageDown');
    const page1 = VIEWPORT / ROW_HEIGHT - 1;
    assert.equal(document.activeElement, rename(`c${page1}`));
    assert.ok(layout.inView(`c${page1}`));
  });

  it('keeps focus in the list when the focused row scrolls out, and gives it back when the row returns', () => {
    const { layout } = openLongHistory(page);
    const remove = one<HTMLButtonElement>(layout.row('c3'), 'button.history-delete');
    remove.focus();
    layout.scrollTo(500 * ROW_HEIGHT);
    assert.ok(!remove.isConnected, 'the row left the DOM');
    const list = one(layout.scroller, 'ul.history-list');
    assert.equal(document.activeElement, list, 'focus did not fall to the page');
    layout.scrollTo(0);
    assert.equal(document.activeElement, one(layout.row('c3'), 'button.history-delete'), 'back on the same button');
  });

  it('goes on from the row it was on when a key is pressed while that row is scrolled out', () => {
    const { layout } = openLongHistory(page);
    openButton(layout.row('c3')).focus();
    layout.scrollTo(800 * ROW_HEIGHT);
    const list = one(layout.scroller, 'ul.history-list');
    assert.ok(press(list, 'ArrowDown').defaultPrevented);
    assert.equal(document.activeElement, openButton(layout.row('c4')));
    assert.ok(layout.inView('c4'), 'scrolled back to it');
  });

  it('asks the host to delete with Delete and to rename with F2, for the row that has focus', () => {
    const { layout } = openLongHistory(page);
    openButton(layout.row('c0')).focus();
    press(openButton(layout.row('c0')), 'End');
    const last = openButton(layout.row(`c${COUNT - 1}`));
    assert.ok(press(last, 'Delete').defaultPrevented);
    assert.ok(press(last, 'F2').defaultPrevented);
    assert.deepEqual(page.host.posted, [
      { type: 'deleteConversation', id: `c${COUNT - 1}` },
      { type: 'renameConversation', id: `c${COUNT - 1}` },
    ]);
  });

  it('lets Tab stop at one row: the active conversation’s, then the one the keyboard was on', () => {
    const { layout } = openLongHistory(page, longHistory(COUNT), 'c2');
    const tabbable = () => layout.rows().filter((row) => openButton(row).tabIndex === 0);
    assert.deepEqual(
      tabbable().map((row) => row.dataset['id']),
      ['c2'],
    );
    assert.equal(openButton(layout.row('c2')).getAttribute('aria-current'), 'true');
    openButton(layout.row('c5')).focus();
    assert.deepEqual(
      tabbable().map((row) => row.dataset['id']),
      ['c5'],
    );
    layout.scrollTo(1_200 * ROW_HEIGHT);
    assert.equal(tabbable().length, 1, 'a rendered row stands in while that one is scrolled out');
  });

  it('a turn moves its conversation from far down to the top, unread, without re-rendering the rows it did not touch', () => {
    const history = longHistory(COUNT);
    const { chat, layout } = openLongHistory(page, history);
    const kept = layout.row('c1');
    const moved = history[COUNT - 1];
    assert.ok(moved);
    chat.receive({ type: 'historyItem', item: { ...moved, updatedAt: '2026-11-22T00:00:00.000Z', unread: true }, activeId: 'c0' });
    const ids = layout.ids();
    assert.deepEqual(ids.slice(0, 3), [`c${COUNT - 1}`, 'c0', 'c1']);
    const top = layout.row(`c${COUNT - 1}`);
    assert.ok(top.classList.contains('unread'));
    assert.equal(textOf(openButton(top)), `Conversation ${COUNT - 1}, new reply`);
    assert.equal(top.getAttribute('aria-posinset'), '1');
    assert.equal(top.getAttribute('aria-setsize'), String(COUNT));
    assert.equal(layout.row('c1'), kept, 'the same element, one place down');
    assert.equal(kept.getAttribute('aria-posinset'), '3');
    assert.equal(openButton(layout.row('c0')).getAttribute('aria-current'), 'true');
    layout.scrollToEnd();
    assert.equal(layout.ids().at(-1), `c${COUNT - 2}`, 'gone from the end');
  });

  it('keeps focus on a row its own update moves to the top', () => {
    const history = longHistory(COUNT);
    const { chat, layout } = openLongHistory(page, history);
    const button = openButton(layout.row('c7'));
    button.focus();
    const item = history[7];
    assert.ok(item);
    chat.receive({ type: 'historyItem', item: { ...item, title: 'Renamed', updatedAt: '2026-11-22T00:00:00.000Z' }, activeId: 'c0' });
    assert.equal(layout.ids()[0], 'c7');
    assert.equal(document.activeElement, button);
    assert.equal(textOf(button), 'Renamed');
    press(button, 'ArrowDown');
    assert.equal(document.activeElement, openButton(layout.row('c0')));
  });

  it('receiving the whole history again while scrolled keeps the place and redraws only the window', () => {
    const history = longHistory(COUNT);
    const { chat, layout } = openLongHistory(page, history);
    layout.scrollTo(1_500 * ROW_HEIGHT);
    const before = layout.ids();
    chat.receive({ type: 'history', complete: true, history: history.map((item) => ({ ...item })), activeId: 'c0' });
    assert.deepEqual(layout.ids(), before);
    assert.ok(layout.ids().includes('c1500'));
  });
});

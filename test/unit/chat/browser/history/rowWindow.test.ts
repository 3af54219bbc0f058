import * as assert from 'node:assert/strict';
import { movedRow, rowKeyMessage } from '../../../../../src/chat/browser/history/historyKeys';
import { MARGIN_ROWS, MAX_VISIBLE_ROWS, pageRows, revealRow, rowWindow } from '../../../../../src/chat/browser/history/rowWindow';

const ROW = 20;

describe('history row window', () => {
  it('covers the rows in view plus a margin on each side, by arithmetic alone', () => {
    assert.deepEqual(rowWindow(5_000, { top: 0, height: 200 }, ROW), { start: 0, end: 11 + MARGIN_ROWS });
    assert.deepEqual(rowWindow(5_000, { top: 1_000 * ROW + 5, height: 200 }, ROW), {
      start: 1_000 - MARGIN_ROWS,
      end: 1_011 + MARGIN_ROWS,
    });
    assert.deepEqual(rowWindow(5_000, { top: 4_990 * ROW, height: 200 }, ROW), { start: 4_990 - MARGIN_ROWS, end: 5_000 });
  });

  it('stays bounded whatever the viewport claims, and is empty for an empty history', () => {
    const huge = rowWindow(5_000, { top: 0, height: 1_000_000 }, ROW);
    assert.equal(huge.end - huge.start, MAX_VISIBLE_ROWS + MARGIN_ROWS);
    assert.deepEqual(rowWindow(0, { top: 0, height: 200 }, ROW), { start: 0, end: 0 });
    assert.deepEqual(rowWindow(3, { top: 10_000, height: 0 }, ROW), { start: 0, end: 3 }, 'an offset past the end keeps the last rows');
  });

  it('scrolls a row into view with the least move', () => {
    const view = { top: 1_000, height: 200 };
    assert.equal(revealRow(55, view, ROW), 1_000, 'already in view');
    assert.equal(revealRow(10, view, ROW), 200, 'above: its top at the top');
    assert.equal(revealRow(70, view, ROW), 1_220, 'below: its bottom at the bottom');
    assert.equal(pageRows(view, ROW), 9);
  });

  it('moves with the arrows, a page, or to either end, never wrapping', () => {
    assert.equal(movedRow('ArrowDown', 3, 10, 4), 4);
    assert.equal(movedRow('ArrowDown', 9, 10, 4), 9);
    assert.equal(movedRow('ArrowUp', 0, 10, 4), 0);
    assert.equal(movedRow('PageDown', 8, 10, 4), 9);
    assert.equal(movedRow('PageUp', 5, 10, 4), 1);
    assert.equal(movedRow('Home', 5, 10, 4), 0);
    assert.equal(movedRow('End', 5, 10, 4), 9);
    assert.equal(movedRow('a', 5, 10, 4), undefined);
    assert.deepEqual(rowKeyMessage('F2', 'c1'), { type: 'renameConversation', id: 'c1' });
    assert.deepEqual(rowKeyMessage('Delete', 'c1'), { type: 'deleteConversation', id: 'c1' });
    assert.equal(rowKeyMessage('Enter', 'c1'), undefined);
  });
});

import * as assert from 'node:assert/strict';
import { applyChanges } from '../../../../src/base/common/offsetTracking';

describe('offset tracking of a sent range', () => {
  const span = { start: 10, end: 20, intact: true };
  const change = (rangeOffset: number, rangeLength: number, textLength: number) => ({ rangeOffset, rangeLength, textLength });

  it('shifts with edits before it, including an insertion right at its start', () => {
    assert.deepEqual(applyChanges(span, [change(0, 0, 5)]), { start: 15, end: 25, intact: true });
    assert.deepEqual(applyChanges(span, [change(10, 0, 3)]), { start: 13, end: 23, intact: true });
    assert.deepEqual(applyChanges(span, [change(2, 6, 1)]), { start: 5, end: 15, intact: true });
  });

  it('ignores edits after it, including an insertion right at its end', () => {
    assert.deepEqual(applyChanges(span, [change(20, 0, 4), change(30, 5, 0)]), span);
  });

  it('is no longer intact when an edit touches its text, and stretches over the edited text', () => {
    assert.deepEqual(applyChanges(span, [change(15, 1, 1)]), { start: 10, end: 20, intact: false });
    assert.deepEqual(applyChanges(span, [change(12, 0, 4)]), { start: 10, end: 24, intact: false });
    assert.deepEqual(applyChanges(span, [change(5, 10, 0)]), { start: 5, end: 10, intact: false });
    assert.deepEqual(applyChanges(span, [change(15, 10, 2)]), { start: 10, end: 17, intact: false });
    assert.deepEqual(applyChanges(span, [change(0, 30, 3)]), { start: 0, end: 3, intact: false });
  });

  it('comes back to its original extent when an insertion inside it is undone', () => {
    const inserted = applyChanges(span, [change(12, 0, 4)]);
    assert.deepEqual(applyChanges(inserted, [change(12, 4, 0)]), { start: 10, end: 20, intact: false });
  });

  it('adds up several changes of one batch (described against the text before it)', () => {
    assert.deepEqual(applyChanges(span, [change(25, 0, 2), change(0, 0, 1), change(5, 2, 0)]), { start: 9, end: 19, intact: true });
  });

  it('follows a cursor (an empty span): typing at it pushes it along', () => {
    assert.deepEqual(applyChanges({ start: 7, end: 7, intact: true }, [change(7, 0, 2)]), { start: 9, end: 9, intact: true });
  });
});

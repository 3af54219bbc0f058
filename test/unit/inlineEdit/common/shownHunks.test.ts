import * as assert from 'node:assert/strict';
import {
  moveHunks,
  placeHunks,
  settlingEdit,
  showHunks,
  shownEnd,
  withoutInserted,
  type ShownHunk,
} from '../../../../src/inlineEdit/common/proposalHunks';
import { SettleHistory } from '../../../../src/inlineEdit/common/settleHistory';

/** The document with every hunk's new lines inserted below its old ones, as the proposal shows it. */
function shownDocument(text: string, proposed: string, eol = '\n'): { shown: string; hunks: ShownHunk[] } {
  const hunks = showHunks(placeHunks(text, proposed, 0), eol, text.length);
  let shown = text;
  for (const hunk of [...hunks].reverse()) {
    const at = hunk.end - hunks.filter((other) => other.start < hunk.start).reduce((sum, other) => sum + other.shown.length, 0);
    shown = shown.slice(0, at) + hunk.shown + shown.slice(at);
  }
  return { shown, hunks };
}

/** What accepting (old lines out, the span exactly the new text) or rejecting (inserted lines out) every hunk leaves. */
function settleAll(shown: string, hunks: readonly ShownHunk[], action: 'accept' | 'reject'): string {
  let text = shown;
  for (const hunk of [...hunks].reverse()) {
    const edit = settlingEdit(hunk, action);
    text = text.slice(0, edit.start) + edit.text + text.slice(edit.end);
  }
  return text;
}

describe('inline edit: new lines shown as real lines below the old ones', () => {
  const cases: ReadonlyArray<readonly [string, string, string]> = [
    ['a changed line and an added one', 'a\nb\nc\nd\n', 'a\nB\nc\nd\nE\n'],
    ['an insertion at the top and a deletion', 'a\nb\nc\n', 'x\na\nc\n'],
    ['a last line without a line break', 'a\nb', 'a\nB\nC'],
    ['a new last line without a line break', 'a\nb\n', 'a\nB'],
    ['CRLF line breaks', 'a\r\nb\r\nc\r\n', 'a\r\nB\r\nB2\r\nc\r\n'],
  ];

  for (const [what, text, proposed] of cases) {
    it(`${what}: shows whole lines, accepting gives the proposal and rejecting the text as it was`, () => {
      const { shown, hunks } = shownDocument(text, proposed, text.includes('\r\n') ? '\r\n' : '\n');
      for (const hunk of hunks) {
        assert.equal(shown.slice(hunk.start, shownEnd(hunk)), hunk.oldText + hunk.shown);
      }
      assert.equal(settleAll(shown, hunks, 'accept'), proposed);
      assert.equal(settleAll(shown, hunks, 'reject'), text);
      assert.equal(withoutInserted(shown, hunks), text, 'the text without the pending lines');
    });
  }

  it('puts the new lines right below the old ones, each on a line of its own', () => {
    assert.equal(shownDocument('a\nb\nc\n', 'a\nB1\nB2\nc\n').shown, 'a\nb\nB1\nB2\nc\n');
    assert.equal(shownDocument('a\nb', 'a\nB').shown, 'a\nb\nB');
    assert.equal(shownDocument('a\nb\n', 'x\na\nb\n').shown, 'x\na\nb\n');
  });

  it('takes out only the pending lines: a settled hunk leaves its text as it settled', () => {
    const { shown, hunks } = shownDocument('a\nb\nc\nd\n', 'A\nb\nc\nD\n');
    const [first, second] = hunks;
    assert.ok(first && second);
    const accepted = settlingEdit(first, 'accept');
    const afterFirst = shown.slice(0, accepted.start) + accepted.text + shown.slice(accepted.end);
    const moved = moveHunks(
      [second],
      [{ rangeOffset: accepted.start, rangeLength: accepted.end - accepted.start, textLength: accepted.text.length }],
      shownEnd,
    );
    assert.ok(moved);
    assert.equal(withoutInserted(afterFirst, moved), 'A\nb\nc\nd\n');
  });

  it('moves the later hunks by what the earlier ones insert', () => {
    const { hunks } = shownDocument('a\nb\nc\nd\n', 'A\nb\nc\nD\n');
    assert.deepEqual(
      hunks.map((hunk) => [hunk.start, hunk.end, shownEnd(hunk)]),
      [
        [0, 2, 4],
        [8, 10, 12],
      ],
    );
  });

  it('counts an edit of the inserted lines, or right below them, as touching the hunk', () => {
    const { hunks } = shownDocument('a\nb\nc\nd\n', 'A\nb\nc\nD\n');
    const change = (rangeOffset: number, rangeLength: number, textLength: number) => ({ rangeOffset, rangeLength, textLength });
    assert.equal(moveHunks(hunks, [change(3, 0, 1)], shownEnd), undefined, 'typing in a new line');
    assert.equal(moveHunks(hunks, [change(4, 0, 1)], shownEnd), undefined, 'typing right below the new lines');
    assert.deepEqual(
      moveHunks(hunks, [change(5, 0, 2)], shownEnd)?.map((hunk) => hunk.start),
      [0, 10],
      'typing on the unchanged line between moves only the hunk below',
    );
  });
});

describe('inline edit: undoing an accept or reject that is an undo step of its own', () => {
  it('brings back the hunks pending before it on Undo, and those after it on Redo', () => {
    const history = new SettleHistory<string>();
    history.record({ before: 'shown', after: 'accepted one', pendingBefore: ['a', 'b'], pendingAfter: ['b'] }, false);
    history.record({ before: 'accepted one', after: 'accepted both', pendingBefore: ['b'], pendingAfter: [] }, true);
    assert.equal(
      history.follow('undo', () => 'something else'),
      undefined,
      'an Undo of another step',
    );
    assert.deepEqual(
      history.follow('undo', () => 'shown'),
      ['a', 'b'],
      'the joined edits are one step',
    );
    assert.equal(history.canUndo, false);
    assert.deepEqual(
      history.follow('redo', () => 'accepted both'),
      [],
    );
    assert.equal(
      history.follow(undefined, () => 'shown'),
      undefined,
      'not an Undo',
    );
  });

  it('an edit made to join that VS Code kept apart (the user moved the cursor) is undone on its own', () => {
    const history = new SettleHistory<string>();
    history.record({ before: 'shown', after: 'accepted one', pendingBefore: ['a', 'b'], pendingAfter: ['b'] }, true);
    history.record({ before: 'accepted one', after: 'rejected two', pendingBefore: ['b'], pendingAfter: [] }, true);
    assert.deepEqual(
      history.follow('undo', () => 'accepted one'),
      ['b'],
      'the reject alone was undone: its hunk is pending again',
    );
    assert.deepEqual(
      history.follow('undo', () => 'shown'),
      ['a', 'b'],
      'then the accept',
    );
    assert.equal(history.canUndo, false);
    assert.deepEqual(
      history.follow('redo', () => 'accepted one'),
      ['b'],
    );
    assert.deepEqual(
      history.follow('redo', () => 'rejected two'),
      [],
    );
  });

  it('an Undo back to before the first edit matches no step: it took the insertion, and the proposal, out', () => {
    const history = new SettleHistory<string>();
    history.record({ before: 'shown', after: 'accepted', pendingBefore: ['a'], pendingAfter: [] }, true);
    assert.equal(
      history.follow('undo', () => 'original'),
      undefined,
    );
  });

  it('does not match an Undo past a step made apart', () => {
    const history = new SettleHistory<string>();
    history.record({ before: 'shown', after: 'one', pendingBefore: ['a', 'b'], pendingAfter: ['b'] }, false);
    history.record({ before: 'typed', after: 'two', pendingBefore: ['b'], pendingAfter: [] }, false);
    assert.equal(
      history.follow('undo', () => 'shown'),
      undefined,
      'an Undo of one step cannot give the text before the one below it',
    );
  });
});

import * as assert from 'node:assert/strict';
import { completeMention, mentionAt } from '../../../../src/mentions/common/mentionQuery';

describe('mentionAt / completeMention: the @mention being typed', () => {
  it('reads an @word that starts the box or follows white space, up to the caret', () => {
    assert.deepEqual(mentionAt('@', 1), { start: 0, end: 1, query: '' });
    assert.deepEqual(mentionAt('why does @src/ap fail', 16), { start: 9, end: 16, query: 'src/ap' });
    assert.deepEqual(mentionAt('look:\n@prob', 11), { start: 6, end: 11, query: 'prob' });
  });

  it('is not a mention inside a word, after the word ended, or with the caret elsewhere', () => {
    assert.equal(mentionAt('mail me@example.com', 19), undefined);
    assert.equal(mentionAt('npm i pkg@1', 11), undefined);
    assert.equal(mentionAt('@src/app.ts and', 15), undefined);
    assert.equal(mentionAt('@src and more', 0), undefined);
    assert.equal(mentionAt('no at sign', 10), undefined);
  });

  it('reads a quoted lookup with its spaces, and only a lookup', () => {
    const typed = 'find @search:"two wor';
    assert.deepEqual(mentionAt(typed, typed.length), { start: 5, end: typed.length, query: 'search:"two wor' });
    assert.equal(mentionAt('@"two words', 11), undefined);
  });

  it('leaves the caret inside a mention that only started', () => {
    const typed = mentionAt('see @sym', 8);
    assert.ok(typed);
    assert.deepEqual(completeMention('see @sym', typed, 'symbol:', true), { text: 'see @symbol:', caret: 12 });
  });

  it('does not take the tail of a long word for a mention', () => {
    const word = `x${'y'.repeat(300)}@abc`;
    assert.equal(mentionAt(word, word.length), undefined);
  });

  it('puts @name and one space in place of the typed mention, keeping the rest', () => {
    const typed = mentionAt('fix @ap now', 7);
    assert.ok(typed);
    assert.deepEqual(completeMention('fix @ap now', typed, 'src/app.ts'), { text: 'fix @src/app.ts now', caret: 16 });
    const atEnd = mentionAt('see @pro', 8);
    assert.ok(atEnd);
    assert.deepEqual(completeMention('see @pro', atEnd, 'problems'), { text: 'see @problems ', caret: 14 });
  });
});

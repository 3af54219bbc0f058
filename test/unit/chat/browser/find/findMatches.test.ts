import * as assert from 'node:assert/strict';
import {
  countOccurrences,
  findMatches,
  firstMatchFrom,
  locateMatch,
  stepMatch,
  totalMatches,
} from '../../../../../src/chat/browser/find/findMatches';

const messages = [
  { index: 0, content: 'Deploy the Cluster' },
  { index: 1, content: 'cluster, CLUSTER and cluster' },
  { index: 2, content: 'nothing here' },
  { index: 3, content: 'one more cluster' },
];

describe('find in the conversation', () => {
  it('counts plain-text occurrences per message, ignoring case', () => {
    assert.deepEqual(findMatches(messages, 'CLUSTER'), [
      { index: 0, count: 1 },
      { index: 1, count: 3 },
      { index: 3, count: 1 },
    ]);
    assert.equal(totalMatches(findMatches(messages, 'cluster')), 5);
  });

  it('treats the query as text, not a pattern, and finds nothing for an empty one', () => {
    assert.deepEqual(findMatches([{ index: 0, content: 'a.b a*b (x)' }], '.'), [{ index: 0, count: 1 }]);
    assert.deepEqual(findMatches([{ index: 0, content: 'a.b a*b (x)' }], '(x)'), [{ index: 0, count: 1 }]);
    assert.deepEqual(findMatches(messages, ''), []);
    assert.equal(countOccurrences('aaaa', 'aa'), 2, 'occurrences do not overlap');
  });

  it('locates the n-th occurrence and steps through them, wrapping around', () => {
    const matches = findMatches(messages, 'cluster');
    assert.deepEqual(locateMatch(matches, 0), { index: 0, occurrence: 0 });
    assert.deepEqual(locateMatch(matches, 3), { index: 1, occurrence: 2 });
    assert.deepEqual(locateMatch(matches, 4), { index: 3, occurrence: 0 });
    assert.equal(locateMatch(matches, 5), undefined);
    assert.equal(stepMatch(4, 5, 1), 0);
    assert.equal(stepMatch(0, 5, -1), 4);
    assert.equal(stepMatch(undefined, 5, -1), 4);
    assert.equal(stepMatch(undefined, 0, 1), undefined);
  });

  it('starts from the first occurrence at or after a message, else the last one', () => {
    const matches = findMatches(messages, 'cluster');
    assert.equal(firstMatchFrom(matches, 2), 4);
    assert.equal(firstMatchFrom(matches, 1), 1);
    assert.equal(firstMatchFrom(matches, 9), 4);
    assert.equal(firstMatchFrom([], 0), undefined);
  });
});

import * as assert from 'node:assert/strict';
import { MAX_HISTORY_LISTED } from '../../../../src/chat/common/chatProtocol';
import { parseChatHostMessage } from '../../../../src/chat/common/hostToChatSchema';
import { historyViews } from '../../../../src/chat/node/historyViews';
import type { IndexEntry } from '../../../../src/conversations/node/conversationIndex';

/** `count` saved conversations in no particular order; `c0` is the newest. */
function entries(count: number): IndexEntry[] {
  const from = Date.UTC(2026, 10, 21, 12);
  const all = Array.from({ length: count }, (_, position) => ({
    id: `c${position}`,
    title: `Conversation ${position}`,
    updatedAt: new Date(from - position * 60_000).toISOString(),
    messageCount: 2,
    size: 100,
  }));
  // Shuffled the same way each run, as a Map of the index and the open conversations would hand them over.
  return all
    .map((entry, position) => ({ entry, key: (position * 7_919) % count }))
    .sort((a, b) => a.key - b.key)
    .map(({ entry }) => entry);
}

describe('history views', () => {
  it('lists every conversation, newest first, however many there are', () => {
    const views = historyViews(entries(5_000), 'c0');
    assert.equal(views.length, 5_000);
    assert.deepEqual(
      views.slice(0, 3).map((view) => view.id),
      ['c0', 'c1', 'c2'],
    );
    assert.equal(views.at(-1)?.id, 'c4999');
    assert.ok(views.every((view, position) => position === 0 || (views[position - 1]?.updatedAt ?? '') >= view.updatedAt));
  });

  it('lists an empty conversation only while it is the active one, and marks the unread ones', () => {
    const [first, second] = entries(2);
    assert.ok(first && second);
    const empty = { ...first, id: 'empty', messageCount: 0, updatedAt: '2030-01-01T00:00:00.000Z' };
    assert.deepEqual(
      historyViews([second, empty], 'c1').map((view) => view.id),
      ['c1'],
    );
    assert.deepEqual(
      historyViews([second, empty], 'empty', (id) => id === 'c1'),
      [
        { id: 'empty', title: empty.title, updatedAt: empty.updatedAt, messageCount: 0 },
        { id: 'c1', title: second.title, updatedAt: second.updatedAt, messageCount: 2, unread: true },
      ],
    );
  });

  it('stops at the protocol’s limit, keeping the newest, so the chat state is never refused as a whole', () => {
    const views = historyViews(entries(MAX_HISTORY_LISTED + 3), 'c0');
    assert.equal(views.length, MAX_HISTORY_LISTED);
    assert.equal(views.at(-1)?.id, `c${MAX_HISTORY_LISTED - 1}`);
    assert.ok(parseChatHostMessage({ type: 'history', complete: true, history: views, activeId: 'c0' }), 'the webview takes it');
    assert.equal(
      parseChatHostMessage({ type: 'history', complete: true, history: [...views, { ...views[0], id: 'one-more' }], activeId: 'c0' }),
      undefined,
      'one more would be refused',
    );
  });
});

import * as assert from 'node:assert/strict';
import { historyMessage } from '../../../../src/chat/vscode/historyMessages';
import type { IndexEntry } from '../../../../src/conversations/node/conversationIndex';

function entry(id: string, updatedAt: string): IndexEntry {
  return { id, title: `Title of ${id}`, updatedAt, messageCount: 2, size: 10 };
}

/** A store of `count` conversations that counts how often the whole history is read. */
function store(count: number) {
  const all = Array.from({ length: count }, (_, position) =>
    entry(`c${position}`, new Date(Date.UTC(2026, 0, 1) - position * 1000).toISOString()),
  );
  const byId = new Map(all.map((each) => [each.id, each]));
  const reads = { whole: 0 };
  return {
    reads,
    activeId: 'c0',
    history: () => {
      reads.whole++;
      return [...all];
    },
    entry: (id: string) => byId.get(id),
  };
}

const noneUnread = { has: () => false };

describe('history messages', () => {
  it('a turn sends its conversation’s entry alone, without reading or sorting the whole history', () => {
    const source = store(5_000);
    const message = historyMessage(source, { has: (id) => id === 'c4321' }, 'c4321');
    assert.deepEqual(message, {
      type: 'historyItem',
      item: { id: 'c4321', title: 'Title of c4321', updatedAt: source.entry('c4321')?.updatedAt, messageCount: 2, unread: true },
      activeId: 'c0',
    });
    assert.equal(source.reads.whole, 0);
  });

  it('sends the whole history when the history was (re)loaded or a conversation is gone', () => {
    const source = store(5_000);
    const reloaded = historyMessage(source, noneUnread);
    const deleted = historyMessage(source, noneUnread, 'gone');
    for (const message of [reloaded, deleted]) {
      assert.equal(message.type, 'history');
      assert.equal(message.type === 'history' ? message.history.length : 0, 5_000);
    }
    assert.equal(source.reads.whole, 2);
  });
});

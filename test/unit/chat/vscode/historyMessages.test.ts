import * as assert from 'node:assert/strict';
import { HistoryMessages } from '../../../../src/chat/vscode/historyMessages';
import { FIRST_HISTORY_LISTED } from '../../../../src/chat/common/chatProtocol';
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
  const reads = { whole: 0, loaded: 0 };
  return {
    reads,
    historyLoaded: () => {
      reads.loaded++;
      return Promise.resolve();
    },
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
    const message = new HistoryMessages(source, { has: (id: string) => id === 'c4321' }).message('c4321');
    assert.deepEqual(message, {
      type: 'historyItem',
      item: { id: 'c4321', title: 'Title of c4321', updatedAt: source.entry('c4321')?.updatedAt, messageCount: 2, unread: true },
      activeId: 'c0',
    });
    assert.equal(source.reads.whole, 0);
  });

  it('sends the list when the history was (re)loaded or a conversation is gone: the newest until the panel asks for all', async () => {
    const source = store(5_000);
    const messages = new HistoryMessages(source, noneUnread);
    const listed = (message: ReturnType<HistoryMessages['message']>) =>
      message.type === 'history' ? [message.history.length, message.complete] : [];
    assert.deepEqual(listed(messages.message()), [FIRST_HISTORY_LISTED, false]);
    assert.deepEqual(messages.list().history.length, FIRST_HISTORY_LISTED);
    assert.deepEqual(listed(await messages.wantWhole()), [5_000, true]);
    assert.equal(source.reads.loaded, 1, 'the panel is answered once the whole index is read');
    assert.deepEqual(listed(messages.message('gone')), [5_000, true]);
    assert.equal(messages.list().historyComplete, true);
    messages.reset();
    assert.deepEqual(listed(messages.message()), [FIRST_HISTORY_LISTED, false], 'a new view starts with the newest again');
    assert.equal(source.reads.whole, 6);
  });

  it('calls a short history complete from the start', () => {
    const messages = new HistoryMessages(store(12), noneUnread);
    assert.deepEqual(messages.list().historyComplete, true);
    assert.equal(messages.list().history.length, 12);
  });
});

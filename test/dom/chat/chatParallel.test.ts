import * as assert from 'node:assert/strict';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import { assistant, busy, chatState, historyItem, user } from '../helpers/chatFixtures';
import { click } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { all, one, textOf } from '../helpers/query';
import { ChatPage } from '../helpers/views';

/** The state of conversation `id`, waiting for its reply for `waitedMs` so far. */
function waiting(id: string, waitedMs: number): HostToChatMessage {
  const state = chatState({ id, busy: true, messages: [user(0, 'Take your time')] });
  return state.type === 'chatState' ? { ...state, conversation: { ...state.conversation, waitedMs } } : state;
}

/** Runs `test` with `Date.now` under the test's control (the page's clock runs only the timeouts). */
function withNow(test: (advance: (ms: number) => void) => void): void {
  const realNow = Date.now;
  let now = 1_800_000_000_000;
  Date.now = () => now;
  try {
    test((ms) => {
      now += ms;
    });
  } finally {
    Date.now = realNow;
  }
}

describe('Chat: parallel conversations and long waits', () => {
  const page = usePage();

  it('counts the wait each second in a timer of its own, without re-rendering the messages or announcing each second', () => {
    withNow((advance) => {
      const chat = ChatPage.mount(page, waiting('c1', 5_200));
      const elapsed = one(chat.busy, '.chat-busy-elapsed');
      assert.equal(textOf(elapsed), '0:05', 'a turn that started before the view loaded counts from its start');
      assert.equal(elapsed.getAttribute('role'), 'timer');
      assert.equal(elapsed.getAttribute('aria-live'), 'off', 'the busy bar is a status region: the timer must not speak in it');
      const message = one(chat.root, 'li.chat-message[data-index="0"]');
      for (const expected of ['0:06', '0:07', '0:08']) {
        advance(1_000);
        page.clock.tick(1_000);
        assert.equal(textOf(elapsed), expected);
      }
      assert.equal(one(chat.root, 'li.chat-message[data-index="0"]'), message, 'the message list is untouched');

      chat.receive(busy(false));
      assert.equal(chat.busy.hidden, true);
      assert.equal(textOf(elapsed), '');
      advance(5_000);
      page.clock.tick(5_000);
      assert.equal(textOf(elapsed), '', 'the timer stopped with the turn');
    });
  });

  it('shows each conversation its own busy state: switching to an idle one allows sending, back shows its wait and Stop', () => {
    withNow((advance) => {
      const chat = ChatPage.mount(page, waiting('c1', 0));
      assert.equal(chat.send.hidden, true);
      chat.receive(chatState({ id: 'c2', messages: [user(0, 'Quick one'), assistant(1, 'Done')] }));
      assert.equal(chat.busy.hidden, true, 'the other conversation is not waiting');
      assert.equal(chat.send.hidden, false, 'a request in one conversation does not block sending in another');
      chat.receive(busy(true, 'c2'));
      assert.equal(chat.busy.hidden, false);
      click(chat.stop);
      assert.deepEqual(page.host.posted.at(-1), { type: 'stop' }, 'Stop stops the turn of the conversation shown');

      advance(12_000);
      chat.receive(waiting('c1', 12_000));
      assert.equal(chat.busy.hidden, false);
      assert.equal(textOf(one(chat.busy, '.chat-busy-elapsed')), '0:12');
      chat.receive(busy(false, 'c2'));
      assert.equal(chat.busy.hidden, false, 'the end of the other turn leaves this one waiting');
    });
  });

  it('marks a conversation with an unopened reply in the history, in words for screen readers too, until it is read', () => {
    const unread = { ...historyItem('c2', 'Slow question'), unread: true };
    const chat = ChatPage.mount(page, chatState({ history: [historyItem('c1', 'A conversation'), unread] }));
    click(chat.historyToggle);
    const row = one(chat.history, 'li.history-item[data-id="c2"]');
    assert.ok(row.classList.contains('unread'));
    assert.equal(one(row, '.history-unread').getAttribute('aria-hidden'), 'true');
    assert.equal(textOf(one(row, 'button.history-open')), 'Slow question, new reply');
    assert.equal(all(chat.history, 'li.unread').length, 1, 'only that conversation');

    chat.receive({ type: 'historyItem', item: historyItem('c2', 'Slow question'), activeId: 'c2' });
    const read = one(chat.history, 'li.history-item[data-id="c2"]');
    assert.equal(read.classList.contains('unread'), false);
    assert.equal(textOf(one(read, 'button.history-open')), 'Slow question');
  });
});

import * as assert from 'node:assert/strict';
import { busy, chatState } from '../helpers/chatFixtures';
import { click } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { one, textOf } from '../helpers/query';
import { ChatPage } from '../helpers/views';

describe('Chat busy state and Stop', () => {
  const page = usePage();

  it('shows whom it waits for while a request runs, with a Stop button that posts stop, and hides it after', () => {
    const chat = ChatPage.mount(page, chatState());
    assert.equal(chat.busy.hidden, true);
    chat.receive(busy(true));
    assert.equal(chat.busy.hidden, false);
    assert.equal(chat.busy.getAttribute('role'), 'status');
    assert.equal(textOf(one(chat.busy, '.chat-busy-text')), 'Waiting for Demo…');
    assert.equal(chat.send.disabled, true);
    click(one(chat.busy, 'button.chat-stop'));
    assert.deepEqual(page.host.posted, [{ type: 'stop' }]);

    chat.receive(busy(false));
    assert.equal(chat.busy.hidden, true);
    assert.equal(chat.send.disabled, false);
  });

  it('waits for "the cluster" without one, and follows a cluster change while busy', () => {
    const chat = ChatPage.mount(page, chatState({ cluster: null, busy: true }));
    const text = one(chat.busy, '.chat-busy-text');
    assert.equal(chat.busy.hidden, false, 'a conversation that is busy when shown says so');
    assert.equal(textOf(text), 'Waiting for the cluster…');
    chat.receive({ type: 'cluster', cluster: { id: 'slow', label: 'Slow' } });
    assert.equal(textOf(text), 'Waiting for Slow…');
    assert.equal(chat.busy.hidden, false);
    chat.receive({ type: 'cluster', cluster: null });
    assert.equal(textOf(text), 'Waiting for the cluster…');
    assert.equal(textOf(chat.command('selectCluster')), 'No cluster', 'in step with the header');
  });

  it('ignores the busy state of another conversation', () => {
    const chat = ChatPage.mount(page, chatState());
    chat.receive(busy(true, 'c2'));
    assert.equal(chat.busy.hidden, true);
    assert.equal(chat.send.disabled, false);
  });
});

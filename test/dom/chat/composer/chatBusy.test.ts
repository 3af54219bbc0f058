import * as assert from 'node:assert/strict';
import { busy, chatState } from '../../helpers/chatFixtures';
import { click } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

describe('Chat busy state and Stop', () => {
  const page = usePage();

  it('shows whom it waits for while a request runs, and Stop in Send’s place, which posts stop; Send is back after', () => {
    const chat = ChatPage.mount(page, chatState());
    assert.equal(chat.busy.hidden, true);
    assert.deepEqual([chat.send.hidden, chat.stop.hidden], [false, true]);
    chat.receive(busy(true));
    assert.equal(chat.busy.hidden, false);
    assert.equal(chat.busy.getAttribute('role'), 'status');
    assert.equal(textOf(one(chat.busy, '.chat-busy-text')), 'Waiting for Demo…');
    assert.deepEqual([chat.send.hidden, chat.stop.hidden], [true, false], 'one button: Stop where Send was');
    assert.equal(chat.stop.getAttribute('aria-label'), 'Stop');
    assert.ok(chat.stop.querySelector('.codicon-stop-circle'), 'VS Code’s stop icon');
    assert.equal(chat.stop.parentElement, chat.send.parentElement, 'in the box’s toolbar, beside the cluster');
    assert.equal(chat.root.querySelectorAll('button.chat-stop').length, 1, 'no second Stop elsewhere in the view');
    click(chat.stop);
    assert.deepEqual(page.host.posted, [{ type: 'stop' }]);

    chat.receive(busy(false));
    assert.equal(chat.busy.hidden, true);
    assert.deepEqual([chat.send.hidden, chat.stop.hidden], [false, true]);
  });

  it('keeps the keyboard’s focus on the button that takes the other’s place', () => {
    const chat = ChatPage.mount(page, chatState());
    chat.send.focus();
    chat.receive(busy(true));
    assert.equal(document.activeElement, chat.stop, 'Send pressed by keyboard: Stop has the focus');
    chat.receive(busy(false));
    assert.equal(document.activeElement, chat.send);
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
    assert.equal(chat.send.hidden, false);
  });
});

import * as assert from 'node:assert/strict';
import { chatState, DEMO_CLUSTER } from '../helpers/chatFixtures';
import { click } from '../helpers/gestures';
import { one } from '../helpers/query';
import { usePage } from '../helpers/page';
import { ChatPage } from '../helpers/views';

describe('Chat header', () => {
  const page = usePage();

  it('shows "No cluster" until the host names one, then its label; a cleared cluster shows "No cluster" again', () => {
    const chat = ChatPage.mount(page);
    const cluster = chat.command('selectCluster');
    assert.equal(cluster.textContent, 'No cluster');
    assert.ok(cluster.classList.contains('is-unset'));
    assert.equal(cluster.title, 'Select Cluster');

    chat.receive({ type: 'cluster', cluster: DEMO_CLUSTER });
    assert.equal(cluster.textContent, 'Demo');
    assert.ok(!cluster.classList.contains('is-unset'));

    chat.receive({ type: 'cluster', cluster: null });
    assert.equal(cluster.textContent, 'No cluster');
    assert.ok(cluster.classList.contains('is-unset'));

    chat.receive(chatState({ cluster: { id: 'rev', label: 'Reviewers' } }));
    assert.equal(cluster.textContent, 'Reviewers', 'the conversation state names it too');
    assert.equal(chat.input.placeholder, 'Ask Reviewers · @ to mention · / for prompts', 'the box names it too');
    chat.receive({ type: 'cluster', cluster: null });
    assert.equal(chat.input.placeholder, 'Choose a cluster below · @ to mention · / for prompts');
  });

  it('shows no action the view’s title bar has: the cluster is picked in the message box', () => {
    const chat = ChatPage.mount(page, chatState());
    for (const command of ['newChat', 'exportMarkdown', 'exportJson']) {
      assert.equal(chat.root.querySelector(`[data-command="${command}"]`), null, command);
    }
    const cluster = one(chat.root, '.chat-input-box .chat-input-toolbar button.chat-cluster');
    click(cluster);
    assert.deepEqual(page.host.posted, [{ type: 'selectCluster' }]);
  });

  it('names its glyph buttons for screen readers', () => {
    const chat = ChatPage.mount(page);
    assert.equal(chat.command('toggleHistory').getAttribute('aria-label'), 'Conversations');
    assert.equal(chat.historyToggle.getAttribute('aria-controls'), chat.history.id);
  });

  it('opens and closes the conversation list with its toggle, without asking the host', () => {
    const chat = ChatPage.mount(page, chatState());
    assert.equal(chat.history.hidden, true);
    assert.equal(chat.historyToggle.getAttribute('aria-expanded'), 'false');

    click(chat.historyToggle);
    assert.equal(chat.history.hidden, false);
    assert.equal(chat.historyToggle.getAttribute('aria-expanded'), 'true');

    click(chat.historyToggle);
    assert.equal(chat.history.hidden, true);
    assert.equal(chat.historyToggle.getAttribute('aria-expanded'), 'false');
    assert.deepEqual(page.host.posted, []);
  });
});

import * as assert from 'node:assert/strict';
import { RECOVERY_ACTIONS } from '../../../src/webview/common/recoveryActions';
import { appended, assistant, chatError, chatState, user } from '../helpers/chatFixtures';
import { click } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { all, one, textOf } from '../helpers/query';
import { ChatPage } from '../helpers/views';

const FAILED = {
  index: 2,
  message: 'The cluster failed while handling the request (HTTP 500).',
  actions: ['retry', 'selectCluster'] as const,
};

describe('Chat errors', () => {
  const page = usePage();

  it('shows a failed turn’s error right after the user’s message, as an alert with its fixes', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b'), user(2, 'c')] }));
    chat.receive(chatError(FAILED));
    const error = one(chat.root, '.chat-error');
    assert.equal(error.getAttribute('role'), 'alert');
    assert.equal(error.dataset['index'], '2');
    assert.equal(chat.message(2).nextElementSibling, error);
    assert.equal(textOf(one(error, '.chat-error-message')), FAILED.message);
    assert.deepEqual(
      all(error, 'button').map((button) => [button.dataset['errorAction'], textOf(button)]),
      [
        ['retry', 'Retry'],
        ['selectCluster', 'Select Cluster'],
      ],
    );
  });

  it('posts errorAction for each fix it offers', () => {
    const chat = ChatPage.mount(
      page,
      chatState({ messages: [user(0, 'a')], error: { index: 0, message: 'Failed', actions: RECOVERY_ACTIONS } }),
    );
    const buttons = all(chat.root, '.chat-error button');
    assert.deepEqual(buttons.map(textOf), ['Retry', 'Update API Key', 'Select Cluster', 'Open Settings', 'Show Log']);
    for (const button of buttons) {
      click(button);
    }
    assert.deepEqual(
      page.host.posted,
      RECOVERY_ACTIONS.map((action) => ({ type: 'errorAction', action })),
    );
  });

  it('shows an error without fixes as its message alone', () => {
    const chat = ChatPage.mount(
      page,
      chatState({ messages: [user(0, 'a')], error: { index: 0, message: 'The request was interrupted.', actions: [] } }),
    );
    const error = one(chat.root, '.chat-error');
    assert.equal(all(error, '.chat-error-actions').length, 0);
    assert.equal(textOf(error), 'The request was interrupted.');
  });

  it('removes the error when the host clears it (a successful retry), and replaces it with a new one', () => {
    const chat = ChatPage.mount(
      page,
      chatState({ messages: [user(0, 'a')], error: { index: 0, message: 'First failure', actions: ['retry'] } }),
    );
    chat.receive(chatError(undefined, 'c2'));
    assert.deepEqual(
      all(chat.root, '.chat-error-message').map(textOf),
      ['First failure'],
      'another conversation’s error state is not this one’s',
    );
    chat.receive(chatError({ index: 0, message: 'Second failure', actions: ['showLog'] }));
    assert.deepEqual(all(chat.root, '.chat-error-message').map(textOf), ['Second failure']);

    chat.receive(chatError(undefined), appended([assistant(1, 'It worked')]));
    assert.equal(all(chat.root, '.chat-error').length, 0);
    assert.deepEqual(chat.indexes(), [0, 1]);
  });

  it('keeps the error after its message as later messages arrive, and at the end when its message is not shown', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a')], error: { index: 0, message: 'Failed', actions: ['retry'] } }));
    chat.receive(appended([user(1, 'another try')]));
    assert.equal(chat.message(0).nextElementSibling, one(chat.root, '.chat-error'));

    chat.receive(chatError({ index: 7, message: 'Failed elsewhere', actions: [] }));
    assert.equal(one(chat.root, '#messages').lastElementChild, one(chat.root, '.chat-error'));
  });
});

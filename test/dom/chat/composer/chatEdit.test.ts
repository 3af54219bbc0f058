import * as assert from 'node:assert/strict';
import { DRAFT_DEBOUNCE_MS } from '../../../../src/chat/browser/composer/composer';
import { appended, assistant, chatState, truncated, user } from '../../helpers/chatFixtures';
import { click, press, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const CONVERSATION = [user(0, 'First question'), assistant(1, 'First answer'), user(2, 'Second question'), assistant(3, 'Second answer')];

function editingIndexes(chat: ChatPage): string[] {
  return all(chat.root, 'li.is-editing').map((item) => item.dataset['index'] ?? '');
}

describe('Chat composer: editing a sent message', () => {
  const page = usePage();

  it('edits the last user message on Up in an empty box: its text, caret at the end, the banner, the message marked', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    const up = press(chat.input, 'ArrowUp');
    assert.ok(up.defaultPrevented);
    assert.equal(chat.input.value, 'Second question');
    assert.equal(chat.input.selectionStart, 'Second question'.length);
    assert.equal(document.activeElement, chat.input);
    assert.equal(chat.editing.hidden, false);
    assert.match(chat.editing.textContent ?? '', /Enter to resend, Esc to cancel/);
    assert.equal(chat.input.getAttribute('aria-describedby'), 'chat-editing-text');
    assert.equal(document.getElementById('chat-editing-text')?.textContent, 'Editing message — Enter to resend, Esc to cancel');
    assert.deepEqual(editingIndexes(chat), ['2']);
    assert.deepEqual(
      page.host.posted,
      [{ type: 'frozenInstructions', index: 2 }],
      'only what the meter needs: the instructions it went with',
    );
  });

  it('offers to send the edit in a new chat instead, which keeps this conversation whole', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    click(one(chat.message(2), 'button.message-edit'));
    const inNewChat = one(chat.editing, 'button.chat-edit-new-chat');
    assert.equal(inNewChat.textContent, 'Send in a new chat instead');
    page.host.clearPosts();
    typeInto(chat.input, 'Second question, another way');
    click(inNewChat);
    assert.deepEqual(page.host.posted, [{ type: 'editAndResend', index: 2, text: 'Second question, another way', inNewChat: true }]);
    assert.equal(chat.editing.hidden, true);
    assert.deepEqual(editingIndexes(chat), []);
  });

  it('leaves Up to the box when it holds text, when there is no user message, or with a modifier', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'draft');
    assert.equal(press(chat.input, 'ArrowUp').defaultPrevented, false);
    typeInto(chat.input, '');
    assert.equal(press(chat.input, 'ArrowUp', { shiftKey: true }).defaultPrevented, false);
    assert.equal(chat.editing.hidden, true);

    const empty = ChatPage.mount(page, chatState({ id: 'c2', messages: [] }));
    assert.equal(press(empty.input, 'ArrowUp').defaultPrevented, false);
    assert.equal(empty.editing.hidden, true);
  });

  it('resends the edited text on Enter and puts the earlier draft back', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'my draft');
    click(one(chat.message(0), 'button.message-edit'));
    assert.equal(chat.input.value, 'First question');
    page.host.clearPosts();
    typeInto(chat.input, 'First question, rephrased');
    const enter = press(chat.input, 'Enter');
    assert.ok(enter.defaultPrevented);
    assert.deepEqual(page.host.posted, [{ type: 'editAndResend', index: 0, text: 'First question, rephrased', inNewChat: false }]);
    assert.equal(chat.input.value, 'my draft');
    assert.equal(chat.editing.hidden, true);
    assert.equal(chat.input.hasAttribute('aria-describedby'), false);
    assert.deepEqual(editingIndexes(chat), []);
  });

  it('cancels on Escape: the draft typed before comes back and nothing is posted', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'half-written thought');
    click(one(chat.message(2), 'button.message-edit'));
    page.host.clearPosts();
    typeInto(chat.input, 'Second question, changed');
    const escape = press(chat.input, 'Escape');
    assert.ok(escape.defaultPrevented);
    assert.equal(chat.input.value, 'half-written thought');
    assert.equal(chat.editing.hidden, true);
    assert.deepEqual(editingIndexes(chat), []);
    page.clock.runAll();
    assert.deepEqual(page.host.posted, []);
  });

  it('reports a pending draft before the box switches to the message being edited, and none while editing', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'pending draft');
    click(one(chat.message(0), 'button.message-edit'));
    assert.deepEqual(page.host.posted, [
      { type: 'draftChanged', text: 'pending draft' },
      { type: 'frozenInstructions', index: 0 },
    ]);

    typeInto(chat.input, 'an edit is not a draft');
    page.clock.tick(DRAFT_DEBOUNCE_MS * 2);
    assert.equal(page.host.postsOf('draftChanged').length, 1);
    assert.deepEqual(page.host.state, { view: 'chat', draft: 'pending draft' });
  });

  it('moves the edit to another message, keeping the first saved draft', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'my draft');
    click(one(chat.message(2), 'button.message-edit'));
    click(one(chat.message(0), 'button.message-edit'));
    assert.equal(chat.input.value, 'First question');
    assert.deepEqual(editingIndexes(chat), ['0']);
    press(chat.input, 'Escape');
    assert.equal(chat.input.value, 'my draft');
  });

  it('ends the edit when the host removes the message being edited, putting the draft back', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'my draft');
    click(one(chat.message(2), 'button.message-edit'));
    chat.receive(truncated(2));
    assert.equal(chat.input.value, 'my draft');
    assert.equal(chat.editing.hidden, true);
  });

  it('keeps editing when later messages change', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    click(one(chat.message(0), 'button.message-edit'));
    chat.receive(truncated(3), appended([assistant(3, 'Regenerated answer')]));
    assert.equal(chat.input.value, 'First question');
    assert.deepEqual(editingIndexes(chat), ['0']);
  });

  it('ends the edit without restoring when the host puts a draft in the box', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'my draft');
    click(one(chat.message(0), 'button.message-edit'));
    chat.receive({ type: 'setDraft', text: 'from the host' });
    assert.equal(chat.input.value, 'from the host');
    assert.equal(chat.editing.hidden, true);
    press(chat.input, 'Escape');
    assert.equal(chat.input.value, 'from the host');
  });

  it('takes the edit back when the host gives it back (its resend was cancelled): the text, the banner, Escape to the draft', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    typeInto(chat.input, 'my draft');
    click(one(chat.message(0), 'button.message-edit'));
    typeInto(chat.input, 'First question, rephrased');
    press(chat.input, 'Enter');
    assert.equal(chat.input.value, 'my draft');
    page.host.clearPosts();
    chat.receive({ type: 'setDraft', text: 'First question, rephrased', editIndex: 0 });
    assert.equal(chat.input.value, 'First question, rephrased');
    assert.equal(chat.input.selectionStart, 'First question, rephrased'.length);
    assert.equal(document.activeElement, chat.input);
    assert.equal(chat.editing.hidden, false);
    assert.deepEqual(editingIndexes(chat), ['0']);
    assert.deepEqual(page.host.posted, [{ type: 'frozenInstructions', index: 0 }]);
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('editAndResend'), [
      { type: 'editAndResend', index: 0, text: 'First question, rephrased', inNewChat: false },
    ]);
    chat.receive({ type: 'setDraft', text: 'First question, rephrased', editIndex: 0 });
    press(chat.input, 'Escape');
    assert.equal(chat.input.value, 'my draft');
    assert.equal(chat.editing.hidden, true);
  });

  it('keeps the edited message marked when the host sends the same conversation again, and unmarks it for another', () => {
    const chat = ChatPage.mount(page, chatState({ messages: CONVERSATION }));
    press(chat.input, 'ArrowUp');
    chat.receive(chatState({ title: 'Renamed', messages: CONVERSATION }));
    assert.deepEqual(editingIndexes(chat), ['2']);
    chat.receive(chatState({ id: 'c2', messages: CONVERSATION }));
    assert.deepEqual(editingIndexes(chat), []);
    assert.equal(chat.editing.hidden, true);
  });
});

import * as assert from 'node:assert/strict';
import { assistant, chatState, user } from '../../helpers/chatFixtures';
import { press, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { ChatPage } from '../../helpers/views';

describe('Chat composer: the draft when the host sends the whole state', () => {
  const page = usePage();

  it('keeps what the user typed before the first state arrived, and reports it as the draft', () => {
    const chat = ChatPage.mount(page);
    typeInto(chat.input, 'typing while the conversation loads');
    chat.receive(chatState({ draft: '' }));
    assert.equal(chat.input.value, 'typing while the conversation loads');
    assert.deepEqual(page.host.postsOf('draftChanged').at(-1), { type: 'draftChanged', text: 'typing while the conversation loads' });
  });

  it('keeps newer typing when the same conversation is sent again (e.g. after a rename)', () => {
    const chat = ChatPage.mount(page, chatState({ draft: 'old' }));
    typeInto(chat.input, 'old and new');
    chat.receive(chatState({ title: 'Renamed', draft: 'old' }));
    assert.equal(chat.input.value, 'old and new');
  });

  it('takes the draft of another conversation when the chat switches to it', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'for the first conversation');
    chat.receive(chatState({ id: 'c2', draft: 'the second one’s draft' }));
    assert.equal(chat.input.value, 'the second one’s draft');
  });

  it('does not carry a draft restored from the view’s saved state into another conversation', () => {
    page.restoreState({ view: 'chat', draft: 'unsent draft of conversation c1' });
    const chat = ChatPage.mount(page);
    chat.receive(chatState({ id: 'c2', draft: '' }));
    assert.equal(chat.input.value, '');
    assert.deepEqual(page.host.postsOf('draftChanged'), []);
  });

  it('keeps an edit of a sent message going when the same conversation is sent again', () => {
    const messages = [user(0, 'First question'), assistant(1, 'An answer')];
    const chat = ChatPage.mount(page, chatState({ messages }));
    press(chat.input, 'ArrowUp');
    typeInto(chat.input, 'First question, half rewritten');
    chat.receive(chatState({ messages, title: 'Renamed' }));
    assert.equal(chat.input.value, 'First question, half rewritten');
  });
});

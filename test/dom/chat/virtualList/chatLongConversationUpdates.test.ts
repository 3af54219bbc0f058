import * as assert from 'node:assert/strict';
import { RENDER_MARKS } from '../../../../src/markdown/browser/renderMarks';
import { appended, chatState, truncated, turns, user } from '../../helpers/chatFixtures';
import { press, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { COUNT, last, longChatOn } from './longConversation';

function marked(name: string): boolean {
  return performance.getEntriesByName(name, 'mark').length > 0;
}

/** The first render of a long conversation, and the changes to it that come while or after it settles. */
describe('Chat: a long conversation is virtualized', () => {
  const page = usePage();
  const longChat = longChatOn(page);

  it('shows the newest messages at once, marks the first render, then the settled view', () => {
    const { chat } = longChat();
    const list = one(chat.root, '#messages');
    assert.equal(last(chat.indexes()), COUNT - 1);
    assert.equal(list.getAttribute('aria-busy'), 'true');
    assert.ok(!marked(RENDER_MARKS.firstRender), 'marks wait for the frame that shows the messages');
    page.clock.frame();
    assert.ok(marked(RENDER_MARKS.firstRender));
    page.clock.runAll();
    assert.equal(list.hasAttribute('aria-busy'), false);
    assert.ok(marked(RENDER_MARKS.allRendered));
  });

  it('keeps the message box usable while the view settles: typing is kept and Enter sends', () => {
    const { chat } = longChat();
    const input = chat.input;
    typeInto(input, 'typing while the conversation renders');
    page.clock.frame();
    assert.equal(chat.input, input);
    press(input, 'Enter');
    page.clock.runAll();
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: 'typing while the conversation renders' }]);
  });

  it('replaces everything when another conversation is shown', () => {
    const { chat } = longChat();
    chat.receive(chatState({ id: 'c2', messages: turns(3) }));
    page.clock.runAll();
    assert.deepEqual(chat.indexes(), [0, 1, 2]);
    assert.equal(chat.message(0).getAttribute('aria-setsize'), '3');
  });

  it('updates only the end when messages are appended or truncated', () => {
    const { chat, layout } = longChat();
    page.clock.runAll();
    const kept = chat.message(COUNT - 3);
    chat.receive(appended([user(COUNT, 'One more')]));
    assert.equal(chat.message(COUNT - 3), kept, 'messages already shown are not rendered again');
    assert.equal(last(chat.indexes()), COUNT);

    chat.receive(truncated(COUNT - 1));
    page.clock.runAll();
    assert.equal(last(chat.indexes()), COUNT - 2);
    assert.equal(chat.message(COUNT - 3), kept);
    assert.ok(layout.atEnd());

    chat.receive(truncated(4));
    page.clock.runAll();
    assert.deepEqual(chat.indexes(), [0, 1, 2, 3]);
  });

  it('takes messages appended or removed before the view settled, each once and in order', () => {
    const { chat } = longChat();
    chat.receive(appended([user(COUNT, 'One more')]));
    chat.receive(truncated(COUNT - 1));
    chat.receive(appended([user(COUNT - 1, 'Replaced')]));
    page.clock.runAll();
    const indexes = chat.indexes();
    assert.equal(last(indexes), COUNT - 1);
    assert.deepEqual(
      indexes,
      indexes.map((_, offset) => (indexes[0] ?? 0) + offset),
    );
    assert.match(chat.message(COUNT - 1).textContent ?? '', /Replaced/);
  });
});

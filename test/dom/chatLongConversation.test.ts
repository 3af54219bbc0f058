import * as assert from 'node:assert/strict';
import { CHUNK_SIZE } from '../../src/webview/chat/chunkPlan';
import { RENDER_MARKS } from '../../src/webview/markdown/renderMarks';
import { appended, chatState, truncated, turns, user } from './helpers/chatFixtures';
import { press, typeInto } from './helpers/gestures';
import { usePage } from './helpers/page';
import { one } from './helpers/query';
import { ChatPage } from './helpers/views';

const COUNT = 120;

function range(from: number, to: number): number[] {
  return Array.from({ length: to - from }, (_, offset) => from + offset);
}

function marked(name: string): boolean {
  return performance.getEntriesByName(name, 'mark').length > 0;
}

describe('Chat: a long conversation renders in chunks', () => {
  const page = usePage();

  it('shows the newest messages at once, then older chunks one timer turn at a time, and marks the end', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT) }));
    const list = one(chat.root, '#messages');
    assert.deepEqual(chat.indexes(), range(COUNT - CHUNK_SIZE, COUNT));
    assert.equal(list.getAttribute('aria-busy'), 'true');
    assert.ok(!marked(RENDER_MARKS.firstRender), 'marks wait for the frame that shows the messages');
    page.clock.frame();
    assert.ok(marked(RENDER_MARKS.firstRender));

    page.clock.next();
    assert.deepEqual(chat.indexes(), range(COUNT - 2 * CHUNK_SIZE, COUNT));
    page.clock.next();
    assert.deepEqual(chat.indexes(), range(0, COUNT));
    assert.equal(list.getAttribute('aria-busy'), 'true');

    page.clock.next();
    assert.equal(list.hasAttribute('aria-busy'), false);
    assert.equal(page.clock.pendingTimers, 0);
    page.clock.frame();
    assert.ok(marked(RENDER_MARKS.allRendered));
  });

  it('keeps the message box usable between chunks: typing is kept and Enter sends', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT) }));
    const input = chat.input;
    typeInto(input, 'typing while the conversation renders');
    page.clock.next();
    assert.equal(chat.input, input);
    assert.equal(input.value, 'typing while the conversation renders');
    press(input, 'Enter');
    page.clock.runAll();
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: 'typing while the conversation renders' }]);
    assert.equal(chat.messages().length, COUNT);
  });

  it('drops the rest of a conversation when another is shown meanwhile', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT) }));
    chat.receive(chatState({ id: 'c2', messages: turns(3) }));
    page.clock.runAll();
    assert.deepEqual(chat.indexes(), [0, 1, 2]);
  });

  it('shows a message appended meanwhile once, at the end', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT) }));
    chat.receive(appended([user(COUNT, 'One more')]));
    page.clock.runAll();
    assert.deepEqual(chat.indexes(), range(0, COUNT + 1));
  });

  it('skips messages the host removed before their chunk came', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT) }));
    chat.receive(truncated(10));
    page.clock.runAll();
    assert.deepEqual(chat.indexes(), range(0, 10));
  });

  it('places an error after its message even when that message comes in a later chunk', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT), error: { index: 2, message: 'Failed', actions: ['retry'] } }));
    const error = one(chat.root, '.chat-error');
    assert.equal(one(chat.root, '#messages').lastElementChild, error, 'at the end until its message is shown');
    page.clock.runAll();
    assert.equal(chat.message(2).nextElementSibling, error);
    assert.equal(chat.root.querySelectorAll('.chat-error').length, 1);
  });

  it('keeps Regenerate on the newest reply only, whatever order the chunks came in', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(COUNT) }));
    page.clock.runAll();
    const regenerate = [...chat.root.querySelectorAll('button.message-regenerate')].map((button) => button.closest('li')?.dataset['index']);
    assert.deepEqual(regenerate, [String(COUNT - 1)]);
  });
});

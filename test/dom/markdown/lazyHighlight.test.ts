import * as assert from 'node:assert/strict';
import { PENDING_HIGHLIGHT_CLASS } from '../../../src/markdown/browser/renderMarkdown';
import { RENDER_MARKS } from '../../../src/markdown/browser/renderMarks';
import { appended, assistant, chatState, turns, user } from '../helpers/chatFixtures';
import { FakeLayout } from '../helpers/layout';
import { usePage } from '../helpers/page';
import { all, one, textOf } from '../helpers/query';
import { ChatPage } from '../helpers/views';

const PENDING = `code.${PENDING_HIGHLIGHT_CLASS}`;

function isHighlighted(item: Element): boolean {
  return all(item, '.code-block code .hljs-keyword').length > 0 && all(item, PENDING).length === 0;
}

describe('Lazy highlighting of code in the chat', () => {
  const page = usePage();

  it('leaves a shown conversation’s code plain until its message comes into view, then highlights it once', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(4) }));
    const reply = chat.message(3);
    const code = one(reply, 'code');
    assert.ok(code.classList.contains(PENDING_HIGHLIGHT_CLASS));
    assert.equal(textOf(code), 'const value3 = 3;', 'the code is readable before highlighting');
    assert.ok(page.intersections.watched().includes(reply));
    assert.ok(!page.intersections.watched().includes(chat.message(0)), 'a message without code is not watched');

    page.intersections.show([reply], false);
    assert.ok(!isHighlighted(reply), 'a message that is not in view stays plain');

    page.intersections.show([reply]);
    assert.ok(isHighlighted(reply));
    assert.equal(textOf(one(reply, 'code')), 'const value3 = 3;');
    assert.ok(one(reply, 'code').classList.contains('language-ts'));
    assert.ok(!page.intersections.watched().includes(reply), 'highlighted once, then forgotten');
    assert.ok(!isHighlighted(chat.message(1)), 'other messages wait for their turn');
  });

  it('watches with a margin around the conversation’s scroll area, and marks the first highlight', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(2) }));
    const observer = page.intersections.observers[0];
    assert.equal(observer?.root, one(chat.root, '.chat-scroll'));
    assert.equal(observer?.rootMargin, '400px 0px');
    page.intersections.show([chat.message(1)]);
    page.clock.frame();
    assert.equal(performance.getEntriesByName(RENDER_MARKS.firstHighlight, 'mark').length, 1);
  });

  it('highlights a reply that arrives alone at once, and defers a batch of more than five', () => {
    const chat = ChatPage.mount(page);
    // Tall enough for all eight messages to be rendered.
    new FakeLayout(page, chat, 2000, 100);
    chat.receive(chatState({ messages: [user(0, 'Go')] }));
    chat.receive(appended([assistant(1, '```ts\nconst now = 1;\n```')]));
    assert.ok(isHighlighted(chat.message(1)));

    chat.receive(appended(turns(8).slice(2)));
    assert.deepEqual(chat.indexes(), [0, 1, 2, 3, 4, 5, 6, 7]);
    assert.ok(!isHighlighted(chat.message(3)));
    page.intersections.show([chat.message(3), chat.message(5)]);
    assert.ok(isHighlighted(chat.message(3)));
    assert.ok(isHighlighted(chat.message(5)));
    assert.ok(!isHighlighted(chat.message(7)));
  });

  it('stops watching messages that were removed or replaced', () => {
    const chat = ChatPage.mount(page, chatState({ messages: turns(4) }));
    const old = chat.message(3);
    chat.receive({ type: 'messagesTruncated', conversationId: 'c1', index: 2 });
    assert.ok(!page.intersections.watched().includes(old));

    chat.receive(chatState({ id: 'c2', messages: turns(2) }));
    assert.deepEqual(page.intersections.watched(), [chat.message(1)]);
  });

  it('highlights at once where there is no IntersectionObserver', () => {
    page.withoutIntersectionObserver();
    const chat = ChatPage.mount(page, chatState({ messages: turns(4) }));
    assert.ok(isHighlighted(chat.message(1)));
    assert.ok(isHighlighted(chat.message(3)));
    assert.equal(page.intersections.observers.length, 0);
  });

  it('keeps highlighted code free of markup from the code itself', () => {
    const chat = ChatPage.mount(
      page,
      chatState({ messages: [user(0, 'x'), assistant(1, '```html\n<script>alert(1)</script><img src=x onerror=alert(1)>\n```')] }),
    );
    page.intersections.show([chat.message(1)]);
    const code = one(chat.message(1), 'code');
    assert.ok(all(code, 'span[class^="hljs-"]').length > 0, 'the HTML is highlighted');
    assert.equal(all(code, 'script, img').length, 0);
    assert.equal(textOf(code), '<script>alert(1)</script><img src=x onerror=alert(1)>');
  });
});

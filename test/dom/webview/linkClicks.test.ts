import * as assert from 'node:assert/strict';
import { assistant, chatState, user } from '../helpers/chatFixtures';
import { auxClick, click } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { one } from '../helpers/query';
import { ChatPage, ReplyPage } from '../helpers/views';

const REPLY = 'See [the docs](https://example.com/docs) and [**the guide**](http://example.com/guide).';

describe('Links in the webviews', () => {
  const page = usePage();
  const startUrl = (): string => window.location.href;

  function chatWithLinks(): ChatPage {
    return ChatPage.mount(page, chatState({ messages: [user(0, 'Where?'), assistant(1, REPLY)] }));
  }

  it('never navigate the chat: a click is cancelled and asks the host to open the link', () => {
    const chat = chatWithLinks();
    const before = startUrl();
    const event = click(one(chat.message(1), 'a[href="https://example.com/docs"]'));
    assert.ok(event.defaultPrevented);
    assert.deepEqual(page.host.posted, [{ type: 'openLink', href: 'https://example.com/docs' }]);
    assert.equal(window.location.href, before);

    const inner = click(one(chat.message(1), 'a[href="http://example.com/guide"] strong'));
    assert.ok(inner.defaultPrevented, 'a click on text inside a link counts as a click on the link');
    assert.deepEqual(page.host.postsOf('openLink').at(-1), { type: 'openLink', href: 'http://example.com/guide' });
  });

  it('open on a middle click, and do nothing but cancel on a right click', () => {
    const chat = chatWithLinks();
    const link = one(chat.message(1), 'a[href="https://example.com/docs"]');
    const middle = auxClick(link, 1);
    const right = auxClick(link, 2);
    assert.ok(middle.defaultPrevented);
    assert.ok(right.defaultPrevented);
    assert.deepEqual(page.host.posted, [{ type: 'openLink', href: 'https://example.com/docs' }]);
  });

  it('cancel a link that is not http(s) without asking the host to open it', () => {
    const chat = chatWithLinks();
    for (const href of [
      'javascript:alert(1)',
      'command:workbench.action.openSettings',
      'file:///etc/passwd',
      '#top',
      `https://example.com/${'a'.repeat(9000)}`,
    ]) {
      const link = document.createElement('a');
      link.href = href;
      link.textContent = 'x';
      one(chat.message(1), '.message-content').append(link);
      assert.ok(click(link).defaultPrevented, href.slice(0, 40));
    }
    assert.deepEqual(page.host.posted, []);
  });

  it('stop every link press before the frame’s own link handler, which would open it without asking', () => {
    const chat = chatWithLinks();
    const seenByFrame: string[] = [];
    // VS Code's webview frame listens on the window in the bubbling phase and ignores defaultPrevented.
    const frameHandler = (event: Event): void => {
      seenByFrame.push(event.type);
    };
    window.addEventListener('click', frameHandler);
    window.addEventListener('auxclick', frameHandler);
    try {
      const link = one(chat.message(1), 'a[href="https://example.com/docs"]');
      click(link);
      auxClick(link, 1);
      click(one(chat.message(1), 'a[href="http://example.com/guide"] strong'));
      assert.deepEqual(seenByFrame, [], 'no link press reached a window listener');
      click(one(chat.message(1), '.message-content'));
      assert.deepEqual(seenByFrame, ['click'], 'other clicks pass as before');
    } finally {
      window.removeEventListener('click', frameHandler);
      window.removeEventListener('auxclick', frameHandler);
    }
    assert.deepEqual(page.host.postsOf('openLink'), [
      { type: 'openLink', href: 'https://example.com/docs' },
      { type: 'openLink', href: 'https://example.com/docs' },
      { type: 'openLink', href: 'http://example.com/guide' },
    ]);
  });

  it('cancel links outside the rendered content without opening them', () => {
    ChatPage.mount(page, chatState());
    const outside = document.createElement('a');
    outside.href = 'https://example.com/outside';
    document.body.append(outside);
    assert.equal(click(outside).defaultPrevented, true);
    assert.deepEqual(page.host.posted, []);
  });

  it('never navigate the reply view either', () => {
    const view = ReplyPage.mount(page, {
      type: 'showReply',
      reply: { replyId: 'r1', title: 't', cluster: 'c', markdown: REPLY, actions: [] },
    });
    const event = click(one(view.content, 'a[href="https://example.com/docs"]'));
    assert.ok(event.defaultPrevented);
    assert.deepEqual(page.host.posted, [{ type: 'openLink', href: 'https://example.com/docs' }]);
  });
});

import * as assert from 'node:assert/strict';
import { chatState, user } from '../helpers/chatFixtures';
import { hostPosts } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { all, one, textOf } from '../helpers/query';

const MAIN = require.resolve('../../../src/webview/browser/main');

/** Runs the webview bundle's entry on the current page, as loading the page would. */
function startPage(view: string | undefined, strings?: string): void {
  if (view !== undefined) {
    document.body.dataset['view'] = view;
  }
  if (strings !== undefined) {
    document.body.dataset['strings'] = strings;
  }
  // Its module code is what starts the page, so it must run afresh for each test.
  Reflect.deleteProperty(require.cache, MAIN);
  // eslint-disable-next-line @typescript-eslint/no-require-imports -- loading it is the behaviour under test, not an import
  require(MAIN);
}

describe('Webview entry (main.ts)', () => {
  const page = usePage();

  it('mounts the chat view named by the body and then tells the host it is ready', () => {
    const readyWithInput: boolean[] = [];
    const post = page.host.api.postMessage;
    page.stub(page.host.api, 'postMessage', (message: unknown) => {
      readyWithInput.push(document.querySelector('#chat-input') !== null);
      post(message);
    });
    startPage('chat');
    assert.equal(all(document.body, ':scope > div.view.view-chat').length, 1);
    assert.deepEqual(page.host.posted, [{ type: 'ready' }]);
    assert.deepEqual(readyWithInput, [true], 'the view exists before the host is told to send to it');
  });

  it('hands the window’s messages to the chat view and ignores malformed ones', () => {
    startPage('chat');
    hostPosts(chatState({ messages: [user(0, 'From the host')] }));
    hostPosts({ type: 'chatState' });
    hostPosts('not even an object');
    assert.deepEqual(all(document.body, 'li.chat-message .message-content').map(textOf), ['From the host']);
  });

  it('mounts the reply view and shows a reply the host posts', () => {
    startPage('reply');
    const root = one(document.body, ':scope > div.view.view-reply');
    assert.equal(textOf(one(root, '#reply')), 'No reply to show yet.');
    assert.deepEqual(page.host.posted, [{ type: 'ready' }]);
    hostPosts({
      type: 'showReply',
      reply: { replyId: 'r1', title: 'Explain', cluster: 'Demo', markdown: 'It **adds**.', actions: ['copy'] },
    });
    assert.equal(textOf(one(root, '#reply strong')), 'adds');
  });

  it('mounts nothing and stays silent for an unknown or missing view name', () => {
    const errors: unknown[] = [];
    page.stub(console, 'error', (...args: unknown[]) => errors.push(args[0]));
    for (const name of ['settings', '__proto__', 'toString', undefined]) {
      document.body.removeAttribute('data-view');
      startPage(name);
    }
    assert.equal(document.body.childElementCount, 0);
    assert.deepEqual(page.host.posted, []);
    assert.deepEqual(errors, [
      'Cluster Chat: unknown webview view "settings"',
      'Cluster Chat: unknown webview view "__proto__"',
      'Cluster Chat: unknown webview view "toString"',
      'Cluster Chat: unknown webview view ""',
    ]);
  });

  it('shows the host’s localized strings, English for anything missing or malformed', () => {
    startPage('chat', JSON.stringify({ send: 'Senden', noCluster: 'Kein Cluster', stop: 42 }));
    assert.equal(one(document.body, 'button.chat-send').getAttribute('aria-label'), 'Senden');
    assert.equal(textOf(one(document.body, 'button.chat-cluster')), 'Kein Cluster');
    assert.equal(one(document.body, 'button.chat-stop').getAttribute('aria-label'), 'Stop');
  });

  it('falls back to English when the strings are not JSON', () => {
    startPage('chat', '{not json');
    assert.equal(one(document.body, 'button.chat-send').getAttribute('aria-label'), 'Send');
    assert.deepEqual(page.host.posted, [{ type: 'ready' }]);
  });

  it('waits for the document to finish loading before it starts', () => {
    page.stub(document, 'readyState', 'loading');
    startPage('chat');
    assert.equal(document.body.childElementCount, 0);
    assert.deepEqual(page.host.posted, []);

    document.dispatchEvent(new Event('DOMContentLoaded'));
    assert.equal(all(document.body, 'div.view-chat').length, 1);
    assert.deepEqual(page.host.posted, [{ type: 'ready' }]);
  });
});

import * as assert from 'node:assert/strict';
import { looksLikePath, urisOf } from '../../../../src/chat/browser/composer/droppedPaths';
import { chatState } from '../../helpers/chatFixtures';
import { typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { one } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

/** A drag's data as VS Code's Explorer gives it: types and their values. */
function transfer(data: Record<string, string>): Pick<DataTransfer, 'getData' | 'types'> {
  return { types: Object.keys(data), getData: (type: string) => data[type] ?? '' };
}

function dragEvent(type: 'dragover' | 'drop', data: Record<string, string>): Event {
  const event = new Event(type, { bubbles: true, cancelable: true });
  Object.defineProperty(event, 'dataTransfer', { value: transfer(data) });
  return event;
}

describe('Chat composer: files dropped and paths pasted become mentions', () => {
  const page = usePage();

  it('reads the URIs of VS Code’s and other apps’ drags, each once, without comments', () => {
    assert.deepEqual(
      urisOf(
        transfer({
          'application/vnd.code.uri-list': 'file:///w/src/app.ts\nfile:///w/src/',
          'text/uri-list': '# a comment\r\nfile:///w/src/app.ts\r\nfile:///w/README.md',
          resourceurls: '["file:///w/README.md", 3, "file:///w/b.ts"]',
        }),
      ),
      ['file:///w/src/app.ts', 'file:///w/src/', 'file:///w/README.md', 'file:///w/b.ts'],
    );
    assert.deepEqual(urisOf(transfer({ resourceurls: 'not json', 'text/plain': 'x' })), []);
  });

  it('takes a path-like line as a path, and prose not', () => {
    assert.equal(looksLikePath('src/app.ts'), true);
    assert.equal(looksLikePath('  "C:\\work\\app.ts" '), true);
    assert.equal(looksLikePath('file:///w/a.md'), true);
    assert.equal(looksLikePath('two words.ts'), false);
    assert.equal(looksLikePath('hello'), false);
  });

  it('lets files drop on the box, sends their URIs, and puts @name in the box for each the host attached', () => {
    const chat = ChatPage.mount(page, chatState());
    const box = one(chat.root, '.chat-input-box');
    const over = dragEvent('dragover', { 'text/uri-list': 'file:///w/src/app.ts' });
    box.dispatchEvent(over);
    assert.equal(over.defaultPrevented, true, 'the box takes a drag of files');
    assert.ok(box.classList.contains('is-drop-target'));
    const text = dragEvent('dragover', { 'text/plain': 'just text' });
    box.dispatchEvent(text);
    assert.equal(text.defaultPrevented, false, 'a drag of text drops as text');

    typeInto(chat.input, 'Compare');
    const drop = dragEvent('drop', { 'application/vnd.code.uri-list': 'file:///w/src/app.ts\nfile:///w/lib/' });
    box.dispatchEvent(drop);
    assert.equal(drop.defaultPrevented, true);
    assert.equal(box.classList.contains('is-drop-target'), false);
    assert.deepEqual(page.host.postsOf('dropUris'), [{ type: 'dropUris', uris: ['file:///w/src/app.ts', 'file:///w/lib/'] }]);
    chat.input.setSelectionRange(7, 7);
    chat.receive({ type: 'mentionsAdded', names: ['src/app.ts', 'lib/'] });
    assert.equal(chat.input.value, 'Compare @src/app.ts @lib/ ');
    chat.receive({ type: 'mentionsAdded', names: ['src/app.ts'] });
    assert.equal(chat.input.value, 'Compare @src/app.ts @lib/ ', 'a name the box holds is not put in again');
  });

  it('asks the host about a pasted path, and leaves the paste itself to the browser', () => {
    const chat = ChatPage.mount(page, chatState());
    for (const pasted of ['src/app.ts', 'why does it fail']) {
      const event = new Event('paste', { bubbles: true, cancelable: true });
      Object.defineProperty(event, 'clipboardData', { value: { getData: () => pasted } });
      chat.input.dispatchEvent(event);
      assert.equal(event.defaultPrevented, false);
    }
    assert.deepEqual(page.host.postsOf('pastedPath'), [{ type: 'pastedPath', text: 'src/app.ts' }]);
  });
});

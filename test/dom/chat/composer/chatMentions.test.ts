import * as assert from 'node:assert/strict';
import type { MentionOptionView } from '../../../../src/chat/common/chatProtocol';
import { chatState } from '../../helpers/chatFixtures';
import { click, press, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const OPTIONS: readonly MentionOptionView[] = [
  { kind: 'problems', name: 'problems', detail: 'The errors and warnings in the workspace' },
  { kind: 'file', name: 'src/app.ts', detail: 'src' },
  { kind: 'file', name: 'web/src/app.ts', detail: 'web/src' },
];

function list(chat: ChatPage): HTMLElement {
  return one(chat.root, '#chat-mention-suggestions');
}

function shown(chat: ChatPage): string[] {
  return all(list(chat), '[role="option"]').map((option) => textOf(option));
}

function activeText(chat: ChatPage): string | undefined {
  const id = chat.input.getAttribute('aria-activedescendant');
  const option = id === null ? null : chat.root.querySelector<HTMLElement>(`#${id}`);
  assert.equal(option?.getAttribute('aria-selected') ?? 'true', 'true', 'the active option is the selected one');
  return option === null ? undefined : textOf(option);
}

/** The last query the view asked the host about, answered with `options`. */
function answer(page: ReturnType<typeof usePage>, chat: ChatPage, options: readonly MentionOptionView[], note?: string): string {
  const query = page.host.postsOf('mentionQuery').at(-1);
  assert.ok(query, 'the view asked the host for options');
  chat.receive({ type: 'mentionOptions', requestId: query['requestId'], options, ...(note ? { note } : {}) });
  return String(query['query']);
}

function announced(chat: ChatPage): string {
  return textOf(one(chat.root, '.chat-composer > [role="status"]'));
}

describe('Chat composer: @ mentions', () => {
  const page = usePage();

  it('asks the host about the @word at the caret and shows its options as the combobox list', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'why does @ap');
    assert.equal(answer(page, chat, OPTIONS), 'ap');
    assert.equal(list(chat).getAttribute('role'), 'listbox');
    assert.equal(list(chat).hidden, false);
    assert.equal(chat.input.getAttribute('aria-controls'), 'chat-mention-suggestions');
    assert.equal(chat.input.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(shown(chat), ['@problems The errors and warnings in the workspace', '@app.ts src', '@app.ts web/src']);
    assert.equal(activeText(chat), '@problems The errors and warnings in the workspace');
    assert.match(announced(chat), /^3 mentions/);
  });

  it('attaches the chosen option on Enter: @name goes into the box, the host is asked, nothing is sent', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'fix @ap');
    answer(page, chat, OPTIONS);
    press(chat.input, 'ArrowDown');
    press(chat.input, 'ArrowDown');
    assert.equal(activeText(chat), '@app.ts web/src');
    page.host.clearPosts();
    assert.ok(press(chat.input, 'Enter').defaultPrevented);
    assert.equal(chat.input.value, 'fix @web/src/app.ts ');
    assert.equal(list(chat).hidden, true);
    assert.deepEqual(page.host.postsOf('mention'), [{ type: 'mention', kind: 'file', name: 'web/src/app.ts' }]);
    assert.equal(page.host.postsOf('send').length, 0);
  });

  it('takes Tab and a click as Enter does, wraps Up past the top, and closes on Escape until the text changes', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, '@');
    answer(page, chat, OPTIONS);
    press(chat.input, 'ArrowUp');
    assert.equal(activeText(chat), '@app.ts web/src');
    assert.ok(press(chat.input, 'Escape').defaultPrevented);
    assert.equal(list(chat).hidden, true);
    page.host.clearPosts();
    press(chat.input, 'ArrowDown');
    assert.equal(page.host.postsOf('mentionQuery').length, 0, 'closed: no query until the text changes');
    typeInto(chat.input, '@p');
    answer(page, chat, OPTIONS.slice(0, 1));
    assert.ok(press(chat.input, 'Tab').defaultPrevented);
    assert.equal(chat.input.value, '@problems ');
    typeInto(chat.input, '@problems and @s');
    answer(page, chat, OPTIONS);
    click(one(list(chat), '[data-index="1"] .prompt-suggestion-description'));
    assert.equal(chat.input.value, '@problems and @src/app.ts ');
    assert.deepEqual(
      page.host.postsOf('mention').map((message) => message['name']),
      ['problems', 'src/app.ts'],
    );
  });

  it('drops an answer to an earlier query, and closes when the caret no longer ends a mention', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, '@a');
    const first = page.host.postsOf('mentionQuery').at(-1);
    typeInto(chat.input, '@ap');
    chat.receive({ type: 'mentionOptions', requestId: first?.['requestId'], options: OPTIONS });
    assert.equal(list(chat).hidden, true, 'the answer to "@a" came after "@ap" was typed');
    answer(page, chat, OPTIONS);
    assert.equal(list(chat).hidden, false);
    typeInto(chat.input, '@ap and more');
    assert.equal(list(chat).hidden, true);
    assert.equal(chat.input.getAttribute('aria-expanded'), 'false');
  });

  it('shows and says why nothing can be mentioned, and sends on Enter when no list is open', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, '@');
    answer(page, chat, [], 'Restricted Mode: nothing of the workspace is sent, so there is nothing to mention.');
    assert.equal(list(chat).hidden, true);
    assert.match(announced(chat), /^Restricted Mode/);
    const note = one(chat.root, '.chat-mention-note');
    assert.deepEqual(
      [note.hidden, note.textContent, note.getAttribute('aria-hidden')],
      [false, announced(chat), 'true'],
      'shown, read out once',
    );
    assert.ok(press(chat.input, 'Escape').defaultPrevented);
    assert.equal(note.hidden, true, 'Escape puts it away');
    assert.deepEqual(page.host.postsOf('stop'), [], 'and stops nothing');
    typeInto(chat.input, '@ ');
    typeInto(chat.input, '@');
    answer(page, chat, [], 'Restricted Mode: nothing of the workspace is sent, so there is nothing to mention.');
    assert.equal(note.hidden, false, 'back on the next @');
    typeInto(chat.input, 'mail me@example.com');
    assert.equal(list(chat).hidden, true);
    assert.equal(note.hidden, true, 'gone once no mention is typed');
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: 'mail me@example.com' }]);
  });

  it('puts an @ at the caret from the box’s @ button, a space before it inside a word, and asks for options', () => {
    const chat = ChatPage.mount(page, chatState());
    const mention = one<HTMLButtonElement>(chat.root, '.chat-input-box button.chat-mention');
    assert.equal(mention.getAttribute('aria-label'), 'Mention a File or Source (@)');
    click(mention);
    assert.equal(chat.input.value, '@');
    assert.equal(document.activeElement, chat.input);
    assert.equal(page.host.postsOf('mentionQuery').at(-1)?.['query'], '');
    typeInto(chat.input, 'see');
    chat.input.setSelectionRange(3, 3);
    click(mention);
    assert.equal(chat.input.value, 'see @');
    assert.equal(chat.input.selectionStart, 5);
  });

  it('starts a lookup without attaching anything, asks again for what follows, and gives back the chosen one’s ref', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'explain @sy');
    answer(page, chat, [{ kind: 'symbol', name: 'symbol:', detail: 'A symbol’s declaration', continues: true }]);
    page.host.clearPosts();
    press(chat.input, 'Enter');
    assert.equal(chat.input.value, 'explain @symbol:');
    assert.equal(chat.input.selectionStart, 'explain @symbol:'.length);
    assert.deepEqual(page.host.postsOf('mention'), [], 'only started: nothing is attached');
    assert.equal(page.host.postsOf('mentionQuery').at(-1)?.['query'], 'symbol:');
    typeInto(chat.input, 'explain @symbol:area');
    answer(page, chat, [{ kind: 'symbol', name: 'symbol:area()', detail: 'Function · src/geo.ts:2', ref: 'file:///w/src/geo.ts#1,0' }]);
    assert.deepEqual(shown(chat), ['@symbol:area() Function · src/geo.ts:2']);
    press(chat.input, 'Tab');
    assert.equal(chat.input.value, 'explain @symbol:area() ');
    assert.deepEqual(page.host.postsOf('mention'), [
      { type: 'mention', kind: 'symbol', name: 'symbol:area()', ref: 'file:///w/src/geo.ts#1,0' },
    ]);
  });

  it('shows a folder by its name with its slash, beside its parent', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, '@men');
    answer(page, chat, [{ kind: 'folder', name: 'src/mentions/', detail: 'src' }]);
    assert.deepEqual(shown(chat), ['@mentions/ src']);
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('mention').at(-1), { type: 'mention', kind: 'folder', name: 'src/mentions/' });
  });

  it('redraws only the options that changed when the host answers the next key', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, '@a');
    answer(page, chat, OPTIONS);
    const before = all(list(chat), '[role="option"]');
    typeInto(chat.input, '@ap');
    answer(
      page,
      chat,
      OPTIONS.map((option) => ({ ...option })),
    );
    const same = all(list(chat), '[role="option"]');
    assert.deepEqual(
      same.map((item, index) => item === before[index]),
      [true, true, true],
      'the same options again (new objects): nothing redrawn',
    );
    typeInto(chat.input, '@app');
    answer(page, chat, [OPTIONS[0], { kind: 'file', name: 'lib/app.ts', detail: 'lib' }] as MentionOptionView[]);
    const after = all(list(chat), '[role="option"]');
    assert.deepEqual(
      after.map((item, index) => item === before[index]),
      [true, false],
    );
    assert.deepEqual(shown(chat), ['@problems The errors and warnings in the workspace', '@app.ts lib']);
    assert.equal(activeText(chat), '@problems The errors and warnings in the workspace');
    click(after[1] as HTMLElement);
    assert.deepEqual(page.host.postsOf('mention').at(-1), { type: 'mention', kind: 'file', name: 'lib/app.ts' });
  });

  it('takes a mention’s chip off when its @name is deleted from the box, once, and leaves other chips', () => {
    const chat = ChatPage.mount(page, chatState());
    typeInto(chat.input, 'Compare @src/app.ts and @problems ');
    chat.receive({
      type: 'attachments',
      attachments: [
        { id: 'a1', label: 'src/app.ts', lines: 3, mention: 'src/app.ts' },
        { id: 'a2', label: 'problems in the workspace (2)', lines: 2, mention: 'problems' },
        { id: 'a3', label: 'src/x.ts:1-2', lines: 2 },
      ],
    });
    page.host.clearPosts();
    typeInto(chat.input, 'Compare @src/app.ts and @problems now');
    assert.deepEqual(page.host.postsOf('removeAttachment'), [], 'every @name is still there');
    typeInto(chat.input, 'Compare  and @problems now');
    assert.deepEqual(page.host.postsOf('removeAttachment'), [{ type: 'removeAttachment', id: 'a1' }]);
    typeInto(chat.input, 'Compare  and @problems no');
    assert.equal(page.host.postsOf('removeAttachment').length, 1, 'asked once');
  });
});

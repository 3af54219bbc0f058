import * as assert from 'node:assert/strict';
import { assistant, chatState, user } from '../helpers/chatFixtures';
import { click, press } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { all, one, textOf } from '../helpers/query';
import { ChatPage, ReplyPage } from '../helpers/views';

const REPLY = 'Two blocks:\n\n```ts\nconst a = 1;\n```\n\n```ts\nconst b = 2;\n```\n';

function mount(page: ReturnType<typeof usePage>): ChatPage {
  return ChatPage.mount(page, chatState({ messages: [user(0, 'Show me'), assistant(1, REPLY)] }));
}

function block(chat: ChatPage, index: number): HTMLElement {
  return one(chat.message(1), `.code-block[data-block-index="${index}"]`);
}

function pointer(type: 'mouseover' | 'mouseout', target: Element, related: Element | null): void {
  target.dispatchEvent(new MouseEvent(type, { bubbles: true, relatedTarget: related }));
}

/** The buttons Tab visits, in order: focusable, not taken out of the Tab order, not in a hidden element. */
function tabStops(root: Element): HTMLButtonElement[] {
  return all<HTMLButtonElement>(root, 'button').filter((button) => button.tabIndex >= 0 && !button.disabled && !button.closest('[hidden]'));
}

describe('Code block toolbars', () => {
  const page = usePage();

  it('show icon buttons named by the host’s strings: a tooltip, an accessible name with the block, a hidden glyph', () => {
    const chat = mount(page);
    const toolbar = one(block(chat, 1), ':scope > .code-actions');
    const buttons = all<HTMLButtonElement>(toolbar, ':scope > button');
    assert.deepEqual(
      buttons.map((button) => [
        button.title,
        button.getAttribute('aria-label'),
        one(button, ':scope > .codicon').className,
        textOf(button),
      ]),
      [
        ['Copy', 'Copy (block 2)', 'codicon codicon-copy', ''],
        ['Insert at Cursor', 'Insert at Cursor (block 2)', 'codicon codicon-insert', ''],
        ['Apply with Diff Preview', 'Apply with Diff Preview (block 2)', 'codicon codicon-diff', ''],
        ['More Actions…', 'More Actions… (block 2)', 'codicon codicon-ellipsis', ''],
      ],
    );
    for (const glyph of all(toolbar, '.codicon')) {
      assert.equal(glyph.getAttribute('aria-hidden'), 'true');
    }
  });

  it('mark their block while the pointer is over it, and not while it moves inside it', () => {
    const chat = mount(page);
    const first = block(chat, 0);
    const code = one(first, 'pre');
    pointer('mouseover', code, chat.message(1));
    assert.ok(first.classList.contains('is-hovered'));
    assert.ok(!block(chat, 1).classList.contains('is-hovered'));
    const copy = one(first, 'button[data-action="copy"]');
    pointer('mouseout', code, copy);
    pointer('mouseover', copy, code);
    assert.ok(first.classList.contains('is-hovered'), 'moving onto the toolbar keeps it shown');
    pointer('mouseout', copy, chat.message(1));
    assert.ok(!first.classList.contains('is-hovered'));
  });

  it('mark their block while focus is in it, so keyboard focus shows the toolbar', () => {
    const chat = mount(page);
    const first = block(chat, 0);
    const copy = one<HTMLButtonElement>(first, 'button[data-action="copy"]');
    const insert = one<HTMLButtonElement>(first, 'button[data-action="insert"]');
    copy.focus();
    assert.ok(first.classList.contains('has-focus'));
    insert.focus();
    assert.ok(first.classList.contains('has-focus'), 'moving within the block keeps it');
    chat.input.focus();
    assert.ok(!first.classList.contains('has-focus'));
  });

  it('keep every toolbar button in the Tab order and the menu items out of it until the menu opens', () => {
    const chat = mount(page);
    const stops = tabStops(block(chat, 0)).map((button) => button.dataset['action'] ?? button.className);
    assert.deepEqual(stops, ['copy', 'insert', 'diff', 'action-more']);
    for (const item of all<HTMLButtonElement>(block(chat, 0), '[role="menuitem"]')) {
      assert.equal(item.tabIndex, -1);
    }
  });

  it('open the … menu by click, focus its first item, move with arrows, close with Escape back on the … button', () => {
    const chat = mount(page);
    const more = one<HTMLButtonElement>(block(chat, 0), 'button.action-more');
    const menu = one(block(chat, 0), '.action-menu');
    assert.equal(menu.getAttribute('role'), 'menu');
    assert.equal(more.getAttribute('aria-haspopup'), 'menu');
    assert.ok(menu.hidden);
    click(more);
    assert.ok(!menu.hidden);
    assert.equal(more.getAttribute('aria-expanded'), 'true');
    const items = all<HTMLButtonElement>(menu, '[role="menuitem"]');
    assert.deepEqual(
      items.map((item) => [item.dataset['action'], textOf(item), item.getAttribute('aria-label')]),
      [
        ['replace', 'Replace Selection', 'Replace Selection (block 1)'],
        ['newFile', 'Open in New File', 'Open in New File (block 1)'],
      ],
    );
    assert.equal(document.activeElement, items[0]);
    assert.ok(press(items[0] ?? menu, 'ArrowDown').defaultPrevented);
    assert.equal(document.activeElement, items[1]);
    press(items[1] ?? menu, 'ArrowDown');
    assert.equal(document.activeElement, items[0], 'wraps');
    press(items[0] ?? menu, 'ArrowUp');
    assert.equal(document.activeElement, items[1]);
    press(items[1] ?? menu, 'Home');
    assert.equal(document.activeElement, items[0]);
    assert.ok(press(items[0] ?? menu, 'Escape').defaultPrevented);
    assert.ok(menu.hidden);
    assert.equal(more.getAttribute('aria-expanded'), 'false');
    assert.equal(document.activeElement, more);
    assert.deepEqual(page.host.posted, []);
  });

  it('open the … menu with the up or down arrow on its button, and close it when an item is chosen', () => {
    const chat = mount(page);
    const more = one<HTMLButtonElement>(block(chat, 1), 'button.action-more');
    more.focus();
    assert.ok(press(more, 'ArrowUp').defaultPrevented);
    const last = one<HTMLButtonElement>(block(chat, 1), '[role="menuitem"][data-action="newFile"]');
    assert.equal(document.activeElement, last, 'ArrowUp starts at the last item');
    click(last);
    assert.deepEqual(page.host.posted, [{ type: 'codeAction', reply: { conversationId: 'c1', index: 1 }, action: 'newFile', block: 1 }]);
    assert.ok(one(block(chat, 1), '.action-menu').hidden);
    assert.equal(document.activeElement, more);
  });

  it('keep one menu open at a time, and close it on a click elsewhere', () => {
    const chat = mount(page);
    const [firstMore, secondMore] = all<HTMLButtonElement>(chat.message(1), 'button.action-more');
    assert.ok(firstMore && secondMore);
    click(firstMore);
    click(secondMore);
    assert.deepEqual(
      all(chat.message(1), '.action-menu').map((menu) => menu.hidden),
      [true, false],
    );
    click(chat.message(1));
    assert.ok(all(chat.message(1), '.action-menu').every((menu) => menu.hidden));
  });

  it('offer Continue in Chat in the reply view’s menu, for the whole reply too', () => {
    const view = ReplyPage.mount(page, {
      type: 'showReply',
      reply: {
        replyId: 'r1',
        title: 't',
        cluster: 'c',
        markdown: '```ts\nx\n```',
        actions: ['copy', 'insert', 'diff', 'newFile', 'continueInChat'],
      },
    });
    const more = one<HTMLButtonElement>(view.actions, ':scope > button.action-more');
    more.focus();
    press(more, 'ArrowDown');
    const item = one<HTMLButtonElement>(view.actions, '[role="menuitem"][data-action="continueInChat"]');
    press(document.activeElement ?? more, 'ArrowDown');
    assert.equal(document.activeElement, item);
    click(item);
    assert.deepEqual(page.host.posted, [{ type: 'codeAction', replyId: 'r1', action: 'continueInChat', block: 'all' }]);
    assert.deepEqual(attributes(view.content, '[role="menuitem"]'), ['newFile', 'continueInChat']);
  });
});

describe('The chat’s icon buttons', () => {
  const page = usePage();

  it('show a codicon each, with a tooltip and an accessible name from the host’s strings', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b')] }));
    const buttons = all<HTMLButtonElement>(chat.root, 'button.icon-button');
    assert.ok(buttons.length >= 9, `${buttons.length} icon buttons`);
    for (const button of buttons) {
      const name = button.getAttribute('aria-label') ?? '';
      assert.ok(name !== '', button.className);
      assert.equal(button.title, name, button.className);
      assert.equal(textOf(button), '', `${button.className} shows only its glyph`);
      assert.match(one(button, ':scope > .codicon').className, /^codicon codicon-[a-z-]+$/);
    }
    const glyphs = (selector: string): string[][] =>
      all<HTMLButtonElement>(chat.root, selector).map((button) => [
        button.title,
        one(button, '.codicon').className.replace('codicon codicon-', ''),
      ]);
    assert.deepEqual(glyphs('.chat-header-actions > button'), [['Conversations', 'history']]);
    assert.deepEqual(glyphs('.chat-input-toolbar > button.icon-button'), [
      ['Mention a File or Source (@)', 'mention'],
      ['Attach Selection', 'list-selection'],
      ['Attach File…', 'attach'],
      ['Send', 'send'],
      ['Stop', 'stop-circle'],
    ]);
  });
});

function attributes(root: ParentNode, selector: string): Array<string | undefined> {
  return all(root, selector).map((element) => element.dataset['action']);
}

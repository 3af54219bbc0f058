import * as assert from 'node:assert/strict';
import { assistant, chatState, user } from '../helpers/chatFixtures';
import { press } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { all, one } from '../helpers/query';
import { ChatPage, ReplyPage } from '../helpers/views';

describe('Arrow keys in action toolbars', () => {
  const page = usePage();

  function toolbarButtons(): HTMLButtonElement[] {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'x'), assistant(1, '```ts\nconst a = 1;\n```')] }));
    return all<HTMLButtonElement>(chat.message(1), '.code-actions > button');
  }

  function focused(buttons: readonly HTMLButtonElement[]): string | undefined {
    const button = buttons.find((each) => each === document.activeElement);
    return button?.dataset['action'] ?? (button?.classList.contains('action-more') ? 'more' : undefined);
  }

  it('move focus between a code block’s buttons: right and left wrapping at both ends, Home and End', () => {
    const buttons = toolbarButtons();
    assert.deepEqual(
      buttons.map((button) => button.dataset['action']),
      ['copy', 'insert', 'diff', undefined],
    );
    const [first, second] = buttons;
    assert.ok(first && second);
    first.focus();
    assert.ok(press(first, 'ArrowRight').defaultPrevented);
    assert.equal(focused(buttons), 'insert');
    press(second, 'ArrowLeft');
    press(first, 'ArrowLeft');
    assert.equal(focused(buttons), 'more');
    press(buttons[3] ?? first, 'ArrowRight');
    assert.equal(focused(buttons), 'copy');
    press(first, 'End');
    assert.equal(focused(buttons), 'more');
    press(buttons[3] ?? first, 'Home');
    assert.equal(focused(buttons), 'copy');
  });

  it('leave other keys, modified arrows, and buttons outside a toolbar alone', () => {
    const buttons = toolbarButtons();
    const first = buttons[0];
    assert.ok(first);
    first.focus();
    for (const [key, modifiers] of [
      ['ArrowDown', {}],
      ['Tab', {}],
      ['ArrowRight', { altKey: true }],
      ['ArrowRight', { ctrlKey: true }],
      ['ArrowRight', { metaKey: true }],
    ] as const) {
      assert.equal(press(first, key, modifiers).defaultPrevented, false, key);
      assert.equal(focused(buttons), 'copy');
    }
    const copyMessage = one<HTMLButtonElement>(document.body, 'li.chat-message[data-index="1"] button.message-copy');
    copyMessage.focus();
    assert.equal(press(copyMessage, 'ArrowRight').defaultPrevented, false);
    assert.equal(document.activeElement, copyMessage);
  });

  it('work in the reply view’s whole-reply toolbar too', () => {
    const view = ReplyPage.mount(page, {
      type: 'showReply',
      reply: { replyId: 'r1', title: 't', cluster: 'c', markdown: 'text', actions: ['copy', 'insert', 'continueInChat'] },
    });
    const buttons = all<HTMLButtonElement>(view.actions, ':scope > button');
    buttons[0]?.focus();
    press(buttons[0] ?? view.actions, 'End');
    assert.equal(focused(buttons), 'more');
  });
});

import * as assert from 'node:assert/strict';
import type { HostToChatMessage } from '../../../../src/chat/common/chatProtocol';
import { chatState, user } from '../../helpers/chatFixtures';
import { click, press, typeInto } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const COMMANDS: HostToChatMessage = {
  type: 'promptCommands',
  commands: [
    { name: 'review', description: 'Review the selection', argumentHint: 'focus', source: '.github/prompts/review.prompt.md' },
    { name: 'release-notes', source: '.roo/commands/release-notes.md' },
    { name: 'plan', description: 'Plan the change', source: '.clinerules/workflows/plan.md' },
  ],
};

function list(chat: ChatPage): HTMLElement {
  return one(chat.root, '#chat-prompt-suggestions');
}

function options(chat: ChatPage): string[] {
  return all(list(chat), '[role="option"]').map((option) => option.dataset['name'] ?? '');
}

function activeOption(chat: ChatPage): string | undefined {
  const id = chat.input.getAttribute('aria-activedescendant');
  const option = id === null ? null : chat.root.querySelector<HTMLElement>(`#${id}`);
  assert.equal(option?.getAttribute('aria-selected') ?? 'true', 'true', 'the active option is the selected one');
  return option?.dataset['name'];
}

function announced(chat: ChatPage): string {
  return textOf(one(chat.root, '.chat-composer > [role="status"]'));
}

describe('Chat composer: prompt files as slash commands', () => {
  const page = usePage();

  it('makes the box a combobox whose list opens on `/` and narrows as the name is typed', () => {
    const chat = ChatPage.mount(page, chatState(), COMMANDS);
    const { input } = chat;
    assert.equal(input.getAttribute('role'), 'combobox');
    assert.equal(input.getAttribute('aria-controls'), 'chat-prompt-suggestions');
    assert.equal(input.getAttribute('aria-expanded'), 'false');
    assert.equal(list(chat).getAttribute('role'), 'listbox');
    assert.equal(list(chat).hidden, true);

    typeInto(input, '/');
    assert.equal(input.getAttribute('aria-expanded'), 'true');
    assert.deepEqual(options(chat), ['review', 'release-notes', 'plan']);
    assert.equal(activeOption(chat), 'review');
    assert.match(announced(chat), /^3 prompt commands/);

    typeInto(input, '/re');
    assert.deepEqual(options(chat), ['review', 'release-notes']);
    const review = one(list(chat), '[data-name="review"]');
    assert.match(textOf(review), /\/review focus Review the selection/);
    assert.equal(review.title, '.github/prompts/review.prompt.md');

    typeInto(input, '/rex');
    assert.equal(list(chat).hidden, true);
    assert.equal(input.getAttribute('aria-expanded'), 'false');
    assert.equal(input.hasAttribute('aria-activedescendant'), false);
    assert.equal(announced(chat), 'No prompt command matches');

    typeInto(input, 'not /re');
    assert.equal(list(chat).hidden, true);
  });

  it('moves with Up and Down (wrapping) and expands the chosen command on Enter, sending nothing', () => {
    const chat = ChatPage.mount(page, chatState(), COMMANDS);
    typeInto(chat.input, '/');
    page.host.clearPosts();
    assert.ok(press(chat.input, 'ArrowDown').defaultPrevented);
    assert.equal(activeOption(chat), 'release-notes');
    press(chat.input, 'ArrowUp');
    press(chat.input, 'ArrowUp');
    assert.equal(activeOption(chat), 'plan');
    const enter = press(chat.input, 'Enter');
    assert.ok(enter.defaultPrevented);
    assert.equal(chat.input.value, '/plan');
    assert.equal(list(chat).hidden, true);
    assert.deepEqual(
      page.host.posted.filter((message) => message.type !== 'draftChanged'),
      [{ type: 'expandPrompt', line: '/plan' }],
    );
  });

  it('completes the name on Tab so arguments can follow, then Enter expands the whole line', () => {
    const chat = ChatPage.mount(page, chatState(), COMMANDS);
    typeInto(chat.input, '/rev');
    assert.ok(press(chat.input, 'Tab').defaultPrevented, 'focus stays in the box');
    assert.equal(chat.input.value, '/review ');
    assert.equal(list(chat).hidden, true);
    assert.equal(announced(chat), 'focus', 'the argument hint is read out');
    typeInto(chat.input, '/review the parser');
    page.host.clearPosts();
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.posted, [{ type: 'expandPrompt', line: '/review the parser' }]);
    assert.equal(page.host.postsOf('send').length, 0);
    assert.equal(chat.input.value, '/review the parser', 'the line stays until the expansion arrives');
  });

  it('closes on Escape without cancelling the edit of a message, and stays closed until the text changes', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'first')] }), COMMANDS);
    press(chat.input, 'ArrowUp'); // edits the last message
    assert.equal(chat.editing.hidden, false);
    typeInto(chat.input, '/p');
    assert.equal(list(chat).hidden, false);
    const escape = press(chat.input, 'Escape');
    assert.ok(escape.defaultPrevented);
    assert.equal(list(chat).hidden, true);
    assert.equal(chat.editing.hidden, false, 'still editing');
    assert.equal(chat.input.value, '/p');
    press(chat.input, 'ArrowDown');
    assert.equal(list(chat).hidden, true);
    typeInto(chat.input, '/pl');
    assert.deepEqual(options(chat), ['plan']);
  });

  it('sends a line that names no prompt command as a message, and expands by mouse too', () => {
    const chat = ChatPage.mount(page, chatState(), COMMANDS);
    typeInto(chat.input, '/unknown thing');
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: '/unknown thing' }]);
    typeInto(chat.input, '/');
    page.host.clearPosts();
    click(one(list(chat), '[data-name="plan"] .prompt-suggestion-description'));
    assert.deepEqual(page.host.postsOf('expandPrompt'), [{ type: 'expandPrompt', line: '/plan' }]);
  });

  it('puts the expansion in the box in place of the line, focused at its end, reported as the draft and not sent', () => {
    const chat = ChatPage.mount(page, chatState(), COMMANDS);
    typeInto(chat.input, '/review the parser');
    press(chat.input, 'Enter');
    page.host.clearPosts();
    chat.receive({ type: 'promptExpanded', line: '/review the parser', text: 'Review naming:\nlet x = 1;' });
    assert.equal(chat.input.value, 'Review naming:\nlet x = 1;');
    assert.equal(document.activeElement, chat.input);
    assert.equal(chat.input.selectionStart, chat.input.value.length);
    page.clock.runAll();
    assert.deepEqual(page.host.posted, [{ type: 'draftChanged', text: 'Review naming:\nlet x = 1;' }]);

    typeInto(chat.input, 'Something else');
    chat.receive({ type: 'promptExpanded', line: '/review', text: 'Expanded' });
    assert.equal(chat.input.value, 'Something else\n\nExpanded', 'what was typed meanwhile is kept');
  });

  it('offers nothing when the host lists no commands', () => {
    const chat = ChatPage.mount(page, chatState(), COMMANDS, { type: 'promptCommands', commands: [] });
    typeInto(chat.input, '/re');
    assert.equal(list(chat).hidden, true);
    press(chat.input, 'Enter');
    assert.deepEqual(page.host.postsOf('send'), [{ type: 'send', text: '/re' }]);
  });
});

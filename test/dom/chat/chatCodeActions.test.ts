import * as assert from 'node:assert/strict';
import type { HostToChatMessage } from '../../../src/chat/common/chatProtocol';
import type { CodeAction } from '../../../src/replies/common/replyProtocol';
import { FEEDBACK_MS } from '../../../src/codeBlocks/browser/actionFeedback';
import { assistant, chatState, user } from '../helpers/chatFixtures';
import { click } from '../helpers/gestures';
import { usePage } from '../helpers/page';
import { one, textOf } from '../helpers/query';
import { ChatPage } from '../helpers/views';

const REPLY = 'Two blocks:\n\n```ts\nconst a = 1;\n```\n\n```ts\nconst b = 2;\n```\n';

function actionDone(index: number, action: CodeAction, ok: boolean, conversationId = 'c1'): HostToChatMessage {
  return { type: 'actionDone', reply: { conversationId, index }, action, ok };
}

/** The classes of the button's glyph. */
function icon(button: HTMLButtonElement): string {
  return one(button, ':scope > .codicon').className;
}

function mountWithReply(page: ReturnType<typeof usePage>): ChatPage {
  return ChatPage.mount(page, chatState({ messages: [user(0, 'Show me'), assistant(1, REPLY)] }));
}

function actionButton(chat: ChatPage, index: number, block: number, action: CodeAction): HTMLButtonElement {
  return one<HTMLButtonElement>(chat.message(index), `.code-block[data-block-index="${block}"] button[data-action="${action}"]`);
}

describe('Chat code block actions', () => {
  const page = usePage();

  it('posts codeAction naming the conversation, the message and the block', () => {
    const chat = mountWithReply(page);
    click(actionButton(chat, 1, 1, 'insert'));
    click(actionButton(chat, 1, 0, 'diff'));
    assert.deepEqual(page.host.posted, [
      { type: 'codeAction', reply: { conversationId: 'c1', index: 1 }, action: 'insert', block: 1 },
      { type: 'codeAction', reply: { conversationId: 'c1', index: 1 }, action: 'diff', block: 0 },
    ]);
  });

  it('shows the outcome on the pressed button for a moment and announces it', () => {
    const chat = mountWithReply(page);
    const insert = actionButton(chat, 1, 1, 'insert');
    click(insert);
    chat.receive(actionDone(1, 'insert', true));
    assert.equal(insert.title, 'Inserted');
    assert.equal(insert.getAttribute('aria-label'), 'Inserted (block 2)');
    assert.equal(icon(insert), 'codicon codicon-check');
    assert.ok(insert.classList.contains('done'));
    assert.equal(textOf(chat.status), 'Insert at Cursor: Inserted');
    assert.equal(actionButton(chat, 1, 0, 'insert').title, 'Insert at Cursor', 'the other block’s button is untouched');

    page.clock.tick(FEEDBACK_MS - 1);
    assert.ok(insert.classList.contains('done'));
    page.clock.tick(1);
    assert.equal(insert.title, 'Insert at Cursor');
    assert.equal(insert.getAttribute('aria-label'), 'Insert at Cursor (block 2)');
    assert.equal(icon(insert), 'codicon codicon-insert');
    assert.ok(!insert.classList.contains('done'));
  });

  it('shows a failure of an action chosen from the … menu on the … button, as "Failed"', () => {
    const chat = mountWithReply(page);
    const more = one<HTMLButtonElement>(chat.message(1), '.code-block[data-block-index="0"] button.action-more');
    click(more);
    const replace = actionButton(chat, 1, 0, 'replace');
    click(replace);
    chat.receive(actionDone(1, 'replace', false));
    assert.equal(replace.getAttribute('aria-label'), 'Failed (block 1)');
    assert.ok(more.classList.contains('failed'));
    assert.equal(icon(more), 'codicon codicon-error');
    assert.equal(textOf(chat.status), 'Replace Selection: Failed');
    page.clock.tick(FEEDBACK_MS);
    assert.equal(icon(more), 'codicon codicon-ellipsis');
    assert.equal(textOf(replace), 'Replace Selection');
  });

  it('shows a copied message on its Copy button', () => {
    const chat = mountWithReply(page);
    const copy = one<HTMLButtonElement>(chat.message(1), 'button.message-copy');
    click(copy);
    assert.deepEqual(page.host.posted, [{ type: 'copyMessage', index: 1 }]);
    chat.receive(actionDone(1, 'copy', true));
    assert.ok(copy.classList.contains('done'));
    assert.equal(icon(copy), 'codicon codicon-check');
    assert.equal(copy.getAttribute('aria-label'), 'Copy message', 'the glyph button keeps its name');
    assert.equal(textOf(chat.status), 'Copy: Copied');
  });

  it('ignores outcomes for another conversation or a button never pressed', () => {
    const chat = mountWithReply(page);
    const insert = actionButton(chat, 1, 0, 'insert');
    click(insert);
    chat.receive(actionDone(1, 'insert', true, 'c2'), actionDone(1, 'diff', true), actionDone(3, 'insert', true));
    assert.equal(insert.title, 'Insert at Cursor');
    assert.ok(!insert.classList.contains('done'));
    assert.equal(textOf(chat.status), '');
  });

  it('says nothing about a button whose message was removed meanwhile (a regenerate)', () => {
    const chat = mountWithReply(page);
    click(actionButton(chat, 1, 0, 'insert'));
    chat.receive({ type: 'messagesTruncated', conversationId: 'c1', index: 1 }, actionDone(1, 'insert', true));
    assert.equal(textOf(chat.status), '');
  });

  it('forgets pressed buttons when another conversation is shown', () => {
    const chat = mountWithReply(page);
    click(actionButton(chat, 1, 0, 'insert'));
    chat.receive(chatState({ messages: [user(0, 'Show me'), assistant(1, REPLY)] }));
    const redrawn = actionButton(chat, 1, 0, 'insert');
    chat.receive(actionDone(1, 'insert', true));
    assert.equal(redrawn.title, 'Insert at Cursor');
    assert.equal(textOf(chat.status), '');
  });
});

import * as assert from 'node:assert/strict';
import { appended, assistant, chatState, CONVERSATION_ID, truncated, user } from '../../helpers/chatFixtures';
import { click } from '../../helpers/gestures';
import { usePage } from '../../helpers/page';
import { all, attributes, one, textOf } from '../../helpers/query';
import { ChatPage } from '../../helpers/views';

const REPLY_WITH_CODE = 'Here:\n\n```ts\nconst a = 1;\n```\n\nand\n\n```py\nprint(1)\n```\n';

describe('Chat message list', () => {
  const page = usePage();

  it('shows the placeholder for an empty conversation and hides it once a message arrives', () => {
    const chat = ChatPage.mount(page, chatState());
    const empty = one(chat.root, '.chat-empty');
    assert.equal(empty.hidden, false);
    assert.match(textOf(empty), /Ask the cluster anything/);

    chat.receive(appended([user(0, 'Hello')]));
    assert.equal(empty.hidden, true);
  });

  it('renders the conversation in order with each author: You, the cluster that answered, or "Assistant"', () => {
    const chat = ChatPage.mount(
      page,
      chatState({
        messages: [user(0, 'Hi'), assistant(1, 'Hello', 'Reviewers'), user(2, 'Again'), { index: 3, role: 'assistant', content: 'Yes' }],
      }),
    );
    assert.deepEqual(chat.indexes(), [0, 1, 2, 3]);
    assert.deepEqual(attributes(chat.root, 'li.chat-message', 'data-role'), ['user', 'assistant', 'user', 'assistant']);
    assert.deepEqual(all(chat.root, 'li.chat-message > .message-meta').map(textOf), ['You', 'Reviewers', 'You', 'Assistant']);
    assert.equal(one(chat.root, '#messages').getAttribute('role'), 'log');
  });

  it('renders markdown in messages, and a user’s raw HTML as text', () => {
    const chat = ChatPage.mount(
      page,
      chatState({ messages: [user(0, 'Is <b>this</b> **bold**?'), assistant(1, '# Title\n\n- *one*\n- two')] }),
    );
    const asked = one(chat.message(0), '.message-content');
    assert.equal(all(asked, 'b').length, 0);
    assert.equal(textOf(one(asked, 'strong')), 'bold');
    assert.match(textOf(asked), /Is <b>this<\/b> bold\?/);
    const answer = one(chat.message(1), '.message-content');
    assert.equal(textOf(one(answer, 'h1')), 'Title');
    assert.deepEqual(all(answer, 'li').map(textOf), ['one', 'two']);
  });

  it('gives code blocks of replies their action toolbar (no Continue in Chat), and a user’s own code none', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, '```ts\nlet mine = 1;\n```'), assistant(1, REPLY_WITH_CODE)] }));
    assert.equal(all(chat.message(0), 'button.action-button').length, 0);
    assert.equal(all(chat.message(0), '.code-block').length, 1);

    const blocks = all(chat.message(1), '.code-block');
    assert.deepEqual(
      blocks.map((block) => block.dataset['blockIndex']),
      ['0', '1'],
    );
    for (const [position, block] of blocks.entries()) {
      const toolbar = one(block, ':scope > .code-actions');
      assert.equal(toolbar.getAttribute('role'), 'toolbar');
      assert.deepEqual(attributes(toolbar, ':scope > button.action-button', 'data-action'), ['copy', 'insert', 'diff']);
      assert.deepEqual(attributes(toolbar, '.action-menu > button.action-button', 'data-action'), ['replace', 'newFile']);
      assert.deepEqual(attributes(toolbar, 'button.action-button', 'data-block'), Array(5).fill(String(position)));
    }
    assert.equal(one(blocks[0] ?? chat.root, 'button[data-action="insert"]').getAttribute('aria-label'), 'Insert at Cursor (block 1)');
  });

  it('offers Copy, Exclude and Continue from Here on every message, Edit on user messages, and Regenerate on the last reply only', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b'), user(2, 'c'), assistant(3, 'd')] }));
    const buttons = (index: number): string[] =>
      all(chat.message(index), ':scope > .message-actions > button').map((button) => button.className);
    assert.deepEqual(buttons(0), [
      'icon-button message-copy',
      'icon-button message-edit',
      'icon-button message-exclude',
      'icon-button message-fork',
    ]);
    assert.deepEqual(buttons(1), [
      'icon-button message-copy',
      'icon-button message-show-request',
      'icon-button message-exclude',
      'icon-button message-fork',
    ]);
    assert.deepEqual(buttons(3), [
      'icon-button message-copy',
      'icon-button message-show-request',
      'icon-button message-exclude',
      'icon-button message-fork',
      'icon-button message-regenerate',
    ]);
    assert.equal(one(chat.message(2), 'button.message-fork').getAttribute('aria-label'), 'Continue in a new chat from here');
    assert.equal(one(chat.message(1), 'button.message-show-request').getAttribute('aria-label'), 'Show Request');
    assert.equal(one(chat.message(3), 'button.message-regenerate').getAttribute('aria-label'), 'Regenerate reply');
    assert.equal(one(chat.message(0), 'button.message-edit').getAttribute('aria-label'), 'Edit and resend');
  });

  it('moves Regenerate to the newest reply as replies arrive, and posts regenerate, copyMessage and forkConversation when pressed', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b')] }));
    chat.receive(appended([user(2, 'c'), assistant(3, 'd')]));
    assert.deepEqual(
      all(chat.root, 'button.message-regenerate').map((button) => button.closest('li')?.dataset['index']),
      ['3'],
    );

    click(one(chat.message(3), 'button.message-regenerate'));
    click(one(chat.message(1), 'button.message-copy'));
    click(one(chat.message(1), 'button.message-show-request'));
    click(one(chat.message(2), 'button.message-fork'));
    assert.deepEqual(page.host.posted, [
      { type: 'regenerate' },
      { type: 'copyMessage', index: 1 },
      { type: 'codeAction', reply: { conversationId: CONVERSATION_ID, index: 1 }, action: 'showRequest', block: 'all' },
      { type: 'forkConversation', index: 2 },
    ]);
  });

  it('offers Review changes in N files on a reply whose blocks name files (a refused path not counted), Undo on a reply whose turn changed files, and posts both', () => {
    const named = ['```ts src/a.ts', 'a', '```', '', '```ts', '// filepath: src/b.ts', 'b', '```', '', '```ts ../out.ts', 'c', '```'].join(
      '\n',
    );
    const chat = ChatPage.mount(
      page,
      chatState({
        messages: [
          user(0, 'a'),
          assistant(1, named),
          user(2, 'c'),
          assistant(3, '```ts\nplain\n```'),
          user(4, 'e'),
          assistant(5, 'no code'),
        ],
      }),
    );
    const review = one(chat.message(1), 'button.message-review');
    assert.equal(review.getAttribute('aria-label'), 'Review changes in 2 files');
    assert.equal(all(chat.message(3), 'button.message-review').length, 0, 'unnamed code has nothing to review');
    assert.equal(all(chat.root, 'button.message-undo-turn').length, 0, 'no turn has changed a file yet');
    chat.receive({ type: 'undoableTurns', conversationId: CONVERSATION_ID, indexes: [3, 5] });
    assert.equal(all(chat.message(3), 'button.message-undo-turn').length, 1, 'Insert changed a file in this turn');
    const undo = one(chat.message(3), 'button.message-undo-turn');
    assert.equal(undo.getAttribute('aria-label'), 'Undo changes of this turn');
    assert.match(undo.title, /custom actions did on its side cannot be undone/, 'it says before the click what stays');
    assert.deepEqual(
      all(chat.message(5), '.message-actions button').map((button) => button.className.replace('icon-button ', '')),
      ['message-copy', 'message-show-request', 'message-exclude', 'message-fork', 'message-undo-turn', 'message-regenerate'],
      'Undo comes before Regenerate',
    );
    assert.equal(all(chat.message(1), 'button.message-undo-turn').length, 0);
    click(review);
    click(one(chat.message(3), 'button.message-undo-turn'));
    assert.deepEqual(page.host.posted, [
      { type: 'reviewFiles', index: 1 },
      { type: 'undoTurn', index: 3 },
    ]);
    chat.receive({ type: 'undoableTurns', conversationId: CONVERSATION_ID, indexes: [] });
    assert.equal(all(chat.root, 'button.message-undo-turn').length, 0, 'undone: nothing left to undo');
    chat.receive({ type: 'undoableTurns', conversationId: 'another-conversation', indexes: [3] });
    assert.equal(all(chat.root, 'button.message-undo-turn').length, 0, 'another conversation’s turns do not count');
  });

  it('scans a long reply for file names a task after rendering it', () => {
    const long = `${'A long answer. '.repeat(2000)}\n\n\`\`\`ts src/a.ts\na\n\`\`\``;
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, long)] }));
    assert.equal(all(chat.message(1), 'button.message-review').length, 0, 'not in the rendering task');
    page.clock.runAll();
    assert.equal(one(chat.message(1), 'button.message-review').getAttribute('aria-label'), 'Review changes in 1 file');
  });

  it('adds appended messages at the end, and replaces a message whose index is already shown along with everything after it', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'old answer'), user(2, 'c'), assistant(3, 'd')] }));
    chat.receive(appended([user(4, 'e')]));
    assert.deepEqual(chat.indexes(), [0, 1, 2, 3, 4]);

    chat.receive(appended([assistant(1, 'new answer')]));
    assert.deepEqual(chat.indexes(), [0, 1]);
    assert.equal(textOf(one(chat.message(1), '.message-content')), 'new answer');
  });

  it('removes the messages from the truncated index on', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b'), user(2, 'c'), assistant(3, 'd')] }));
    chat.receive(truncated(2));
    assert.deepEqual(chat.indexes(), [0, 1]);
    assert.deepEqual(
      all(chat.root, 'button.message-regenerate').map((button) => button.closest('li')?.dataset['index']),
      ['1'],
    );
  });

  it('ignores appended and truncated messages of another conversation', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b')] }));
    chat.receive(appended([user(2, 'elsewhere')], 'c2'), truncated(0, 'c2'));
    assert.deepEqual(chat.indexes(), [0, 1]);
  });

  it('replaces everything on a new conversation state', () => {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'first conversation')] }));
    chat.receive(chatState({ id: 'c2', messages: [user(0, 'second'), assistant(1, 'conversation')] }));
    assert.deepEqual(all(chat.root, 'li.chat-message .message-content').map(textOf), ['second', 'conversation']);
  });
});

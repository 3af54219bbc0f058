import * as assert from 'node:assert/strict';
import { assistant, chatState, historyItem, user } from '../helpers/chatFixtures';
import { usePage, type Page } from '../helpers/page';
import { ChatPage, ReplyPage } from '../helpers/views';

type Cases = ReadonlyArray<readonly [name: string, message: unknown]>;

/** A raw chatState of conversation c2 holding `messages` as given. */
function stateWith(messages: readonly unknown[]): unknown {
  return {
    type: 'chatState',
    conversation: { id: 'c2', title: 'Other', systemPrompt: '', busy: false, messages },
    draft: '',
    attachments: [],
    cluster: null,
    history: [],
    historyComplete: true,
  };
}

const NOT_MESSAGES: Cases = [
  ['null', null],
  ['a number', 42],
  ['a string', 'chatState'],
  ['an array', [{ type: 'focusInput' }]],
  ['no type', {}],
  ['an unknown type', { type: 'deleteEverything' }],
  ['a type that is not text', { type: 7 }],
  ['a key that only looks like a type', JSON.parse('{"__proto__": {"type": "busy"}, "conversationId": "c1", "busy": true}') as unknown],
];

const BROKEN_CONVERSATIONS: Cases = [
  ['a chatState without a conversation', { type: 'chatState', draft: '', attachments: [], history: [] }],
  ['messages out of order', stateWith([user(1, 'b'), user(0, 'a')])],
  ['a system message', stateWith([{ index: 0, role: 'system', content: 'x' }])],
  ['a fractional index', { type: 'messagesAppended', conversationId: 'c1', messages: [{ index: 2.5, role: 'user', content: 'x' }] }],
  ['a negative index', { type: 'messagesTruncated', conversationId: 'c1', index: -1 }],
  ['an index as text', { type: 'messagesTruncated', conversationId: 'c1', index: '0' }],
  [
    'content that is not text',
    { type: 'messagesAppended', conversationId: 'c1', messages: [{ index: 2, role: 'user', content: { html: '<b>' } }] },
  ],
  ['no conversation id', { type: 'messagesAppended', messages: [user(2, 'x')] }],
  ['an overlong conversation id', { type: 'busy', conversationId: 'c'.repeat(201), busy: true }],
];

const BROKEN_UPDATES: Cases = [
  ['busy as text', { type: 'busy', conversationId: 'c1', busy: 'yes' }],
  ['an unknown error action', { type: 'error', conversationId: 'c1', error: { index: 0, message: 'x', actions: ['formatDisk'] } }],
  ['an error message that is not text', { type: 'error', conversationId: 'c1', error: { index: 0, message: 5, actions: [] } }],
  ['an attachment without its size', { type: 'attachments', attachments: [{ id: 'a1', label: 'x.ts' }] }],
  ['a cluster with a numeric id', { type: 'cluster', cluster: { id: 1, label: 'x' } }],
  ['a history without its active id', { type: 'history', history: [historyItem('c1', 't')] }],
  ['a history item without its time', { type: 'history', history: [{ id: 'c1', title: 't', messageCount: 1 }], activeId: 'c1' }],
  ['a system prompt without its conversation', { type: 'systemPrompt', systemPrompt: 'x' }],
  ['a draft that is not text', { type: 'setDraft', text: 42 }],
  ['an overlong draft', { type: 'setDraft', text: 'x'.repeat(1_000_001) }],
  ['an outcome for an unknown action', { type: 'actionDone', reply: { conversationId: 'c1', index: 1 }, action: 'format', ok: true }],
  ['an outcome naming its reply as text', { type: 'actionDone', reply: 'c1:1', action: 'copy', ok: true }],
];

interface Snapshot {
  readonly html: string;
  readonly input: string;
  readonly state: unknown;
  readonly saves: number;
  readonly posted: number;
}

function snapshot(page: Page, root: HTMLElement, input?: HTMLTextAreaElement): Snapshot {
  return {
    html: root.innerHTML,
    input: input?.value ?? '',
    state: page.host.state,
    saves: page.host.setStateCalls,
    posted: page.host.posted.length,
  };
}

describe('Malformed host messages', () => {
  const page = usePage();

  /** Feeds each case to one chat view; none may change the page, the saved state or post anything. */
  function assertChatIgnores(cases: Cases): void {
    const chat = ChatPage.mount(page, chatState({ messages: [user(0, 'a'), assistant(1, 'b')], draft: 'draft', systemPrompt: 'p' }));
    page.clock.runAll();
    const before = snapshot(page, chat.root, chat.input);
    for (const [name, message] of cases) {
      assert.doesNotThrow(() => chat.receive(message), name);
      page.clock.runAll();
      assert.deepEqual(snapshot(page, chat.root, chat.input), before, name);
    }
  }

  it('chat view ignores what is not a message at all', () => {
    assertChatIgnores(NOT_MESSAGES);
  });

  it('chat view ignores conversations and message updates with broken messages or ids', () => {
    assertChatIgnores(BROKEN_CONVERSATIONS);
  });

  it('chat view ignores updates with a missing or mistyped field', () => {
    assertChatIgnores(BROKEN_UPDATES);
  });

  it('chat view takes the well-formed state the broken ones were made from', () => {
    const chat = ChatPage.mount(page, chatState());
    chat.receive(stateWith([user(0, 'a'), assistant(1, 'b')]));
    assert.deepEqual(chat.indexes(), [0, 1]);
  });

  it('chat view takes a well-formed message with extra fields, and only its known fields', () => {
    const chat = ChatPage.mount(page, chatState());
    chat.receive({ type: 'busy', conversationId: 'c1', busy: true, html: '<img src=x onerror=alert(1)>' });
    assert.equal(chat.busy.hidden, false);
    assert.equal(chat.root.querySelectorAll('img').length, 0);
  });

  it('reply view ignores malformed replies and outcomes, and keeps its saved reply', () => {
    const reply = { replyId: 'r1', title: 'Explain', cluster: 'Demo', markdown: 'Text', actions: ['copy'] };
    const view = ReplyPage.mount(page, { type: 'showReply', reply: { ...reply, actions: ['copy'] } });
    const before = snapshot(page, view.root);
    const cases: Cases = [
      ['null', null],
      ['an unknown type', { type: 'showReplies', reply }],
      ['a reply without markdown', { type: 'showReply', reply: { ...reply, markdown: undefined } }],
      ['an unknown action', { type: 'showReply', reply: { ...reply, actions: ['copy', 'format'] } }],
      ['actions that are not a list', { type: 'showReply', reply: { ...reply, actions: 'copy' } }],
      ['an overlong reply id', { type: 'showReply', reply: { ...reply, replyId: 'r'.repeat(201) } }],
      ['an outcome without ok', { type: 'actionDone', replyId: 'r1', action: 'copy' }],
    ];
    for (const [name, message] of cases) {
      assert.doesNotThrow(() => view.receive(message), name);
      page.clock.runAll();
      assert.deepEqual(snapshot(page, view.root), before, name);
    }
  });
});

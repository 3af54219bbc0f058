import * as assert from 'node:assert/strict';
import { parseChatHostMessage } from '../../../../src/chat/common/hostToChatSchema';

const conversation = {
  id: 'c-1',
  title: 'Refactor math.ts',
  systemPrompt: 'Be brief.',
  messages: [
    { index: 0, role: 'user', content: 'Hi <b>there</b>' },
    { index: 1, role: 'assistant', content: '```ts\nconst x = 1;\n```', cluster: 'Reviewers' },
  ],
  busy: false,
};

const chatState = {
  type: 'chatState',
  conversation,
  draft: 'unsent',
  attachments: [{ id: 'a-1', label: 'src/math.ts:1-3', lines: 3 }],
  cluster: { id: 'reviewers', label: 'Reviewers' },
  history: [{ id: 'c-1', title: 'Refactor math.ts', updatedAt: '2025-01-01T00:00:00.000Z', messageCount: 2 }],
  historyComplete: true,
};

const error = { index: 2, message: 'The cluster did not answer.', actions: ['retry', 'showLog'] };

describe('chat host messages', () => {
  it('accepts a full chatState and keeps only the known fields', () => {
    const message = parseChatHostMessage({ ...chatState, extra: 1, conversation: { ...conversation, extra: true } });
    assert.deepEqual(message, chatState);
  });

  it('accepts a chatState without cluster, with an error, and with null for "none"', () => {
    const withError = parseChatHostMessage({ ...chatState, cluster: undefined, conversation: { ...conversation, error } });
    assert.equal(withError?.type, 'chatState');
    assert.ok(withError?.type === 'chatState');
    assert.equal(withError.cluster, undefined);
    assert.deepEqual(withError.conversation.error, error);
    const withNull = parseChatHostMessage({ ...chatState, cluster: null, conversation: { ...conversation, error: null } });
    assert.ok(withNull?.type === 'chatState');
    assert.equal(withNull.cluster, undefined);
    assert.equal(withNull.conversation.error, undefined);
  });

  it('accepts every incremental message type', () => {
    const samples: unknown[] = [
      { type: 'messagesAppended', conversationId: 'c-1', messages: [{ index: 2, role: 'user', content: 'more' }] },
      { type: 'messagesTruncated', conversationId: 'c-1', index: 1 },
      { type: 'busy', conversationId: 'c-1', busy: true },
      { type: 'error', conversationId: 'c-1', error },
      { type: 'error', conversationId: 'c-1', error: undefined },
      { type: 'attachments', attachments: [] },
      { type: 'cluster', cluster: { id: 'x', label: 'X' } },
      { type: 'cluster', cluster: undefined },
      { type: 'history', history: chatState.history, complete: true, activeId: 'c-1' },
      { type: 'systemPrompt', conversationId: 'c-1', systemPrompt: '' },
      { type: 'setDraft', text: 'edit me' },
      { type: 'focusInput' },
      { type: 'actionDone', reply: { conversationId: 'c-1', index: 1 }, action: 'copy', ok: true },
    ];
    for (const sample of samples) {
      assert.deepEqual(parseChatHostMessage(sample), sample, JSON.stringify(sample));
    }
  });

  it('drops repeated error actions', () => {
    const parsed = parseChatHostMessage({
      type: 'error',
      conversationId: 'c-1',
      error: { ...error, actions: ['retry', 'retry', 'updateApiKey'] },
    });
    assert.ok(parsed?.type === 'error');
    assert.deepEqual(parsed.error?.actions, ['retry', 'updateApiKey']);
  });

  it('reads a message whose cluster is undefined or null as one without a cluster', () => {
    const parsed = parseChatHostMessage({
      type: 'messagesAppended',
      conversationId: 'c',
      messages: [
        { index: 0, role: 'assistant', content: 'x', cluster: undefined },
        { index: 1, role: 'assistant', content: 'y', cluster: null },
      ],
    });
    assert.ok(parsed?.type === 'messagesAppended');
    assert.deepEqual(
      parsed.messages.map((message) => message.cluster),
      [undefined, undefined],
    );
  });

  const malformed: unknown[] = [
    undefined,
    null,
    'chatState',
    [],
    { type: 'showReply', reply: {} },
    { type: 'ready' },
    { ...chatState, draft: 5 },
    { ...chatState, attachments: undefined },
    { ...chatState, history: [{ id: 'c-1' }] },
    { ...chatState, cluster: { id: 'x' } },
    { ...chatState, conversation: { ...conversation, busy: 'no' } },
    { ...chatState, conversation: { ...conversation, id: 'x'.repeat(201) } },
    { ...chatState, conversation: { ...conversation, messages: [{ index: 0, role: 'system', content: 'x' }] } },
    { ...chatState, conversation: { ...conversation, messages: [{ index: -1, role: 'user', content: 'x' }] } },
    { ...chatState, conversation: { ...conversation, messages: [{ index: 0.5, role: 'user', content: 'x' }] } },
    { ...chatState, conversation: { ...conversation, messages: [...conversation.messages].reverse() } },
    { ...chatState, conversation: { ...conversation, messages: [conversation.messages[0], conversation.messages[0]] } },
    { ...chatState, conversation: { ...conversation, error: { ...error, actions: ['launchMissiles'] } } },
    { type: 'messagesAppended', conversationId: 'c-1', messages: 'x' },
    { type: 'messagesAppended', messages: [] },
    { type: 'messagesTruncated', conversationId: 'c-1', index: '1' },
    { type: 'busy', conversationId: 'c-1' },
    { type: 'error', conversationId: 'c-1', error: { index: 1, message: 2, actions: [] } },
    { type: 'attachments', attachments: [{ id: 'a', label: 'x', lines: -1 }] },
    { type: 'cluster', cluster: 'x' },
    { type: 'history', history: [] },
    { type: 'systemPrompt', conversationId: 'c-1' },
    { type: 'setDraft', text: null },
    { type: 'actionDone', reply: { conversationId: 'c-1', index: 1 }, action: 'launch', ok: true },
    { type: 'actionDone', replyId: 'c-1:1', action: 'copy', ok: true },
    { type: 'actionDone', reply: { conversationId: 'c-1', index: 1 }, action: 'copy', ok: 1 },
  ];

  for (const raw of malformed) {
    it(`refuses ${JSON.stringify(raw)?.slice(0, 140) ?? String(raw)}`, () => {
      assert.equal(parseChatHostMessage(raw), undefined);
    });
  }
});

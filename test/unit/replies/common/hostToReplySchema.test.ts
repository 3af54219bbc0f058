import * as assert from 'node:assert/strict';
import { DEFAULT_MAX_RESPONSE_BYTES } from '../../../../src/client/node/clusterClient';
import { parseChatHostMessage } from '../../../../src/chat/common/hostToChatSchema';
import { parseHostMessage, parseReplyViewModel } from '../../../../src/replies/common/hostToReplySchema';
import { MAX_MESSAGE_LENGTH } from '../../../../src/replies/common/replyProtocol';
import { replyState, savedReply } from '../../../../src/replies/browser/replyState';

const reply = {
  replyId: 'r-1',
  title: 'Explain · hello.ts',
  cluster: 'Reviewers',
  markdown: '# Hi\n',
  actions: ['copy', 'insert'],
};

describe('host messages', () => {
  it('accepts a well-formed showReply and keeps only the known fields', () => {
    const message = parseHostMessage({ type: 'showReply', reply: { ...reply, extra: 1 }, extra: true });
    assert.deepEqual(message, { type: 'showReply', reply });
  });

  it('accepts a well-formed actionDone', () => {
    assert.deepEqual(parseHostMessage({ type: 'actionDone', replyId: 'r-1', action: 'copy', ok: false }), {
      type: 'actionDone',
      replyId: 'r-1',
      action: 'copy',
      ok: false,
    });
  });

  it('removes repeated actions', () => {
    assert.deepEqual(parseReplyViewModel({ ...reply, actions: ['copy', 'copy', 'diff'] })?.actions, ['copy', 'diff']);
  });

  const malformed: unknown[] = [
    undefined,
    null,
    'showReply',
    42,
    [],
    {},
    { type: 'unknown' },
    { type: 'ready' },
    { type: 'showReply' },
    { type: 'showReply', reply: null },
    { type: 'showReply', reply: { ...reply, markdown: 5 } },
    { type: 'showReply', reply: { ...reply, title: undefined } },
    { type: 'showReply', reply: { ...reply, cluster: {} } },
    { type: 'showReply', reply: { ...reply, replyId: 'x'.repeat(201) } },
    { type: 'showReply', reply: { ...reply, actions: 'copy' } },
    { type: 'showReply', reply: { ...reply, actions: ['copy', 'launchMissiles'] } },
    { type: 'showReply', reply: { ...reply, actions: [1] } },
    { type: 'actionDone', replyId: 'r-1', action: 'copy' },
    { type: 'actionDone', replyId: 'r-1', action: 'copy', ok: 'yes' },
    { type: 'actionDone', replyId: 1, action: 'copy', ok: true },
    { type: 'actionDone', replyId: 'r-1', action: 'toString', ok: true },
  ];

  for (const raw of malformed) {
    it(`refuses ${JSON.stringify(raw) ?? String(raw)}`, () => {
      assert.equal(parseHostMessage(raw), undefined);
    });
  }
});

describe('saved reply state', () => {
  it('round-trips a reply', () => {
    const model = parseReplyViewModel(reply);
    assert.ok(model);
    assert.deepEqual(savedReply(JSON.parse(JSON.stringify(replyState(model)))), model);
  });

  it('ignores missing or foreign state', () => {
    for (const state of [
      undefined,
      null,
      'x',
      {},
      { view: 'chat', reply },
      { view: 'reply' },
      { view: 'reply', reply: { ...reply, actions: ['nope'] } },
    ]) {
      assert.equal(savedReply(state), undefined);
    }
  });
});

describe('the longest reply', () => {
  it('is never refused by a webview: every reply the client accepts fits both views', () => {
    assert.ok(MAX_MESSAGE_LENGTH >= DEFAULT_MAX_RESPONSE_BYTES, 'a reply of the largest response the client takes fits');
    const markdown = 'x'.repeat(DEFAULT_MAX_RESPONSE_BYTES - 64);
    assert.equal(
      (parseHostMessage({ type: 'showReply', reply: { ...reply, markdown } }) as { reply: { markdown: string } } | undefined)?.reply
        .markdown.length,
      markdown.length,
    );
    const appended = parseChatHostMessage({
      type: 'messagesAppended',
      conversationId: 'c-1',
      messages: [{ index: 1, role: 'assistant', content: markdown }],
    });
    assert.equal(appended?.type, 'messagesAppended');
  });
});

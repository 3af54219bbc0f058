import * as assert from 'node:assert/strict';
import type { ChatMessageView, ConversationView } from '../../../../src/chat/common/chatProtocol';
import { ChatModel } from '../../../../src/chat/browser/chatModel';

function message(index: number, role: ChatMessageView['role'] = index % 2 === 0 ? 'user' : 'assistant'): ChatMessageView {
  return { index, role, content: `message ${index}` };
}

function conversation(count: number): ConversationView {
  return { id: 'c-1', title: 'T', systemPrompt: '', messages: Array.from({ length: count }, (_, index) => message(index)), busy: false };
}

describe('chat model', () => {
  it('loads a conversation and recognises messages for it only', () => {
    const model = new ChatModel();
    assert.equal(model.isShown('c-1'), false);
    model.load({ ...conversation(4), busy: true });
    assert.equal(model.conversationId, 'c-1');
    assert.equal(model.activeId, 'c-1');
    assert.equal(model.busy, true);
    assert.equal(model.messages.length, 4);
    assert.ok(model.isShown('c-1'));
    assert.equal(model.isShown('c-2'), false);
  });

  it('appends messages at the end', () => {
    const model = new ChatModel();
    model.load(conversation(2));
    assert.equal(model.append([message(2), message(3)]), undefined);
    assert.deepEqual(
      model.messages.map((item) => item.index),
      [0, 1, 2, 3],
    );
    assert.equal(model.append([]), undefined);
  });

  it('replaces messages from an index that is appended again', () => {
    const model = new ChatModel();
    model.load(conversation(4));
    const replacement = { index: 2, role: 'user', content: 'edited' } as const;
    assert.equal(model.append([replacement]), 2);
    assert.deepEqual(model.messages, [message(0), message(1), replacement]);
  });

  it('truncates from an index', () => {
    const model = new ChatModel();
    model.load(conversation(5));
    model.truncate(3);
    assert.deepEqual(
      model.messages.map((item) => item.index),
      [0, 1, 2],
    );
    model.truncate(10);
    assert.equal(model.messages.length, 3);
    model.truncate(0);
    assert.equal(model.messages.length, 0);
  });

  it('finds messages by index, also with gaps', () => {
    const model = new ChatModel();
    model.load({ ...conversation(0), messages: [message(0), message(3), message(7), message(8)] });
    assert.equal(model.messageAt(7)?.content, 'message 7');
    assert.equal(model.messageAt(0)?.content, 'message 0');
    assert.equal(model.messageAt(8)?.content, 'message 8');
    assert.equal(model.messageAt(1), undefined);
    assert.equal(model.messageAt(9), undefined);
  });

  it('knows the last message of each role', () => {
    const model = new ChatModel();
    model.load(conversation(5));
    assert.equal(model.lastIndexOf('user'), 4);
    assert.equal(model.lastIndexOf('assistant'), 3);
    model.truncate(1);
    assert.equal(model.lastIndexOf('assistant'), undefined);
  });

  it('names the author of a message', () => {
    const model = new ChatModel();
    assert.equal(model.authorOf(message(0, 'user'), 'You', 'Assistant'), 'You');
    assert.equal(model.authorOf({ ...message(1, 'assistant'), cluster: 'Reviewers' }, 'You', 'Assistant'), 'Reviewers');
    assert.equal(model.authorOf(message(1, 'assistant'), 'You', 'Assistant'), 'Assistant');
  });

  it('does not share the loaded message array with the caller', () => {
    const source = conversation(2);
    const model = new ChatModel();
    model.load(source);
    model.append([message(2)]);
    assert.equal(source.messages.length, 2);
  });
});

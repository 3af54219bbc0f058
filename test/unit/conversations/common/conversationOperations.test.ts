import * as assert from 'node:assert/strict';
import { newConversation, requestMessages, type StoredConversation } from '../../../../src/conversations/common/conversation';
import { applyRecords, encodeRecord, type LogRecord, replayLog } from '../../../../src/conversations/common/conversationLog';
import {
  type ConversationOperation,
  forkOperations,
  recordsFor,
  recordsOfWhole,
} from '../../../../src/conversations/common/conversationOperations';

const at = '2026-11-26T10:00:00.000Z';

/** Carries out operations on a fresh conversation, as the store does: records from each, applied in turn. */
function carriedOut(...operations: ConversationOperation[]): { conversation: StoredConversation; records: LogRecord[][] } {
  let counter = 0;
  let replay = {
    conversation: newConversation('c1', 'Be brief.', new Date(at)),
    skipped: 0,
    explicitTitle: undefined as string | undefined,
  };
  const records: LogRecord[][] = [];
  for (const operation of operations) {
    const more = recordsFor(operation, replay.conversation, { logged: records.length > 0, newMessageId: () => `m${++counter}`, now: at });
    replay = applyRecords(replay, more);
    records.push(more);
  }
  return { conversation: replay.conversation, records };
}

const question: ConversationOperation = { kind: 'append', messages: [{ role: 'user', content: 'Q1', at }] };
const reply: ConversationOperation = { kind: 'append', messages: [{ role: 'assistant', content: 'R1', cluster: 'demo', at }] };

describe('conversation operations, as log records', () => {
  it('begins a log with its meta record, and names each appended message', () => {
    const { conversation, records } = carriedOut(question, reply);
    assert.deepEqual(
      records.map((batch) => batch.map((record) => record.t)),
      [['meta', 'msg'], ['msg']],
    );
    assert.deepEqual(
      conversation.messages.map((message) => [message.id, message.content]),
      [
        ['m1', 'Q1'],
        ['m2', 'R1'],
      ],
    );
    assert.equal(conversation.title, 'Q1');
  });

  it('keeps a new conversation with its meta record alone; an operation that changes nothing writes nothing', () => {
    assert.deepEqual(carriedOut({ kind: 'keep' }).records, [[{ t: 'meta', v: 2, id: 'c1', createdAt: at, systemPrompt: 'Be brief.' }]]);
    const { records } = carriedOut(
      question,
      { kind: 'keep' },
      { kind: 'rename', title: 'Q1' },
      { kind: 'systemPrompt', systemPrompt: 'Be brief.' },
      { kind: 'truncate', index: 5 },
      { kind: 'exclude', index: 0, excluded: false },
    );
    assert.deepEqual(records.slice(1), [[], [], [], [], []]);
  });

  it('truncates by naming the dropped messages, so messages another window added stay', () => {
    const { conversation, records } = carriedOut(question, reply, { kind: 'truncate', index: 1 });
    assert.deepEqual(records[2], [{ t: 'drop', ids: ['m2'], at }]);
    assert.deepEqual(
      conversation.messages.map((message) => message.content),
      ['Q1'],
    );
  });

  it('excludes and includes a message, but never the newest: it is what the turn asks', () => {
    const excluded = carriedOut(question, reply, question, { kind: 'exclude', index: 0, excluded: true });
    assert.deepEqual(excluded.records[3], [{ t: 'excl', ids: ['m1'], excluded: true, at }]);
    assert.equal(excluded.conversation.messages[0]?.excluded, true);
    const newest = carriedOut(question, reply, { kind: 'exclude', index: 1, excluded: true });
    assert.deepEqual(newest.records[2], []);
    assert.equal(newest.conversation.messages[1]?.excluded, undefined);
    const included = carriedOut(
      question,
      reply,
      question,
      { kind: 'exclude', index: 0, excluded: true },
      { kind: 'exclude', index: 0, excluded: false },
    );
    assert.equal(included.conversation.messages[0]?.excluded, undefined);
  });

  it('renames and sets the system prompt as records of their own; the title then stays', () => {
    const { conversation } = carriedOut(question, { kind: 'rename', title: 'Mine' }, { kind: 'systemPrompt', systemPrompt: 'Be kind.' });
    assert.equal(conversation.title, 'Mine');
    assert.equal(conversation.systemPrompt, 'Be kind.');
  });

  it('writes a whole conversation held elsewhere with its exclusion marks and title', () => {
    const { conversation } = carriedOut(question, reply, question, { kind: 'exclude', index: 0, excluded: true });
    const records = recordsOfWhole({ ...conversation, title: 'Kept title' }, () => 'unused');
    const replayed = applyRecords({ conversation: newConversation('c1', '', new Date(0)), skipped: 0, explicitTitle: undefined }, records);
    assert.deepEqual(replayed.conversation.messages, conversation.messages);
    assert.equal(replayed.conversation.title, 'Kept title');
    assert.equal(replayed.conversation.systemPrompt, 'Be brief.');
  });

  it('freezes a turn’s instructions with its user message: replayed from disk, they are sent again byte for byte', () => {
    const instructions = '```md AGENTS.md\nUse tabs.\n```';
    const asked: ConversationOperation = { kind: 'append', messages: [{ role: 'user', content: 'Q2', at, instructions }] };
    const { conversation, records } = carriedOut(question, reply, asked);
    const fromDisk = replayLog('c1', records.flat().map(encodeRecord).join('')).conversation;
    const expected = [
      { role: 'system', content: `Be brief.\n\n${instructions}` },
      { role: 'user', content: 'Q1' },
      { role: 'assistant', content: 'R1' },
      { role: 'user', content: 'Q2' },
    ];
    assert.deepEqual(requestMessages(conversation), expected);
    assert.deepEqual(requestMessages(fromDisk), expected, 'the log keeps what was sent');
    const answered = carriedOut(question, reply, asked, { kind: 'append', messages: [{ role: 'assistant', content: 'R2', at }] });
    assert.equal(
      requestMessages(answered.conversation)[0]?.content,
      `Be brief.\n\n${instructions}`,
      'the newest user message’s instructions',
    );
    assert.equal(requestMessages(carriedOut(question, reply).conversation)[0]?.content, 'Be brief.', 'an earlier turn sent none');
  });

  it('keeps how many attachment blocks end a user message, so its chips come back from disk; none when there were none', () => {
    const asked: ConversationOperation = {
      kind: 'append',
      messages: [{ role: 'user', content: 'Q2\n\na.ts:\n\n```ts\nx\n```', at, attached: 1 }],
    };
    const { records } = carriedOut(question, reply, asked);
    const fromDisk = replayLog('c1', records.flat().map(encodeRecord).join('')).conversation;
    assert.deepEqual(
      fromDisk.messages.map((message) => message.attached),
      [undefined, undefined, 1],
    );
  });

  it('forks from a message: the system prompt, the messages up to it with their frozen instructions, exclusions and a title', () => {
    const asked: ConversationOperation = {
      kind: 'append',
      messages: [{ role: 'user', content: 'Q2\n\na.ts:\n\n```ts\nx\n```', at, instructions: 'AGENTS.md:\n\nBe kind.', attached: 1 }],
    };
    const answered: ConversationOperation = { kind: 'append', messages: [{ role: 'assistant', content: 'R2', cluster: 'demo', at }] };
    const original = carriedOut(
      { kind: 'systemPrompt', systemPrompt: 'Be exact.' },
      question,
      reply,
      asked,
      answered,
      { kind: 'append', messages: [{ role: 'user', content: 'Q3', at }] },
      { kind: 'exclude', index: 1, excluded: true },
    ).conversation;

    const forked = carriedOut(...forkOperations(original, 3, (title) => `${title} (fork)`)).conversation;
    assert.equal(forked.systemPrompt, 'Be exact.');
    assert.equal(forked.title, 'Q1 (fork)');
    const strip = ({ id: _id, ...message }: StoredConversation['messages'][number]): object => message;
    assert.deepEqual(forked.messages.map(strip), original.messages.slice(0, 4).map(strip), 'the same messages, marks included');
    assert.deepEqual(requestMessages(forked), requestMessages({ ...original, messages: original.messages.slice(0, 4) }), 'the same bytes');
    assert.equal(original.messages.length, 5, 'the original keeps every message');

    assert.deepEqual(
      carriedOut(...forkOperations(original, 0, (title) => `${title} (fork)`)).conversation.messages.map((message) => message.content),
      ['Q1'],
      'from the first message, that message alone',
    );
    const before = carriedOut(...forkOperations(original, -1, (title) => `${title} (fork)`)).conversation;
    assert.deepEqual(
      [before.messages, before.title, before.systemPrompt],
      [[], 'New chat', 'Be exact.'],
      'before the first: none, untitled',
    );
  });
});

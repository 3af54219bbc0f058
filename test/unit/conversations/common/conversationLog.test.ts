import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { newConversation, type NewMessage } from '../../../../src/conversations/common/conversation';
import { applyRecords, encodeRecord, type LogRecord, replayLog } from '../../../../src/conversations/common/conversationLog';
import { type ConversationOperation, recordsFor } from '../../../../src/conversations/common/conversationOperations';
import { conversationIdOf, ConversationLogFiles, type ReadLog } from '../../../../src/conversations/node/conversationLogFiles';
import { temporaryFolderPerTest } from '../../helpers/temporaryFolder';

const now = new Date('2026-11-21T10:00:00Z');
const at = now.toISOString();
let counter = 0;
const nextId = () => `m${++counter}`;

/** Appends messages that take turns: a question, a reply, a question… */
function withMessages(...contents: string[]): { kind: 'append'; messages: NewMessage[] } {
  const messages = contents.map((content, index): NewMessage =>
    index % 2 === 0 ? { role: 'user', content, at } : { role: 'assistant', content, cluster: 'demo', at },
  );
  return { kind: 'append', messages };
}

function adding(role: 'user' | 'assistant', content: string): ConversationOperation {
  return { kind: 'append', messages: [{ role, content, at }] };
}

/** Carries out operations as a window does: their records from what it last read, appended, then read on. */
async function save(files: ConversationLogFiles, known: ReadLog | undefined, ...operations: ConversationOperation[]): Promise<ReadLog> {
  let replay = known?.replay ?? { conversation: newConversation('c1', 'Be brief.', now), skipped: 0, explicitTitle: undefined };
  const records: LogRecord[] = [];
  for (const operation of operations) {
    const more = recordsFor(operation, replay.conversation, {
      logged: known !== undefined || records.length > 0,
      newMessageId: nextId,
      now: at,
    });
    replay = applyRecords(replay, more);
    records.push(...more);
  }
  await files.append('c1', records);
  const read = known ? await files.readOn('c1', known) : await files.read('c1');
  assert.ok(read);
  return read;
}

describe('conversation logs', () => {
  const temporary = temporaryFolderPerTest('cluster-chat-logs-');

  it('replays what was saved: messages with their clusters, title, system prompt', async () => {
    const files = new ConversationLogFiles(temporary());
    const wanted = withMessages('What does add do?', 'It adds.', 'Thanks');
    const read = await save(files, undefined, wanted);
    const replayed = read.replay.conversation;
    assert.deepEqual(
      replayed.messages.map(({ role, content, cluster }) => ({ role, content, cluster })),
      wanted.messages.map(({ role, content, cluster }) => ({ role, content, cluster })),
    );
    assert.equal(replayed.title, 'What does add do?');
    assert.equal(replayed.systemPrompt, 'Be brief.');
    assert.equal(read.size, fs.statSync(files.logOf('c1')).size);
  });

  it('never erases what another window appended: interleaved saves from two windows keep every message', async () => {
    const windowA = new ConversationLogFiles(temporary());
    const windowB = new ConversationLogFiles(temporary());
    let a = await save(windowA, undefined, withMessages('A1'));
    let b = await windowB.read('c1');
    assert.ok(b);
    // B has not read A's next message yet when it appends its own.
    a = await save(windowA, a, adding('assistant', 'reply to A1'));
    b = await save(windowB, b, adding('user', 'B1'));
    a = await save(windowA, a, adding('user', 'A2'));
    const onDisk = replayLog('c1', fs.readFileSync(windowA.logOf('c1'), 'utf8')).conversation;
    assert.deepEqual(
      onDisk.messages.map((message) => message.content),
      ['A1', 'reply to A1', 'B1', 'A2'],
    );
    assert.deepEqual(a.replay.conversation.messages, onDisk.messages, 'window A read B’s message on');
  });

  it('an edit in one window drops only the messages that window saw, not those another window added meanwhile', async () => {
    const windowA = new ConversationLogFiles(temporary());
    const a = await save(windowA, undefined, withMessages('Q1', 'R1', 'Q2', 'R2'));
    const b = await windowA.read('c1');
    assert.ok(b);
    await save(windowA, b, adding('user', 'from B'));
    await save(windowA, a, { kind: 'truncate', index: 2 }, adding('user', 'Q2 edited'));
    assert.deepEqual(
      replayLog('c1', fs.readFileSync(windowA.logOf('c1'), 'utf8')).conversation.messages.map((message) => message.content),
      ['Q1', 'R1', 'from B', 'Q2 edited'],
    );
  });

  it('a rename and a new system prompt are records of their own; the title no longer follows the first message', async () => {
    const files = new ConversationLogFiles(temporary());
    let read = await save(files, undefined, withMessages('Q1'));
    read = await save(files, read, { kind: 'rename', title: 'Renamed' }, { kind: 'systemPrompt', systemPrompt: 'Be kind.' });
    read = await save(files, read, { kind: 'truncate', index: 0 });
    read = await save(files, read, adding('user', 'Another first question'));
    assert.equal(read.replay.conversation.title, 'Renamed');
    assert.equal(replayLog('c1', fs.readFileSync(files.logOf('c1'), 'utf8')).conversation.systemPrompt, 'Be kind.');
  });

  it('a record cut short at any byte by a crash loses that record only, and the next append is read whole', () => {
    const records: LogRecord[] = [
      { t: 'meta', v: 2, id: 'c1', createdAt: at, systemPrompt: '' },
      { t: 'msg', id: 'm1', role: 'user', content: 'first', at },
      { t: 'msg', id: 'm2', role: 'assistant', content: 'second', cluster: 'demo', at },
    ];
    const complete = records.map(encodeRecord).join('');
    const last = encodeRecord({ t: 'msg', id: 'm3', role: 'user', content: 'third, with "quotes" and ünïcode', at });
    const later = encodeRecord({ t: 'msg', id: 'm4', role: 'user', content: 'written after the crash', at });
    for (let cut = 0; cut < last.length; cut++) {
      const crashed = complete + last.slice(0, cut);
      const contents = replayLog('c1', crashed + later).conversation.messages.map((message) => message.content);
      assert.deepEqual(contents, ['first', 'second', 'written after the crash'], `cut at byte ${cut}`);
      assert.deepEqual(
        replayLog('c1', crashed).conversation.messages.map((message) => message.content),
        ['first', 'second'],
      );
    }
  });

  it('reads on from where it stopped, and reads a log whole again when it was deleted and begun anew', async () => {
    const files = new ConversationLogFiles(temporary());
    const first = await save(files, undefined, withMessages('Q1', 'R1'));
    fs.appendFileSync(files.logOf('c1'), encodeRecord({ t: 'msg', id: 'x1', role: 'user', content: 'appended elsewhere', at }));
    const on = await files.readOn('c1', first);
    assert.deepEqual(
      on?.replay.conversation.messages.map((message) => message.content),
      ['Q1', 'R1', 'appended elsewhere'],
    );
    await files.remove('c1');
    assert.equal(await files.readOn('c1', first), undefined);
    await save(files, undefined, withMessages('new'));
    const again = await files.readOn('c1', first);
    assert.deepEqual(
      again?.replay.conversation.messages.map((message) => message.content),
      ['new'],
    );
  });

  it('a record another window is still writing is left for the next read, then read whole', async () => {
    const files = new ConversationLogFiles(temporary());
    const first = await save(files, undefined, withMessages('Q1'));
    const record = encodeRecord({ t: 'msg', id: 'x1', role: 'assistant', content: 'written in two parts: ünïcode', cluster: 'demo', at });
    const bytes = Buffer.from(record, 'utf8');
    const cut = bytes.indexOf(Buffer.from('ï', 'utf8')) + 1; // inside a two-byte character
    fs.appendFileSync(files.logOf('c1'), bytes.subarray(0, cut));
    const during = await files.readOn('c1', first);
    assert.equal(during?.replay.conversation.messages.length, 1, 'the half-written record is not read yet');
    assert.equal(during?.size, first.size, 'nor counted as read');
    fs.appendFileSync(files.logOf('c1'), bytes.subarray(cut));
    const after = during && (await files.readOn('c1', during));
    assert.deepEqual(
      after?.replay.conversation.messages.map((message) => message.content),
      ['Q1', 'written in two parts: ünïcode'],
    );
    assert.equal(after?.size, fs.statSync(files.logOf('c1')).size);
  });

  it('create publishes a whole log only where none exists', async () => {
    const files = new ConversationLogFiles(temporary());
    const meta: LogRecord = { t: 'meta', v: 2, id: 'c1', createdAt: at, systemPrompt: '' };
    assert.equal(await files.create('c1', [meta, { t: 'msg', id: 'm1', role: 'user', content: 'one', at }]), true);
    assert.equal(await files.create('c1', [meta]), false);
    assert.equal((await files.read('c1'))?.replay.conversation.messages.length, 1);
    assert.deepEqual(fs.readdirSync(temporary()), ['c1.jsonl'], 'no temporary file is left');
  });

  it('keeps drafts in a file of their own, and an empty draft leaves no file', async () => {
    const files = new ConversationLogFiles(temporary());
    await files.writeDraft('c1', 'half a question');
    assert.equal(await files.readDraft('c1'), 'half a question');
    await files.writeDraft('c1', '');
    assert.equal(await files.readDraft('c1'), '');
    assert.deepEqual(fs.readdirSync(temporary()), []);
  });

  it('lists conversations by their logs, and refuses ids that could escape the temporary()', async () => {
    const files = new ConversationLogFiles(temporary());
    await save(files, undefined, withMessages('Q'));
    await files.writeDraft('c2', 'draft only');
    assert.deepEqual(await files.ids(), ['c1']);
    assert.equal(conversationIdOf('c2.draft.json'), 'c2');
    assert.equal(conversationIdOf('index.json'), undefined);
    await assert.rejects(files.append('../escape', [{ t: 'title', title: 'x', at }]), /invalid conversation id/);
  });

  it('keeps exclusions as records: another window reads them on, and taking a message back in is logged too', async () => {
    const files = new ConversationLogFiles(temporary());
    const first = await save(files, undefined, withMessages('Big log', 'Noted.', 'Question'));
    const other = await files.read('c1');
    assert.ok(other);
    const excluded: ConversationOperation = { kind: 'exclude', index: 0, excluded: true };
    const records = recordsFor(excluded, first.replay.conversation, { logged: true, newMessageId: nextId, now: at });
    assert.deepEqual(
      records.map((record) => record.t),
      ['excl'],
    );
    const afterExclude = await save(files, first, excluded);
    assert.equal(afterExclude.replay.conversation.messages[0]?.excluded, true);
    const seenByOther = await files.readOn('c1', other);
    assert.equal(seenByOther?.replay.conversation.messages[0]?.excluded, true, 'the other window reads the mark on');
    assert.equal(replayLog('c1', fs.readFileSync(files.logOf('c1'), 'utf8')).conversation.messages[0]?.excluded, true);
    const included = await save(files, afterExclude, { kind: 'exclude', index: 0, excluded: false });
    assert.equal(included.replay.conversation.messages[0]?.excluded, undefined);
    assert.equal(replayLog('c1', fs.readFileSync(files.logOf('c1'), 'utf8')).skipped, 0);
  });

  it('reads a log written before exclusions existed, and an exclusion of a message dropped meanwhile changes nothing', () => {
    const old = [
      encodeRecord({ t: 'meta', v: 2, id: 'c1', createdAt: at, systemPrompt: '' }),
      '\n{"t":"msg","id":"m1","role":"user","content":"Q","at":"' + at + '"}',
      '\n{"t":"excl","ids":["gone"],"excluded":true,"at":"' + at + '"}',
    ].join('');
    const replayed = replayLog('c1', old);
    assert.equal(replayed.skipped, 0);
    assert.deepEqual(
      replayed.conversation.messages.map((message) => [message.content, message.excluded]),
      [['Q', undefined]],
    );
  });
});

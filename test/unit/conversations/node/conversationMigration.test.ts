import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { appendMessage, newConversation, type StoredConversation } from '../../../../src/conversations/common/conversation';
import {
  indexEntry,
  logSizes,
  RECENT_ENTRIES,
  readIndex,
  readRecent,
  writeIndex,
} from '../../../../src/conversations/node/conversationIndex';
import { ConversationLogFiles } from '../../../../src/conversations/node/conversationLogFiles';
import { migrateOldConversations } from '../../../../src/conversations/node/conversationMigration';
import { temporaryFolderPerTest } from '../../helpers/temporaryFolder';

const now = new Date('2026-11-21T10:00:00Z');

/** A conversation as the earlier format saved it: one JSON file, whole. */
function oldConversation(id: string, title = 'Renamed by hand'): StoredConversation & { version: 1; draft: string } {
  let conversation = newConversation(id, 'Be brief.', now);
  conversation = appendMessage(conversation, { role: 'user', content: 'What does add do?', at: now.toISOString() });
  conversation = appendMessage(conversation, { role: 'assistant', content: 'It adds.', cluster: 'demo', at: now.toISOString() });
  return { version: 1, ...conversation, title, draft: 'and subtract?', updatedAt: '2999-01-01T00:00:00.000Z' };
}

describe('moving conversations of the earlier format into logs', () => {
  const temporary = temporaryFolderPerTest('cluster-chat-migration-');

  it('keeps every message, the title, system prompt, draft and last-change time, then removes the old file', async () => {
    fs.writeFileSync(path.join(temporary(), 'c1.json'), JSON.stringify(oldConversation('c1')));
    const files = new ConversationLogFiles(temporary());
    const { migrated, setAside } = await migrateOldConversations(files);
    assert.deepEqual(migrated, ['c1']);
    assert.deepEqual(setAside, []);
    const read = await files.read('c1');
    const conversation = read?.replay.conversation;
    assert.deepEqual(
      conversation?.messages.map(({ role, content, cluster }) => ({ role, content, cluster })),
      [
        { role: 'user', content: 'What does add do?', cluster: undefined },
        { role: 'assistant', content: 'It adds.', cluster: 'demo' },
      ],
    );
    assert.equal(conversation?.title, 'Renamed by hand');
    assert.equal(conversation?.systemPrompt, 'Be brief.');
    assert.equal(conversation?.updatedAt, '2999-01-01T00:00:00.000Z');
    assert.equal(await files.readDraft('c1'), 'and subtract?');
    assert.deepEqual(fs.readdirSync(temporary()).sort(), ['c1.draft.json', 'c1.jsonl']);
  });

  it('leaves the history index alone: it is no conversation of the earlier format', async () => {
    const files = new ConversationLogFiles(temporary());
    await writeIndex(temporary(), [indexEntry(oldConversation('c1'), 1)]);
    const { migrated, setAside } = await migrateOldConversations(files);
    assert.deepEqual([migrated, setAside], [[], []]);
    assert.equal((await readIndex(temporary())).size, 1);
    assert.equal((await readRecent(temporary()))?.length, 1);
  });

  it('sets an unreadable file aside (never deletes it) and moves the rest', async () => {
    fs.writeFileSync(path.join(temporary(), 'good.json'), JSON.stringify(oldConversation('good')));
    fs.writeFileSync(path.join(temporary(), 'bad.json'), '{"version":1,"id":"bad","tit');
    const { migrated, setAside } = await migrateOldConversations(new ConversationLogFiles(temporary()));
    assert.deepEqual(migrated, ['good']);
    assert.deepEqual(
      setAside.map((entry) => [path.basename(entry.file), entry.reason]),
      [['bad.json', 'not valid JSON']],
    );
    assert.ok(fs.existsSync(setAside[0]?.movedTo ?? ''), 'the unreadable file is kept');
  });

  it('leaves a log another window already began untouched, and still removes the old file', async () => {
    const files = new ConversationLogFiles(temporary());
    fs.writeFileSync(path.join(temporary(), 'c1.json'), JSON.stringify(oldConversation('c1')));
    await migrateOldConversations(files);
    await files.append('c1', [{ t: 'msg', id: 'later', role: 'user', content: 'written after the move', at: now.toISOString() }]);
    fs.writeFileSync(path.join(temporary(), 'c1.json'), JSON.stringify(oldConversation('c1'))); // a second window's stale copy
    await migrateOldConversations(files);
    assert.equal((await files.read('c1'))?.replay.conversation.messages.at(-1)?.content, 'written after the move');
    assert.ok(!fs.existsSync(path.join(temporary(), 'c1.json')));
  });

  it('two windows moving the same temporary() at once end with one log per conversation and every message', async () => {
    for (const id of ['c1', 'c2', 'c3']) {
      fs.writeFileSync(path.join(temporary(), `${id}.json`), JSON.stringify(oldConversation(id)));
    }
    await Promise.all([
      migrateOldConversations(new ConversationLogFiles(temporary())),
      migrateOldConversations(new ConversationLogFiles(temporary())),
    ]);
    const files = new ConversationLogFiles(temporary());
    assert.deepEqual((await files.ids()).sort(), ['c1', 'c2', 'c3']);
    for (const id of ['c1', 'c2', 'c3']) {
      assert.equal((await files.read(id))?.replay.conversation.messages.length, 2, id);
    }
    assert.deepEqual(
      fs.readdirSync(temporary()).filter((name) => name.endsWith('.json') && !name.endsWith('.draft.json')),
      [],
    );
  });
});

describe('the history index', () => {
  const temporary = temporaryFolderPerTest('cluster-chat-index-');

  it('round-trips entries, and reads a missing or damaged index as empty', async () => {
    assert.equal((await readIndex(temporary())).size, 0);
    const entry = indexEntry(oldConversation('c1'), 123);
    await writeIndex(temporary(), [entry]);
    assert.deepEqual([...(await readIndex(temporary())).values()], [entry]);
    fs.writeFileSync(path.join(temporary(), 'index.json'), '{"version":1,"entries":[{"id":');
    assert.equal((await readIndex(temporary())).size, 0);
  });

  it('writes the newest entries, newest first, beside the index: all the chat reads when it opens', async () => {
    assert.equal(await readRecent(temporary()), undefined, 'no recent file: the folder was never indexed');
    const entries = Array.from({ length: RECENT_ENTRIES + 50 }, (_, number) => ({
      ...indexEntry(oldConversation(`c${number}`), 10),
      updatedAt: new Date(Date.UTC(2026, 0, 1) + number * 60_000).toISOString(),
    }));
    await writeIndex(temporary(), entries);
    const recent = await readRecent(temporary());
    assert.equal(recent?.length, RECENT_ENTRIES);
    assert.deepEqual(recent?.[0], entries.at(-1));
    assert.deepEqual(recent?.at(-1), entries[50]);
    assert.equal((await readIndex(temporary())).size, entries.length);
  });

  it('sizes the logs without reading them, leaving out one that is gone', async () => {
    const files = new ConversationLogFiles(temporary());
    await files.append('c1', [{ t: 'title', title: 'x', at: now.toISOString() }]);
    const sizes = await logSizes(
      new Map([
        ['c1', files.logOf('c1')],
        ['gone', files.logOf('gone')],
      ]),
    );
    assert.deepEqual([...sizes], [['c1', fs.statSync(files.logOf('c1')).size]]);
  });
});

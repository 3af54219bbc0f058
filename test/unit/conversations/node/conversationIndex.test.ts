import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import {
  appendIndexChanges,
  type IndexEntry,
  JOURNAL_FILE,
  newestEntries,
  newestFirst,
  RECENT_ENTRIES,
  readIndexAndJournal,
  readRecent,
  writeIndex,
} from '../../../../src/conversations/node/conversationIndex';
import { temporaryFolderPerTest } from '../../helpers/temporaryFolder';

function entry(id: string, minute: number, size = 100): IndexEntry {
  return { id, title: `Chat ${id}`, updatedAt: new Date(Date.UTC(2026, 10, 26, 0, minute)).toISOString(), messageCount: 2, size };
}

describe('the history index and its journal', () => {
  const temporary = temporaryFolderPerTest('cluster-chat-index-');

  it('a change appends one line whatever the history’s length, and reading applies it over the index', async () => {
    const all = Array.from({ length: 1000 }, (_, index) => entry(`c${index}`, index));
    await writeIndex(temporary(), all);
    const indexBytes = fs.statSync(path.join(temporary(), 'index.json')).size;
    const changed = entry('c3', 5000);
    await appendIndexChanges(temporary(), [{ set: changed }, { delete: 'c7' }], newestEntries([...all, changed]));
    const journalBytes = fs.statSync(path.join(temporary(), JOURNAL_FILE)).size;
    assert.ok(journalBytes < 300, `the journal grew by ${journalBytes} bytes`);
    assert.equal(fs.statSync(path.join(temporary(), 'index.json')).size, indexBytes, 'the index itself is not rewritten');
    const { entries, journalLines } = await readIndexAndJournal(temporary());
    assert.equal(journalLines, 2);
    assert.deepEqual(entries.get('c3'), changed);
    assert.equal(entries.has('c7'), false);
    assert.equal(entries.size, 999);
    assert.equal((await readRecent(temporary()))?.[0]?.id, 'c3', 'the recent file leads with the changed conversation');
  });

  it('skips a journal line cut short by a crash, and writing the index whole empties the journal', async () => {
    await writeIndex(temporary(), [entry('a', 1)]);
    fs.appendFileSync(path.join(temporary(), JOURNAL_FILE), `${JSON.stringify({ set: entry('b', 2) })}\n{"set":{"id":"c","ti`);
    const { entries } = await readIndexAndJournal(temporary());
    assert.deepEqual([...entries.keys()].sort(), ['a', 'b']);
    await writeIndex(temporary(), entries.values());
    assert.equal(fs.existsSync(path.join(temporary(), JOURNAL_FILE)), false);
    assert.deepEqual([...(await readIndexAndJournal(temporary())).entries.keys()].sort(), ['a', 'b']);
  });

  it('picks the newest entries in one pass, as sorting them all would', () => {
    const shuffled = Array.from({ length: 700 }, (_, index) => entry(`c${index}`, (index * 7919) % 700));
    assert.deepEqual(newestEntries(shuffled), [...shuffled].sort(newestFirst).slice(0, RECENT_ENTRIES));
    assert.deepEqual(newestEntries(shuffled.slice(0, 3)), [...shuffled.slice(0, 3)].sort(newestFirst));
  });
});

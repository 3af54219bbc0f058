import * as assert from 'node:assert/strict';
import { appendMessage, newConversation, type StoredConversation } from '../../../../src/conversations/common/conversation';
import { recordsOfWhole } from '../../../../src/conversations/common/conversationOperations';
import { type IndexEntry, indexEntry } from '../../../../src/conversations/node/conversationIndex';
import { ConversationLogFiles } from '../../../../src/conversations/node/conversationLogFiles';
import { type SearchHit, searchConversations, snippetAround } from '../../../../src/conversations/node/searchConversationFiles';
import { temporaryFolderPerTest } from '../../helpers/temporaryFolder';

let counter = 0;

/** Saves a conversation of the given user messages (each answered) and returns its index entry. */
async function saved(files: ConversationLogFiles, id: string, updatedAt: string, ...questions: string[]): Promise<IndexEntry> {
  let conversation: StoredConversation = newConversation(id, '', new Date(updatedAt));
  for (const question of questions) {
    conversation = appendMessage(conversation, { role: 'user', content: question, at: updatedAt });
    conversation = appendMessage(conversation, { role: 'assistant', content: `An answer to: ${question}`, cluster: 'demo', at: updatedAt });
  }
  await files.append(
    id,
    recordsOfWhole(conversation, () => `m${++counter}`),
  );
  const read = await files.read(id);
  assert.ok(read);
  return indexEntry(read.replay.conversation, read.size);
}

async function searchAll(files: ConversationLogFiles, entries: readonly IndexEntry[], query: string): Promise<SearchHit[][]> {
  const batches: SearchHit[][] = [];
  await searchConversations(
    entries,
    (id) => files.logOf(id),
    query,
    (hits) => batches.push([...hits]),
  );
  return batches;
}

describe('searching every conversation', () => {
  const temporary = temporaryFolderPerTest('cluster-chat-search-');

  it('reports title matches first, then message matches newest first, each with the text around the match', async () => {
    const files = new ConversationLogFiles(temporary());
    const entries = [
      await saved(files, 'old', '2026-01-01T00:00:00.000Z', 'Parsing', 'How do I parse a "quoted" Header?'),
      await saved(files, 'new', '2026-03-01T00:00:00.000Z', 'Nothing here', 'Then the header\nline breaks'),
      await saved(files, 'titled', '2026-02-01T00:00:00.000Z', 'Header files in C'),
    ];
    const batches = await searchAll(files, entries, '  HEADER ');
    assert.deepEqual(
      batches[0]?.map((hit) => [hit.id, hit.snippet]),
      [['titled', '']],
      'the title match comes at once, from the index',
    );
    const byText = batches.slice(1).flat();
    assert.deepEqual(
      byText.map((hit) => [hit.id, hit.index, hit.snippet]),
      [
        ['new', 2, 'Then the header line breaks'],
        ['old', 2, 'How do I parse a "quoted" Header?'],
      ],
    );
  });

  it('finds text with quotes and line breaks as the user typed it, not as JSON escapes it', async () => {
    const files = new ConversationLogFiles(temporary());
    const entries = [await saved(files, 'c1', '2026-01-01T00:00:00.000Z', 'say "hi"\nthen go')];
    assert.deepEqual(
      (await searchAll(files, entries, '"hi"')).flat().map((hit) => hit.id),
      ['c1'],
    );
    assert.deepEqual((await searchAll(files, entries, 'hi"\nthen')).flat().length, 1);
    assert.deepEqual(await searchAll(files, entries, 'missing'), []);
    assert.deepEqual(await searchAll(files, entries, '   '), [], 'an empty query searches nothing');
  });

  it('matches any case of any character, signs of regular expressions as plain text, as the messages are compared', async () => {
    const files = new ConversationLogFiles(temporary());
    const entries = [
      await saved(files, 'signs', '2026-01-01T00:00:00.000Z', 'Is (a+b)*[c] \\d.$ allowed?'),
      await saved(files, 'accents', '2026-01-02T00:00:00.000Z', 'ÉCOLE and Straße'),
      // Lowered, these two read "i̇stanbul" and "km": the ASCII letters a query of them holds.
      await saved(files, 'dotted', '2026-01-03T00:00:00.000Z', 'İSTANBUL'),
      await saved(files, 'kelvin', '2026-01-04T00:00:00.000Z', '300 \u212Am'),
    ];
    const ids = async (query: string) => (await searchAll(files, entries, query)).flat().map((hit) => hit.id);
    assert.deepEqual(await ids('(A+B)*[C] \\D.$'), ['signs']);
    assert.deepEqual(await ids('a+b'), ['signs']);
    assert.deepEqual(await ids('ab'), [], 'a sign is not read as a pattern');
    assert.deepEqual(await ids('école'), ['accents']);
    assert.deepEqual(await ids('STRASSE'), [], 'lower case, not case folding, as in the messages');
    assert.deepEqual(await ids('straße'), ['accents']);
    assert.deepEqual(await ids('stanbul'), ['dotted']);
    assert.deepEqual(await ids('i\u0307stanbul'), ['dotted']);
    assert.deepEqual(await ids('300 km'), ['kelvin']);
  });

  it('reads past the title any case of a match, the Kelvin sign and the dotted capital I as lower-casing does', async () => {
    const files = new ConversationLogFiles(temporary());
    const entries = [
      await saved(files, 'kelvin', '2026-01-01T00:00:00.000Z', 'First question', '300 \u212Am and MORE'),
      await saved(files, 'dotted', '2026-01-02T00:00:00.000Z', 'Another question', 'XİY'),
    ];
    const ids = async (query: string) => (await searchAll(files, entries, query)).flat().map((hit) => hit.id);
    assert.deepEqual(await ids('300 km'), ['kelvin']);
    assert.deepEqual(await ids('AND more'), ['kelvin']);
    assert.deepEqual(await ids('xi'), ['dotted'], 'lowered, XİY reads "xi", a dot and "y"');
    assert.deepEqual(await ids('xiy'), []);
  });

  it('stops reading logs once the search is superseded', async () => {
    const files = new ConversationLogFiles(temporary());
    const entries: IndexEntry[] = [];
    // More logs than one slice reads between turns of the event loop.
    for (let index = 0; index < 150; index++) {
      entries.push(
        await saved(files, `c${index}`, new Date(Date.UTC(2026, 0, 1, 0, 0, index)).toISOString(), `question ${index}`, `needle ${index}`),
      );
    }
    const reported: SearchHit[] = [];
    await searchConversations(
      entries,
      (id) => files.logOf(id),
      'needle',
      (hits) => reported.push(...hits),
      () => reported.length > 0,
    );
    assert.ok(reported.length > 0 && reported.length < 150, `${reported.length} hits before it stopped`);
  });

  it('cuts a snippet around the match and marks the cuts', () => {
    const long = `${'a'.repeat(100)} the needle ${'b'.repeat(100)}`;
    const snippet = snippetAround(long, 'needle');
    assert.match(snippet, /^…a+ the needle b+…$/);
    assert.ok(snippet.length < 100);
  });
});

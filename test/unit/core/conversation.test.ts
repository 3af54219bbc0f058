import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator } from '../../../scripts/emulator/server';
import {
  appendMessage,
  composeUserMessage,
  exportAsJson,
  exportAsMarkdown,
  newConversation,
  requestMessages,
  titleFrom,
  truncateMessages,
} from '../../../src/core/chat/conversation';
import { ConversationFiles } from '../../../src/core/chat/conversationFiles';
import { extractCodeBlocks } from '../../../src/core/markdown';

const now = new Date('2026-11-21T10:00:00Z');

function sampleConversation() {
  let conversation = newConversation('c1', 'Be brief.', now);
  conversation = appendMessage(conversation, { role: 'user', content: 'What does add do?\n```ts\nadd(1, 2)\n```', at: now.toISOString() });
  conversation = appendMessage(conversation, { role: 'assistant', content: 'It adds.', cluster: 'demo', at: now.toISOString() });
  conversation = appendMessage(conversation, { role: 'user', content: 'Thanks', at: now.toISOString() });
  return conversation;
}

describe('conversation model', () => {
  it('sends the system prompt and the whole conversation, in order', () => {
    assert.deepEqual(
      requestMessages(sampleConversation()).map((message) => message.role),
      ['system', 'user', 'assistant', 'user'],
    );
    assert.equal(requestMessages({ ...sampleConversation(), systemPrompt: ' ' })[0]?.role, 'user');
  });

  it('titles a conversation from its first user message, without code', () => {
    assert.equal(sampleConversation().title, 'What does add do?');
    assert.equal(titleFrom('x'.repeat(100)).length, 60);
    assert.equal(titleFrom('```js\ncode only\n```'), '```js code only ```');
  });

  it('truncates from an index (edit and resend, regenerate)', () => {
    assert.equal(truncateMessages(sampleConversation(), 1, now).messages.length, 1);
  });

  it('attaches code as fenced blocks named by file and lines', () => {
    const text = composeUserMessage('Look at these', [
      { id: 'a', label: 'src/math.ts:1-3', fileName: 'src/math.ts', languageId: 'typescript', code: 'const a = 1;' },
      { id: 'b', label: 'README.md', fileName: 'README.md', languageId: 'markdown', code: '```\nnested\n```' },
    ]);
    assert.match(text, /^Look at these\n\nsrc\/math\.ts:1-3:\n\n```typescript\n/);
    assert.deepEqual(
      extractCodeBlocks(text).map((block) => block.code),
      ['const a = 1;\n', '```\nnested\n```\n'],
    );
  });

  it('exports Markdown with roles and clusters', () => {
    const markdown = exportAsMarkdown(sampleConversation());
    assert.match(markdown, /^# What does add do\?\n\n\*\*System prompt\*\*\n\n> Be brief\.\n\n## You\n\nWhat does add do\?/);
    assert.match(markdown, /## Cluster \(demo\)\n\nIt adds\./);
  });

  it('exports JSON that the API accepts unchanged', async () => {
    const emulator = await startEmulator({ apiKey: 'k' });
    try {
      const response = await fetch(`${emulator.baseUrl}/clusters?id=demo`, {
        method: 'POST',
        headers: { authorization: 'Bearer k', 'content-type': 'application/json' },
        body: exportAsJson(sampleConversation()),
      });
      assert.equal(response.status, 200);
      const reply = (await response.json()) as { content: { messages: Array<{ role: string }> } };
      assert.equal(reply.content.messages.length, 5);
      assert.equal(reply.content.messages.at(-1)?.role, 'assistant');
    } finally {
      await emulator.close();
    }
  });
});

describe('conversation files', () => {
  let folder: string;
  beforeEach(() => {
    folder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-conversations-'));
  });
  afterEach(() => fs.rmSync(folder, { recursive: true, force: true }));

  it('saves and loads conversations', async () => {
    const files = new ConversationFiles(folder);
    await files.save(sampleConversation());
    await files.save(newConversation('c2', '', now));
    const { conversations, setAside } = await new ConversationFiles(folder).loadAll();
    assert.deepEqual(
      conversations.map((conversation) => conversation.id),
      ['c1', 'c2'],
    );
    assert.deepEqual(conversations[0], sampleConversation());
    assert.deepEqual(setAside, []);
  });

  it('writes atomically: no temporary file is left, and a stale one is cleaned up', async () => {
    const files = new ConversationFiles(folder);
    fs.writeFileSync(path.join(folder, 'c1.json.abc.tmp'), '{"half":');
    await files.save(sampleConversation());
    await files.loadAll();
    assert.deepEqual(fs.readdirSync(folder), ['c1.json']);
  });

  it('sets a truncated or corrupt file aside, reports it, and loads the rest', async () => {
    const files = new ConversationFiles(folder);
    await files.save(sampleConversation());
    const good = fs.readFileSync(path.join(folder, 'c1.json'), 'utf8');
    fs.writeFileSync(path.join(folder, 'c2.json'), good.slice(0, good.length / 2));
    fs.writeFileSync(path.join(folder, 'c3.json'), JSON.stringify({ version: 1, id: 'c3' }));
    const { conversations, setAside } = await files.loadAll();
    assert.deepEqual(
      conversations.map((conversation) => conversation.id),
      ['c1'],
    );
    assert.deepEqual(
      setAside.map((entry) => [path.basename(entry.file), entry.reason]),
      [
        ['c2.json', 'not valid JSON'],
        ['c3.json', 'unexpected title'],
      ],
    );
    for (const entry of setAside) {
      assert.ok(fs.existsSync(entry.movedTo), 'the unreadable file is kept, not deleted');
    }
  });

  it('deletes, and refuses ids that could escape the folder', async () => {
    const files = new ConversationFiles(folder);
    await files.save(sampleConversation());
    await files.delete('c1');
    assert.deepEqual(fs.readdirSync(folder), []);
    await assert.rejects(files.save({ ...sampleConversation(), id: '../escape' }), /invalid conversation id/);
  });
});

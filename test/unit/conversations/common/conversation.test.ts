import * as assert from 'node:assert/strict';
import { startEmulator } from '../../../../scripts/emulator/server';
import {
  appendMessage,
  composeUserMessage,
  exportAsJson,
  exportAsMarkdown,
  newConversation,
  requestMessages,
  titleFrom,
} from '../../../../src/conversations/common/conversation';
import { extractCodeBlocks } from '../../../../src/markdown/common/codeBlocks';

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

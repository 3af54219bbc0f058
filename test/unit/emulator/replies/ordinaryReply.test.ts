import assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import { assistantText, conversation, parseMessages, postCluster, request, authHeaders, SYSTEM_AND_USER } from '../emulatorRequests';

const CODE_REQUEST = conversation(
  { role: 'system', content: 'You review code.' },
  {
    role: 'user',
    content: [
      'Refactor this and write tests:',
      '```ts',
      'export function add(a: number, b: number) {   ',
      '\treturn a + b;',
      '}',
      'class Calculator {}',
      '```',
    ].join('\n'),
  },
);

describe('emulator: good replies', () => {
  let emulator: RunningEmulator;
  const oddId = 'team/α beta?&=';

  before(async () => {
    emulator = await startEmulator({ port: 0, clusters: ['demo', oddId] });
  });
  after(() => emulator.close());

  it('returns the sent messages unchanged plus one assistant message', async () => {
    const result = await postCluster(emulator, 'demo', SYSTEM_AND_USER);
    assert.equal(result.status, 200);
    assert.equal(result.headers['content-type'], 'application/json; charset=utf-8');
    assert.match(String(result.headers['x-request-id']), /^req_\d{6}$/);
    const messages = parseMessages(result);
    assert.equal(messages.length, 3);
    assert.deepEqual(messages.slice(0, 2), SYSTEM_AND_USER.content.messages);
    assert.equal(messages[2]?.role, 'assistant');
    assert.ok((messages[2]?.content.length ?? 0) > 0);
  });

  it('echoes extra message fields unchanged', async () => {
    const body = { content: { messages: [{ role: 'user', content: 'hi', name: 'ada', meta: { n: 1 } }] } };
    const result = await postCluster(emulator, 'demo', body);
    assert.equal(result.status, 200);
    assert.deepEqual(parseMessages(result)[0], body.content.messages[0]);
  });

  it('answers a question without code by quoting it and counting the messages', async () => {
    const text = assistantText(await postCluster(emulator, 'demo', SYSTEM_AND_USER));
    assert.match(text, /> How do I reverse a list in Python\?/);
    assert.match(text, /2 messages, including a system prompt/);
    const alone = assistantText(await postCluster(emulator, 'demo', conversation({ role: 'user', content: 'Hi' })));
    assert.match(alone, /1 message, without a system prompt/);
  });

  it('talks about fenced code and returns a reviewed block in the same language', async () => {
    const text = assistantText(await postCluster(emulator, 'demo', CODE_REQUEST));
    assert.match(text, /### TypeScript, 4 lines/);
    assert.match(text, /`function add`/);
    assert.match(text, /`class Calculator`/);
    assert.match(text, /mentions: Refactor, Write Tests/);
    const block = /```ts\n([\s\S]*?)\n```/.exec(text);
    assert.ok(block, 'expected a ```ts block');
    assert.deepEqual(block[1]?.split('\n'), [
      '// Reviewed by cluster demo',
      'export function add(a: number, b: number) {',
      '  return a + b;',
      '}',
      'class Calculator {}',
    ]);
  });

  it('uses the comment syntax of the language (Python)', async () => {
    const body = conversation({ role: 'user', content: 'Explain:\n```python\ndef greet(name):\n    return name\n```' });
    const text = assistantText(await postCluster(emulator, 'demo', body));
    assert.match(text, /Python, 2 lines/);
    assert.match(text, /`function greet`/);
    assert.match(text, /```python\n# Reviewed by cluster demo\ndef greet\(name\):/);
    assert.match(text, /\*\*Explain:\*\*/);
  });

  it('is deterministic: the same conversation gets the same reply', async () => {
    const first = await postCluster(emulator, 'demo', CODE_REQUEST);
    const second = await postCluster(emulator, 'demo', CODE_REQUEST);
    assert.equal(second.body, first.body);
    const other = await startEmulator({ port: 0 });
    try {
      assert.equal((await postCluster(other, 'demo', CODE_REQUEST)).body, first.body);
    } finally {
      await other.close();
    }
  });

  it('reaches a cluster whose id has odd characters when the id is URL-encoded', async () => {
    const result = await postCluster(emulator, oddId);
    assert.equal(result.status, 200);
    assert.match(assistantText(result), /team\/α beta\?&=/);
    assert.equal(emulator.stats().clusters[oddId]?.received, 1);
  });

  it('accepts application/json with a charset parameter', async () => {
    const result = await request(`${emulator.baseUrl}/clusters?id=demo`, {
      method: 'POST',
      headers: { ...authHeaders(emulator), 'Content-Type': 'Application/JSON; charset=UTF-8' },
      body: JSON.stringify(SYSTEM_AND_USER),
    });
    assert.equal(result.status, 200);
  });
});

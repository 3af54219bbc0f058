import * as assert from 'node:assert/strict';
import { startEmulator, type RunningEmulator } from '../../../../scripts/emulator/server';
import {
  appendMessage,
  composeUserMessage,
  newConversation,
  requestMessages,
  type StoredConversation,
} from '../../../../src/conversations/common/conversation';
import { measureRequest, meterBase, meterLevel, nextSendMessages, withNextMessage } from '../../../../src/chat/common/contextMeter';
import { buildRequestBody } from '../../../../src/client/common/requestBody';
import { ClientFixture, SECRET_KEY } from '../../helpers/clientFixture';
import { sendJson, startScriptedServer } from '../../helpers/loopbackServers';

const now = new Date('2026-11-25T10:00:00Z');
const at = now.toISOString();

function conversation(...contents: string[]): StoredConversation {
  let result = newConversation('c1', 'Be brief.', now);
  contents.forEach((content, index) => {
    result = appendMessage(result, index % 2 === 0 ? { role: 'user', content, at } : { role: 'assistant', content, cluster: 'demo', at });
  });
  return result;
}

/** The conversation with message `index` left out of what is sent (or taken back in). */
function marked(chat: StoredConversation, index: number, excluded: boolean): StoredConversation {
  return { ...chat, messages: chat.messages.map((message, at) => (at === index ? { ...message, excluded } : message)) };
}

describe('context meter', () => {
  it('counts characters, UTF-8 bytes of the JSON body and an estimate of tokens', () => {
    const size = measureRequest([
      { role: 'system', content: 'Hi' },
      { role: 'user', content: 'é"\n' },
    ]);
    const body = '{"content":{"messages":[{"role":"system","content":"Hi"},{"role":"user","content":"é\\"\\n"}]}}';
    assert.equal(size.chars, 5);
    assert.equal(size.bytes, Buffer.byteLength(body, 'utf8'));
    assert.equal(size.tokens, Math.ceil(size.bytes / 4));
  });

  it('counts long texts, measured again and again, as the body the client builds them into', () => {
    const long = `${'é"\\\n\u2028😀\u0001 '.repeat(3000)}end`;
    const messages = [
      { role: 'system' as const, content: 'Be brief.' },
      { role: 'user' as const, content: long },
      { role: 'assistant' as const, content: long.toUpperCase() },
      { role: 'user' as const, content: '' },
    ];
    const body = Buffer.byteLength(JSON.stringify(buildRequestBody(messages)), 'utf8');
    for (let round = 0; round < 3; round++) {
      assert.equal(measureRequest(messages).bytes, body, `round ${round}`);
    }
    assert.equal(measureRequest([]).bytes, Buffer.byteLength(JSON.stringify(buildRequestBody([])), 'utf8'));
  });

  it('adds the typed message (and the attachments) to the base exactly as sending the whole conversation counts it', () => {
    const attachments = [{ id: 'a', label: 'src/α.ts:1-2', fileName: 'α.ts', languageId: 'typescript', code: 'const a = "😀";\n' }];
    const cases: [StoredConversation, string, typeof attachments][] = [
      [conversation('One', 'Two'), '  next question “quoted”\t\n', []],
      [conversation('One', 'Two'), 'with code', attachments],
      [conversation('One', 'Two'), '   ', attachments],
      [{ ...newConversation('c2', '', now) }, 'first', []],
      [conversation('One', 'Two'), '', []],
    ];
    for (const [base, typed, attached] of cases) {
      const content = composeUserMessage(typed, attached);
      const whole = content.length > 0 ? appendMessage(base, { role: 'user', content, at }) : base;
      const expected = measureRequest(requestMessages(whole));
      const measured = withNextMessage(meterBase(requestMessages(base), composeUserMessage('', attached)), typed);
      assert.deepEqual(measured, expected, JSON.stringify(typed));
    }
  });

  it('is ok up to the warning threshold, a warning above it, over above the limit; 0 turns each off', () => {
    const limits = { warningTokens: 100, limitTokens: 200 };
    assert.equal(meterLevel({ chars: 0, bytes: 400, tokens: 100 }, limits), 'ok');
    assert.equal(meterLevel({ chars: 0, bytes: 404, tokens: 101 }, limits), 'warning');
    assert.equal(meterLevel({ chars: 0, bytes: 800, tokens: 200 }, limits), 'warning');
    assert.equal(meterLevel({ chars: 0, bytes: 804, tokens: 201 }, limits), 'over');
    assert.equal(meterLevel({ chars: 0, bytes: 8000, tokens: 2000 }, { warningTokens: 0, limitTokens: 0 }), 'ok');
    assert.equal(meterLevel({ chars: 0, bytes: 8000, tokens: 2000 }, { warningTokens: 100, limitTokens: 0 }), 'warning');
  });

  it('leaves excluded messages out of what is sent, but never the system prompt or the newest message', () => {
    let chat = marked(conversation('Secret log dump', 'Noted.', 'Question'), 0, true);
    chat = marked(chat, 2, true); // the newest is what the turn asks: sent even when marked
    assert.deepEqual(
      requestMessages(chat).map((message) => message.content),
      ['Be brief.', 'Noted.', 'Question'],
    );
    assert.equal(requestMessages(marked(chat, 0, false)).length, 4);
  });

  it('counts exactly the bytes the client sends, and the emulator receives no excluded message', async () => {
    const fixture = new ClientFixture();
    const server = await startScriptedServer((request, response) =>
      sendJson(response, 200, {
        content: {
          messages: [
            ...(JSON.parse(request.body) as { content: { messages: unknown[] } }).content.messages,
            { role: 'assistant', content: 'ok' },
          ],
        },
      }),
    );
    let emulator: RunningEmulator | undefined;
    try {
      const chat = marked(conversation('Secret log dump “ü”', 'Noted.', 'Question 😀'), 0, true);
      const messages = requestMessages(chat);
      await fixture.create(`${server.origin}/v1`).send({ clusterId: 'demo', messages, apiKey: SECRET_KEY });
      const [received] = server.requests;
      assert.ok(received);
      assert.equal(measureRequest(messages).bytes, Buffer.byteLength(received.body, 'utf8'));

      emulator = await startEmulator({ apiKey: SECRET_KEY, clusters: ['demo'] });
      const reply = await fixture.create(emulator.baseUrl).send({ clusterId: 'transcript', messages, apiKey: SECRET_KEY });
      assert.doesNotMatch(reply.assistant.content, /Secret log dump/);
      assert.match(reply.assistant.content, /Noted\.[\s\S]*Question 😀/);
      assert.equal(emulator.stats().clusters['transcript']?.received, 1);
    } finally {
      await fixture.closeAll();
      await server.close();
      await emulator?.close();
    }
  });
});

describe('context meter: the next send with the instructions that apply now', () => {
  it('puts the instructions in the system message after the system prompt, in place of those frozen with the last turn', () => {
    const messages = [
      { role: 'user' as const, content: 'Hi', instructions: 'old instructions' },
      { role: 'assistant' as const, content: 'Hello' },
    ];
    assert.deepEqual(nextSendMessages('Be brief.', messages, 'new instructions'), [
      { role: 'system', content: 'Be brief.\n\nnew instructions' },
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    assert.deepEqual(nextSendMessages('', messages, ''), [
      { role: 'user', content: 'Hi' },
      { role: 'assistant', content: 'Hello' },
    ]);
    assert.deepEqual(nextSendMessages('', [], 'only these'), [{ role: 'system', content: 'only these' }]);
  });
});

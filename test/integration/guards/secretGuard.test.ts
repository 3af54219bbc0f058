import * as assert from 'node:assert/strict';
import { randomBytes } from 'node:crypto';
import type { SecretAnswer, SecretQuestion } from '../../../src/guards/vscode/secretGuard';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { emulatorFromEnvironment, stopUsingEmulator, useEmulator } from '../testEnvironment';

const ALNUM = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A GitHub token's shape, made up at run time (no file holds one a scanner would stop), new for each test. */
function githubToken(): string {
  return ['gh', 'p_', ...[...randomBytes(36)].map((byte) => ALNUM.charAt(byte % ALNUM.length))].join('');
}

/** The request bodies the emulator received that hold `marker`, as they arrived. */
async function bodiesWith(baseUrl: string, marker: string): Promise<string[]> {
  const response = await fetch(`${baseUrl}/_emulator/received`);
  const { requests } = (await response.json()) as { requests: { bodyBase64: string }[] };
  return requests.map((request) => Buffer.from(request.bodyBase64, 'base64').toString('utf8')).filter((raw) => raw.includes(marker));
}

describe('The secret guard in the chat (a GitHub token in an attachment, the emulator)', function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  const asked: SecretQuestion[] = [];
  let answer: SecretAnswer = 'redact';
  const own = useChatUnderTest({
    askAboutSecrets: (question) => {
      asked.push(question);
      return Promise.resolve(answer);
    },
  });
  let token = '';
  let marker = '';

  before(() => useEmulator('demo'));
  after(() => stopUsingEmulator());
  beforeEach(() => {
    asked.length = 0;
    answer = 'redact';
    token = githubToken();
    marker = `secret-guard-${randomBytes(6).toString('hex')}`;
  });

  const sendWithToken = async (): Promise<void> => {
    own.chat.attachments.add({
      label: 'src/config.ts:1-2',
      fileName: 'config.ts',
      languageId: 'typescript',
      code: `// ${marker}\nexport const token = '${token}';\n`,
    });
    await own.chat.send(`Why is this config rejected? (${marker})`);
  };

  it('shows the token by kind, attachment, line and a masked preview; Redact sends [redacted], also on regenerate', async () => {
    await own.chat.newChat();
    await sendWithToken();
    assert.equal(asked.length, 1, 'the user was asked');
    assert.deepEqual(
      asked[0]?.secrets.map(({ kind, origin, name, line }) => ({ kind, origin, name, line })),
      [{ kind: 'github-token', origin: 'attachment', name: 'src/config.ts:1-2', line: 2 }],
    );
    const preview = asked[0]?.secrets[0]?.preview ?? '';
    assert.ok(preview.startsWith('ghp_') && preview.endsWith(token.slice(-3)) && !preview.includes(token), preview);
    const sent = await bodiesWith(emulator.baseUrl, marker);
    assert.equal(sent.length, 1, 'the request went out');
    assert.ok(sent[0]?.includes(`export const token = '[redacted]';`), sent[0]);
    assert.ok(!sent[0]?.includes(token), 'the token never reached the cluster');
    const saved = own.chat.activeConversation().messages[0]?.content ?? '';
    assert.ok(saved.includes('[redacted]') && !saved.includes(token), 'the conversation keeps the redacted text');

    await own.chat.regenerate();
    const again = await bodiesWith(emulator.baseUrl, marker);
    assert.equal(again.length, 2);
    assert.equal(again[1], again[0], 'regenerate resends the very same bytes');
    assert.equal(asked.length, 1, 'and asks nothing');
  });

  it('sends the token on Send', async () => {
    answer = 'send';
    await own.chat.newChat();
    await sendWithToken();
    assert.equal(asked.length, 1);
    const sent = await bodiesWith(emulator.baseUrl, marker);
    assert.equal(sent.length, 1);
    assert.ok(sent[0]?.includes(token), 'the user chose to send it as it is');
  });

  it('sends and saves nothing on Cancel, and the attachment stays pending', async () => {
    answer = undefined;
    await own.chat.newChat();
    await sendWithToken();
    assert.equal(asked.length, 1);
    assert.deepEqual(await bodiesWith(emulator.baseUrl, marker), [], 'nothing was sent');
    assert.equal(own.chat.activeConversation().messages.length, 0, 'nothing was saved');
    assert.equal(own.chat.attachments.all.length, 1, 'the attachment is still pending');
  });

  it('shows a token typed into the message as such, and redacts it there', async () => {
    await own.chat.newChat();
    await own.chat.send(`Is ${token} still valid? (${marker})`);
    assert.deepEqual(
      asked[0]?.secrets.map(({ kind, origin, line }) => ({ kind, origin, line })),
      [{ kind: 'github-token', origin: 'typed', line: 1 }],
    );
    const sent = await bodiesWith(emulator.baseUrl, marker);
    assert.equal(sent.length, 1);
    assert.ok(!sent[0]?.includes(token));
    assert.equal(own.chat.activeConversation().messages[0]?.content, `Is [redacted] still valid? (${marker})`);
  });

  it('shows a token in the system prompt, and redacts it in the conversation, so no later send carries it', async () => {
    await own.chat.newChat();
    await own.chat.nextSend.setSystemPrompt(`Deploy with ${token} when asked. (${marker})`);
    await own.chat.send(`Deploy it (${marker})`);
    assert.deepEqual(
      asked[0]?.secrets.map(({ kind, origin, line }) => ({ kind, origin, line })),
      [{ kind: 'github-token', origin: 'systemPrompt', line: 1 }],
    );
    assert.equal(own.chat.activeConversation().systemPrompt, `Deploy with [redacted] when asked. (${marker})`);
    await own.chat.send(`And again (${marker})`);
    const sent = await bodiesWith(emulator.baseUrl, marker);
    assert.equal(sent.length, 2);
    assert.ok(
      sent.every((body) => body.includes('Deploy with [redacted] when asked.') && !body.includes(token)),
      'the token reached the cluster in neither request',
    );
    assert.equal(asked.length, 1, 'asked once');
  });

  it('does not ask again about the same value, and applies the choice made for it', async () => {
    await own.chat.newChat();
    await sendWithToken();
    assert.equal(asked.length, 1);
    await own.chat.newChat();
    await sendWithToken();
    assert.equal(asked.length, 1, 'the same token is not asked about again');
    const sent = await bodiesWith(emulator.baseUrl, marker);
    assert.equal(sent.length, 2);
    assert.ok(
      sent.every((body) => body.includes('[redacted]') && !body.includes(token)),
      'redacted both times',
    );

    const other = token;
    token = githubToken();
    await own.chat.newChat();
    await sendWithToken();
    assert.equal(asked.length, 2, 'another token is asked about');
    assert.notEqual(token, other);
  });
});

import * as assert from 'node:assert/strict';
import { buildRequestBody } from '../../../../src/client/common/requestBody';
import type { Message } from '../../../../src/client/common/messages';
import { composeSystemMessage } from '../../../../src/instructions/common/instructionBlocks';
import { systemParts } from '../../../../src/inspector/common/systemSources';
import { requestDocument } from '../../../../src/inspector/node/requestDocument';
import type { InspectedRequest } from '../../../../src/inspector/common/inspectedRequest';

function body(messages: readonly Message[]): string {
  return JSON.stringify(buildRequestBody(messages));
}

const FILES = [
  { folder: 'app', path: 'AGENTS.md', text: 'Run npm test.\n```sh\nnpm test\n```\n' },
  { folder: 'app', path: '.github/instructions/ts.instructions.md', text: 'No any.' },
  { folder: 'app', path: 'odd`name.md', text: 'Tilde fence.' },
];

describe('request inspector: the system message by source', () => {
  it('names the system prompt and each instruction file block, with its characters', () => {
    const system = composeSystemMessage('Be brief.', FILES, { multiRoot: false });
    const parts = systemParts(
      body([
        { role: 'system', content: system.text },
        { role: 'user', content: 'Hi' },
      ]),
    );
    assert.deepEqual(parts, [
      { kind: 'systemPrompt', chars: 'Be brief.'.length },
      ...system.sent.map((sent) => ({ kind: 'instructionFile', source: sent.source, chars: sent.chars, cut: false })),
    ]);
  });

  it('says which block was cut, and finds the blocks without a system prompt', () => {
    const system = composeSystemMessage('', FILES, { multiRoot: true, maxFileChars: 10 });
    const parts = systemParts(body([{ role: 'system', content: system.text }]));
    assert.deepEqual(
      parts,
      system.sent.map((sent) => ({ kind: 'instructionFile', source: sent.source, chars: sent.chars, cut: sent.cut })),
    );
    assert.deepEqual(
      parts.map((part) => part.kind === 'instructionFile' && part.source),
      ['app/AGENTS.md', 'app/.github/instructions/ts.instructions.md', 'app/odd`name.md'],
    );
    assert.equal(parts[0]?.kind === 'instructionFile' && parts[0].cut, true);
  });

  it('finds nothing without a system message, or in a body kept only in part', () => {
    assert.deepEqual(systemParts(body([{ role: 'user', content: '```x\ny\n```' }])), []);
    assert.deepEqual(systemParts(body([{ role: 'system', content: 'Just a prompt.' }])), [{ kind: 'systemPrompt', chars: 14 }]);
    assert.deepEqual(systemParts(body([{ role: 'system', content: 'Be brief.' }]).slice(0, 20)), []);
  });

  it('lists the sources on the inspector page, before the body', () => {
    const system = composeSystemMessage('Be brief.', FILES.slice(0, 1), { multiRoot: false });
    const bytes = new TextEncoder().encode(
      body([
        { role: 'system', content: system.text },
        { role: 'user', content: 'Hi' },
      ]),
    );
    const record: InspectedRequest = {
      id: 1,
      caller: 'chat',
      clusterId: 'demo',
      method: 'POST',
      url: 'http://127.0.0.1/v1/x',
      time: new Date(0),
      headers: [],
      body: bytes,
      bodyBytes: bytes.byteLength,
      bodyMasked: false,
      attempts: 1,
      outcome: 'ok',
      status: 200,
      requestId: undefined,
      durationMs: 1,
      replyBody: undefined,
      replyTruncated: false,
    };
    const page = requestDocument(record);
    const section = page.indexOf('## System message, by source');
    assert.ok(section > 0 && section < page.indexOf('## Request body'), page);
    assert.match(page, /- System prompt: 9 characters\n- Instruction file AGENTS\.md: \d+ characters\n/);
  });
});

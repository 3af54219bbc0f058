import * as assert from 'node:assert/strict';
import { findPartSecrets, type GuardedPart, redactParts } from '../../../../src/guards/common/secretSources';
import { composeSystemMessage } from '../../../../src/instructions/common/instructionBlocks';
import { samples } from './secretSamples';

const token = samples.githubClassic;
const stripe = samples.stripe;

describe('secret guard: where each credential of a send comes from', () => {
  it('names the part, the attachment by its label, and the line within it', () => {
    const parts: GuardedPart[] = [
      { origin: 'typed', name: '', text: `Why does ${stripe} fail?` },
      { origin: 'attachment', name: 'src/config.ts:1-3', text: `const a = 1;\nconst b = 2;\nconst key = '${token}';\n` },
    ];
    const found = findPartSecrets(parts);
    assert.deepEqual(
      found.map((secret) => [secret.part, secret.origin, secret.name, secret.line, secret.finding.kind, secret.value]),
      [
        [0, 'typed', '', 1, 'stripe-key', stripe],
        [1, 'attachment', 'src/config.ts:1-3', 3, 'github-token', token],
      ],
    );
    assert.ok(
      found.every((secret) => !secret.finding.preview.includes(secret.value)),
      'a preview never shows the value',
    );
  });

  it('names the instruction file whose block holds the credential, and the line in that file', () => {
    const instructions = composeSystemMessage(
      '',
      [
        { folder: 'app', path: 'AGENTS.md', text: 'Be brief.\n```ts\nconst x = 1;\n```\n' },
        { folder: 'app', path: '.github/copilot-instructions.md', text: `Use the staging key:\n\n${token}\n` },
      ],
      { multiRoot: false },
    ).text;
    const found = findPartSecrets([{ origin: 'instructions', name: '', text: instructions }]);
    assert.deepEqual(
      found.map((secret) => [secret.origin, secret.name, secret.line, secret.value]),
      [['instructions', '.github/copilot-instructions.md', 3, token]],
    );
  });

  it('names no file for a credential outside any block', () => {
    const found = findPartSecrets([{ origin: 'instructions', name: '', text: `intro ${token}` }]);
    assert.deepEqual(
      found.map((secret) => [secret.name, secret.line]),
      [['', 1]],
    );
  });

  it('redacts the chosen credentials in their own parts only, and leaves a part without any as it was', () => {
    const parts: GuardedPart[] = [
      { origin: 'typed', name: '', text: `first ${token} then ${stripe}` },
      { origin: 'attachment', name: 'notes.md', text: 'nothing here' },
      { origin: 'attachment', name: '.env', text: `GITHUB_TOKEN=${token}\n` },
    ];
    const found = findPartSecrets(parts);
    const chosen = new Set(found.flatMap((secret, index) => (secret.value === token ? [index] : [])));
    assert.deepEqual(redactParts(parts, found, chosen), [`first [redacted] then ${stripe}`, 'nothing here', 'GITHUB_TOKEN=[redacted]\n']);
    assert.deepEqual(
      redactParts(parts, found, new Set()),
      parts.map((part) => part.text),
    );
  });

  it('finds nothing in ordinary text', () => {
    assert.deepEqual(findPartSecrets([{ origin: 'typed', name: '', text: 'How do I read process.env.GITHUB_TOKEN in Node?' }]), []);
  });
});

import * as assert from 'node:assert/strict';
import { composeSystemMessage } from '../../../../src/instructions/common/instructionBlocks';
import { systemMessageParts } from '../../../../src/instructions/common/systemMessageParts';

const FILES = [
  { folder: 'app', path: 'AGENTS.md', text: 'Run npm test.\n```sh\nnpm test\n```' },
  { folder: 'app', path: 'odd`name.md', text: 'Tilde fence.' },
];

describe('instruction files: a system message split back by source', () => {
  it('gives the prompt and each file’s text as it was written, the rest as the frame', () => {
    const system = composeSystemMessage('Be brief.', FILES, { multiRoot: false });
    const parts = systemMessageParts(system.text);
    assert.deepEqual(
      parts.filter((part) => part.kind !== 'frame'),
      [
        { kind: 'systemPrompt', text: 'Be brief.' },
        { kind: 'instructionFile', source: 'AGENTS.md', text: FILES[0]?.text, cut: false },
        { kind: 'instructionFile', source: 'odd`name.md', text: 'Tilde fence.', cut: false },
      ],
    );
    const frame = parts.find((part) => part.kind === 'frame');
    assert.match(frame?.text ?? '', /^\n\nThe project's instruction files follow/);
    assert.match(frame?.text ?? '', /````AGENTS\.md/);
  });

  it('keeps every character in some part, so a search of the parts misses nothing', () => {
    const system = composeSystemMessage('Be brief.', FILES, { multiRoot: false });
    const chars = systemMessageParts(system.text).reduce((sum, part) => sum + part.text.replace(/\n/g, '').length, 0);
    assert.equal(chars, system.text.replace(/\n/g, '').length);
  });

  it('reads a cut file without its note and says it was cut', () => {
    const long = 'x'.repeat(13_000);
    const system = composeSystemMessage('', [{ folder: 'app', path: 'AGENTS.md', text: long }], { multiRoot: false });
    const [file] = systemMessageParts(system.text);
    assert.equal(file?.kind, 'instructionFile');
    assert.equal(file?.kind === 'instructionFile' && file.cut, true);
    assert.equal(file?.text, long.slice(0, 12_000));
  });

  it('takes a message without instruction files as the prompt alone, and an unclosed block as frame', () => {
    assert.deepEqual(systemMessageParts('Just a prompt.'), [{ kind: 'systemPrompt', text: 'Just a prompt.' }]);
    assert.deepEqual(systemMessageParts('  '), []);
    const unclosed = "The project's instruction files follow, each in a fenced block named by its path.\n\n```AGENTS.md\nrun it";
    assert.deepEqual(systemMessageParts(unclosed), [{ kind: 'frame', text: unclosed }]);
  });
});

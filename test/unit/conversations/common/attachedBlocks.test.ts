import * as assert from 'node:assert/strict';
import { splitAttachedBlocks } from '../../../../src/conversations/common/attachedBlocks';
import { composeUserMessage } from '../../../../src/conversations/common/conversation';

const attachment = (label: string, languageId: string, code: string) => ({ id: label, label, fileName: label, languageId, code });

describe('splitAttachedBlocks: a sent message taken apart into its typed text and its attachment blocks', () => {
  it('gives back each block as composed, backticks, colons and blank lines inside included', () => {
    const blocks = [
      attachment('src/app.ts:1-3', 'typescript', 'const a = 1;\n\nconst b = "```";\n'),
      attachment('terminal: `npm test`, exit 1', 'text', '$ npm test\nfailed: see:\n\n````\n'),
      attachment('git diff --staged', 'diff', '+x'),
    ];
    const content = composeUserMessage('Why?\n\nSee these:', blocks);
    const split = splitAttachedBlocks(content, 3);
    assert.deepEqual(split, {
      typed: 'Why?\n\nSee these:',
      blocks: [
        { label: 'src/app.ts:1-3', language: 'typescript', code: 'const a = 1;\n\nconst b = "```";' },
        { label: 'terminal: `npm test`, exit 1', language: 'text', code: '$ npm test\nfailed: see:\n\n````' },
        { label: 'git diff --staged', language: 'diff', code: '+x' },
      ],
    });
  });

  it('reads a message of attachments alone, and one whose last typed lines look like a block', () => {
    assert.deepEqual(splitAttachedBlocks(composeUserMessage('', [attachment('a.md', 'markdown', '# A')]), 1), {
      typed: '',
      blocks: [{ label: 'a.md', language: 'markdown', code: '# A' }],
    });
    const typedBlock = 'mine:\n\n```\ntyped by hand\n```';
    const split = splitAttachedBlocks(composeUserMessage(typedBlock, [attachment('b.ts', 'typescript', 'b')]), 1);
    assert.equal(split?.typed, typedBlock, 'only as many blocks as were attached are taken');
  });

  it('says undefined where the content does not end in that many blocks', () => {
    assert.equal(splitAttachedBlocks('just text', 1), undefined);
    assert.equal(splitAttachedBlocks(composeUserMessage('', [attachment('a', 'text', 'x')]), 2), undefined);
    assert.equal(splitAttachedBlocks('label:\n\n```\nunclosed', 1), undefined);
    assert.deepEqual(splitAttachedBlocks('no blocks', 0), { typed: 'no blocks', blocks: [] });
  });
});

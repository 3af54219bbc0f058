import * as assert from 'node:assert/strict';
import {
  composeSystemMessage,
  cutIndex,
  INSTRUCTION_FILE_MAX_CHARS,
  INSTRUCTIONS_INTRO,
  INSTRUCTIONS_MAX_CHARS,
} from '../../../../src/instructions/common/instructionBlocks';

const single = { multiRoot: false };

describe('instruction blocks in the system message', () => {
  it('leaves the system prompt untouched when no file applies', () => {
    assert.deepEqual(composeSystemMessage('Be terse.\n', [], single), { text: 'Be terse.\n', sent: [] });
  });

  it('puts each file after the system prompt in a fence named by its path', () => {
    const message = composeSystemMessage(
      'Be terse.',
      [
        { folder: 'app', path: 'AGENTS.md', text: 'Use tabs.\n' },
        { folder: 'app', path: '.github/instructions/ts.instructions.md', text: '\n\nStrict types.\r\nNo any.' },
      ],
      single,
    );
    assert.equal(
      message.text,
      `Be terse.\n\n${INSTRUCTIONS_INTRO}\n\n\`\`\`AGENTS.md\nUse tabs.\n\`\`\`\n\n\`\`\`.github/instructions/ts.instructions.md\nStrict types.\nNo any.\n\`\`\``,
    );
    assert.deepEqual(message.sent, [
      { source: 'AGENTS.md', folder: 'app', path: 'AGENTS.md', chars: 9, fileChars: 9, cut: false },
      {
        source: '.github/instructions/ts.instructions.md',
        folder: 'app',
        path: '.github/instructions/ts.instructions.md',
        chars: 21,
        fileChars: 21,
        cut: false,
      },
    ]);
  });

  it('names a block by folder and path in a multi-root workspace', () => {
    const message = composeSystemMessage('', [{ folder: 'web', path: 'AGENTS.md', text: 'Web.' }], { multiRoot: true });
    assert.equal(message.text, `${INSTRUCTIONS_INTRO}\n\n\`\`\`web/AGENTS.md\nWeb.\n\`\`\``);
    assert.equal(message.sent[0]?.source, 'web/AGENTS.md');
  });

  it("names the user's own file by its path alone, in a multi-root workspace too", () => {
    const message = composeSystemMessage(
      '',
      [
        { folder: '', path: '~/.cluster-chat/instructions/style.md', text: 'Mine.' },
        { folder: 'web', path: 'AGENTS.md', text: 'Web.' },
      ],
      { multiRoot: true },
    );
    assert.deepEqual(
      message.sent.map((sent) => sent.source),
      ['~/.cluster-chat/instructions/style.md', 'web/AGENTS.md'],
    );
    assert.match(message.text, /```~\/\.cluster-chat\/instructions\/style\.md\nMine\.\n```/);
  });

  it('makes the fence longer than any backtick run inside, so a file cannot close it early', () => {
    const text = 'Example:\n````ts\nlet x = 1;\n````\nand ``code``.';
    const block = composeSystemMessage('', [{ folder: 'app', path: 'AGENTS.md', text }], single)
      .text.split('\n\n')
      .slice(1)
      .join('\n\n');
    assert.equal(block, `\`\`\`\`\`AGENTS.md\n${text}\n\`\`\`\`\``);
  });

  it('fences a name holding a backtick with tildes, and shows a line break in a name as a replacement character', () => {
    const message = composeSystemMessage('', [{ folder: 'app', path: 'we`ird\nname/AGENTS.md', text: '~~~ x' }], single);
    assert.ok(message.text.endsWith('~~~~we`ird\uFFFDname/AGENTS.md\n~~~ x\n~~~~'), message.text);
  });

  it('cuts a file over the cap per file, says so in its block, and reports what was sent', () => {
    const text = 'a'.repeat(30);
    const message = composeSystemMessage('', [{ folder: 'app', path: 'AGENTS.md', text }], { ...single, maxFileChars: 10 });
    assert.ok(message.text.endsWith(`\`\`\`AGENTS.md\n${'a'.repeat(10)}\n[cut at 10 characters of 30]\n\`\`\``));
    assert.deepEqual(message.sent, [{ source: 'AGENTS.md', folder: 'app', path: 'AGENTS.md', chars: 10, fileChars: 30, cut: true }]);
  });

  it('stops at the total cap: the file that meets it is cut, later ones have no block and are reported with 0 sent', () => {
    const files = ['A.md', 'B.md', 'C.md'].map((name) => ({ folder: 'app', path: `${name[0]}/AGENTS.md`, text: 'x'.repeat(8) }));
    const message = composeSystemMessage('', files, { ...single, maxTotalChars: 12 });
    assert.deepEqual(
      message.sent.map((sent) => [sent.path, sent.chars, sent.cut]),
      [
        ['A/AGENTS.md', 8, false],
        ['B/AGENTS.md', 4, true],
        ['C/AGENTS.md', 0, true],
      ],
    );
    assert.ok(message.text.includes('[cut at 4 characters of 8]'));
    assert.ok(!message.text.includes('C/AGENTS.md'));
  });

  it('never splits a surrogate pair when it cuts', () => {
    const text = 'ab😀cd';
    assert.equal(cutIndex(text, 3), 2);
    assert.equal(cutIndex(text, 4), 4);
    const message = composeSystemMessage('', [{ folder: 'app', path: 'AGENTS.md', text }], { ...single, maxFileChars: 3 });
    assert.ok(message.text.includes('```AGENTS.md\nab\n[cut at 2 characters of 6]'));
  });

  it('gives the same bytes for the same files, so a resent turn is identical', () => {
    const files = [{ folder: 'app', path: 'AGENTS.md', text: 'Same.' }];
    assert.equal(composeSystemMessage('P', files, single).text, composeSystemMessage('P', files, single).text);
  });

  it('declares its caps once, the total above the per-file one', () => {
    assert.ok(INSTRUCTIONS_MAX_CHARS > INSTRUCTION_FILE_MAX_CHARS);
    const big = [{ folder: 'app', path: 'AGENTS.md', text: 'y'.repeat(INSTRUCTION_FILE_MAX_CHARS + 1) }];
    assert.equal(composeSystemMessage('', big, single).sent[0]?.chars, INSTRUCTION_FILE_MAX_CHARS);
  });
});

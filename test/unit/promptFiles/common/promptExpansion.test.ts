import * as assert from 'node:assert/strict';
import { expandPrompt, promptInputs } from '../../../../src/promptFiles/common/promptExpansion';

describe('prompt variables', () => {
  it('lists the inputs to ask for, each once, in order, with the first placeholder given', () => {
    assert.deepEqual(promptInputs('Explain ${input:topic} for ${input:audience:who reads it} (${input:topic:ignored}) ${input:}'), [
      { name: 'topic', placeholder: 'ignored' },
      { name: 'audience', placeholder: 'who reads it' },
    ]);
    assert.deepEqual(promptInputs('${input:a}${input:a:first}${input:a:second}'), [{ name: 'a', placeholder: 'first' }]);
  });

  it('fills in inputs, the selection, the file and its base name', () => {
    const expansion = expandPrompt('\nReview ${input:topic} in ${file} (${fileBasename}):\n${selection}\n', {
      inputs: { topic: 'naming' },
      selection: 'let x = 1;',
      file: 'src/math/add.ts',
    });
    assert.deepEqual(expansion, { text: 'Review naming in src/math/add.ts (add.ts):\nlet x = 1;', missing: [] });
  });

  it('reads ${selectedText} as the selection, and a Windows path’s base name', () => {
    assert.equal(expandPrompt('${selectedText} ${fileBasename}', { selection: 'x', file: 'src\\a.ts' }).text, 'x a.ts');
  });

  it('leaves a variable without a value as written and names it, so the user sees what is missing', () => {
    assert.deepEqual(expandPrompt('${input:topic:a topic} ${selection} ${fileBasename} ${input:constructor}', { inputs: {} }), {
      text: '${input:topic:a topic} ${selection} ${fileBasename} ${input:constructor}',
      missing: ['input:topic', 'selection', 'fileBasename', 'input:constructor'],
    });
  });

  it('puts what was typed after the command at $ARGUMENTS or {{{ input }}}, else at the end', () => {
    assert.equal(expandPrompt('Fix $ARGUMENTS now', { arguments: ' the parser ' }).text, 'Fix the parser now');
    assert.equal(expandPrompt('Fix {{{ input }}}', { arguments: 'it' }).text, 'Fix it');
    assert.equal(expandPrompt('Fix the bug.', { arguments: 'in parse()' }).text, 'Fix the bug.\n\nin parse()');
    assert.equal(expandPrompt('Fix $ARGUMENTS.', {}).text, 'Fix .');
    assert.equal(expandPrompt('Keep $ARGUMENTS_X', { arguments: 'a' }).text, 'Keep $ARGUMENTS_X\n\na');
  });

  it('never expands what a value holds, and keeps $ in values as it is', () => {
    const expansion = expandPrompt('${input:a} ${selection}', { inputs: { a: '${selection} $& $1' }, selection: 'S' });
    assert.equal(expansion.text, '${selection} $& $1 S');
  });
});

import * as assert from 'node:assert/strict';
import {
  MAX_SUGGESTIONS,
  matchingCommands,
  namedCommand,
  slashLine,
  typedCommandPrefix,
} from '../../../../src/promptFiles/common/slashInput';

describe('slash commands in the message box', () => {
  it('reads the name being typed only while the box holds `/` and a name', () => {
    assert.equal(typedCommandPrefix('/'), '');
    assert.equal(typedCommandPrefix('/rev'), 'rev');
    assert.equal(typedCommandPrefix('/review '), undefined, 'arguments started: the list is done');
    assert.equal(typedCommandPrefix(' /rev'), undefined);
    assert.equal(typedCommandPrefix('see /rev'), undefined);
    assert.equal(typedCommandPrefix('/usr/bin'), undefined, 'a path is not a command');
    assert.equal(typedCommandPrefix('/rev\nmore'), undefined);
  });

  it('reads a whole line as the name and what follows it', () => {
    assert.deepEqual(slashLine('/review'), { name: 'review', arguments: '' });
    assert.deepEqual(slashLine('  /review  the parser\nand the lexer  '), { name: 'review', arguments: 'the parser\nand the lexer' });
    assert.equal(slashLine('review'), undefined);
    assert.equal(slashLine('/'), undefined);
    assert.equal(slashLine('/usr/bin/env'), undefined);
    assert.equal(slashLine('text /review'), undefined);
  });

  it('matches names by their start, case aside, in order, at most MAX_SUGGESTIONS', () => {
    const commands = ['review', 'Refactor-plan', 'explain-more', 'rename'].map((name) => ({ name }));
    assert.deepEqual(
      matchingCommands(commands, 'RE').map((command) => command.name),
      ['review', 'Refactor-plan', 'rename'],
    );
    assert.deepEqual(matchingCommands(commands, 'x'), []);
    const many = Array.from({ length: MAX_SUGGESTIONS + 5 }, (_, index) => ({ name: `p${index}` }));
    assert.equal(matchingCommands(many, 'p').length, MAX_SUGGESTIONS);
  });

  it('finds the command a line names, case aside', () => {
    const commands = [{ name: 'Review' }, { name: 'plan' }];
    assert.equal(namedCommand(commands, 'review'), commands[0]);
    assert.equal(namedCommand(commands, 'rev'), undefined);
  });
});

import * as assert from 'node:assert/strict';
import { OutputTail, stripTerminalEscapes } from '../../../../src/terminal/common/terminalOutput';
import { buildTerminalMessages } from '../../../../src/terminal/common/terminalPrompt';

describe('terminal output: escapes, the cap, and the prompt', () => {
  it('strips colours, shell-integration marks and redrawn lines', () => {
    assert.equal(
      stripTerminalEscapes('\u001b[31mred\u001b[0m\r\n\u001b]633;D;0\u0007ok\r\nprogress 10%\rprogress 100%\n'),
      'red\nok\nprogress 100%\n',
    );
  });

  it('keeps an escape sequence split between chunks out of the text', () => {
    const tail = new OutputTail(100);
    tail.push('a\u001b[3');
    tail.push('1mb\u001b]633;C\u0007c\n');
    assert.deepEqual(tail.result(), { text: 'abc', totalCharacters: 3, cap: 100 });
  });

  it('keeps the end of a long output and counts the whole', () => {
    const tail = new OutputTail(10);
    for (let index = 0; index < 100; index++) {
      tail.push(`line ${index}\n`);
    }
    const output = tail.result();
    assert.equal(output.text, '8\nline 99', 'the last 10 characters, the final line end dropped');
    assert.ok(output.totalCharacters > 700);
  });

  it('sends the command, its exit code and its output with the cap stated', () => {
    const [system, user] = buildTerminalMessages(
      { commandLine: 'npm test', exitCode: 1, cwd: '/work', output: { text: 'FAIL x', totalCharacters: 20_000, cap: 8_000 } },
      'Be brief.',
    );
    assert.equal(system?.content, 'Be brief.');
    assert.match(user?.content ?? '', /^Command: npm test\nWorking directory: \/work\nExit code: 1$/m);
    assert.match(
      user?.content ?? '',
      /Output \(the last 6 of 20,000 characters; the output sent is capped at 8,000 characters\):\n\n```text\nFAIL x\n```/,
    );
    const [quiet] = buildTerminalMessages(
      { commandLine: 'true', exitCode: undefined, output: { text: '', totalCharacters: 0, cap: 8_000 } },
      '',
    );
    assert.match(quiet?.content ?? '', /Exit code: not reported\n\nThe command printed nothing\.$/);
  });
});

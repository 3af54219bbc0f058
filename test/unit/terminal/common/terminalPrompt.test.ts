import * as assert from 'node:assert/strict';
import { buildTerminalMessages, type FinishedCommand } from '../../../../src/terminal/common/terminalPrompt';

describe('the conversation of Explain with Cluster', () => {
  const command: FinishedCommand = {
    commandLine: 'cat .env',
    exitCode: 0,
    cwd: '/work/app',
    output: { text: 'TOKEN=abc\n', totalCharacters: 10, cap: 8_000 },
  };

  it('carries the output, fenced, with its extent', () => {
    const [user] = buildTerminalMessages(command, '');
    assert.match(
      user?.content ?? '',
      /Output \(all 10 characters; the output sent is capped at 8,000 characters\):\n\n```text\nTOKEN=abc\n/,
    );
  });

  it('carries none of the output when the command names a file kept out, and says why', () => {
    const messages = buildTerminalMessages(command, 'Be brief.', '.env');
    assert.equal(messages[0]?.content, 'Be brief.');
    const user = messages[1]?.content ?? '';
    assert.match(user, /^Command: cat \.env$/m);
    assert.match(user, /^Output: left out, because the command names \.env, a file that is never sent\.$/m);
    assert.doesNotMatch(user, /TOKEN=abc/);
  });
});

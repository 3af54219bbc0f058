import * as assert from 'node:assert/strict';
import type * as vscode from 'vscode';
import { useChatUnderTest } from '../helpers/chatUnderTest';
import { activateExtension, report, waitFor } from '../testEnvironment';
import { openTerminal, shellIntegrationOf } from '../helpers/terminals';

describe('@terminal: the last command in the active terminal, with its output and exit code', function () {
  this.timeout(60_000);
  const own = useChatUnderTest();
  let terminal: vscode.Terminal | undefined;
  after(() => terminal?.dispose());

  it('attaches a failing command with its exit code and output, or says why it cannot', async () => {
    const { testing } = await activateExtension();
    terminal = await openTerminal('mention bash', '/bin/bash');
    const mentions = new testing.classes.ChatMentions(
      testing.mentions.files,
      testing.mentions.resolver,
      (content) => own.chat.attachments.add(content),
      () => undefined,
    );
    if (!(await shellIntegrationOf(terminal))) {
      report('      (this host gave bash no shell integration: nothing can be attached)');
      await mentions.choose('terminal', 'terminal');
      assert.equal(own.chat.attachments.all.length, 0);
      return;
    }
    // VS Code streams a command's output only from when the extension reads it (`execution.read()`),
    // which the start event reaches a moment after the shell began: output printed at once can be missed.
    const commandLine = 'sleep 0.5; echo mention-terminal-marker; false';
    terminal.sendText(commandLine);
    const shell = terminal;
    await waitFor(
      'the terminal watcher saw the command end',
      () => testing.terminalWatcher.lastCommand(shell)?.commandLine === commandLine,
      20_000,
    );
    await mentions.choose('terminal', 'terminal');
    const [attached] = own.chat.attachments.all;
    assert.equal(attached?.label, `terminal: \`${commandLine}\`, exit 1`);
    assert.match(attached.code, /^\$ sleep 0\.5; echo mention-terminal-marker; false\nmention-terminal-marker$/);
  });
});

import * as assert from 'node:assert/strict';
import * as vscode from 'vscode';
import type { TerminalExplainResult } from '../../../src/terminal/vscode/explainTerminalCommand';
import {
  activateExtension,
  clusterStats,
  emulatorFromEnvironment,
  report,
  stopUsingEmulator,
  useEmulator,
  waitFor,
} from '../testEnvironment';
import { openTerminal, shellIntegrationOf } from '../helpers/terminals';

async function explain(): Promise<TerminalExplainResult> {
  return (await vscode.commands.executeCommand<TerminalExplainResult>('clusterChat.explainTerminalCommand')) ?? { explained: false };
}

describe(`Explain with Cluster in the terminal (VS Code ${vscode.version})`, function () {
  this.timeout(60_000);
  const emulator = emulatorFromEnvironment();
  const terminals: vscode.Terminal[] = [];

  // The echo cluster replies with what it got, so the reply shows exactly what was sent.
  before(() => useEmulator('echo', 'Echo'));
  after(async () => {
    for (const terminal of terminals) {
      terminal.dispose();
    }
    await stopUsingEmulator();
  });

  it('in a terminal without shell integration (sh), says why it cannot and sends nothing', async () => {
    const received = (await clusterStats(emulator.baseUrl, 'echo')).received;
    const terminal = await openTerminal('plain sh', '/bin/sh');
    terminals.push(terminal);
    terminal.sendText('echo plain');
    const result = await explain();
    assert.equal(result.explained, false);
    assert.match(result.reason ?? '', /it has no shell integration/);
    assert.equal((await clusterStats(emulator.baseUrl, 'echo')).received, received);
  });

  it('in bash, explains the last command with the end of its output, and states the cap', async () => {
    const { testing } = await activateExtension();
    const terminal = await openTerminal('bash', '/bin/bash');
    terminals.push(terminal);
    if (!(await shellIntegrationOf(terminal))) {
      report('      (this host gave bash no shell integration: the command must say so)');
      const result = await explain();
      assert.equal(result.explained, false);
      assert.match(result.reason ?? '', /no shell integration|cannot read terminal commands/);
      return;
    }
    const commandLine = 'seq 1 3000; echo done-marker';
    terminal.sendText(commandLine);
    await waitFor(
      'the terminal watcher saw the command end',
      () => testing.terminalWatcher.lastCommand(terminal)?.commandLine === commandLine,
      20_000,
    );
    const before = testing.replies.last()?.id;
    const result = await explain();
    assert.equal(result.explained, true);
    const reply = testing.replies.last();
    assert.ok(reply && reply.id !== before, 'a new reply is shown');
    assert.equal(reply.title, `Explain with Cluster · ${commandLine}`);
    const [note, ...rest] = reply.markdown.split('\n');
    assert.match(
      note ?? '',
      /^> Sent `seq 1 3000; echo done-marker` and the last (7,9\d\d|8,000) of 13,9\d\d characters of its output \(the output sent is capped at 8,000 characters\)\.$/,
    );
    const sent = rest.join('\n');
    assert.match(sent, /^Command: seq 1 3000; echo done-marker$/m);
    assert.match(sent, /^Exit code: 0$/m);
    assert.match(sent, /Output \(the last (7,9\d\d|8,000) of 13,9\d\d characters; the output sent is capped at 8,000 characters\):/);
    assert.match(sent, /\n2999\n3000\ndone-marker\n/);
    assert.doesNotMatch(sent, /\n1\n2\n3\n/, 'the start of the output is cut');
    assert.doesNotMatch(sent, /\u001b/, 'no escape sequences');
  });

  it('in bash, sends none of the output of a command that names a file kept out (.env), and says so', async () => {
    const { testing } = await activateExtension();
    const folder = vscode.workspace.workspaceFolders?.[0];
    assert.ok(folder, 'the test workspace has a folder');
    const env = vscode.Uri.joinPath(folder.uri, '.env');
    await vscode.workspace.fs.writeFile(env, new TextEncoder().encode('TERMINAL_SECRET=never-leaves-7f3a\n'));
    const terminal = vscode.window.createTerminal({ name: 'bash in the workspace', shellPath: '/bin/bash', cwd: folder.uri });
    terminals.push(terminal);
    terminal.show();
    try {
      await waitFor('the terminal is the active one', () => vscode.window.activeTerminal === terminal);
      if (!(await shellIntegrationOf(terminal))) {
        report('      (this host gave bash no shell integration: nothing is read from it)');
        return;
      }
      // Printed after a pause: VS Code streams output only from when the extension reads it, which the
      // start event reaches a moment after the shell began, so output printed at once can be missed.
      const commandLine = 'sleep 0.5; cat .env';
      terminal.sendText(commandLine);
      await waitFor(
        'the terminal watcher saw the command end with the file printed',
        () => /never-leaves-7f3a/.test(testing.terminalWatcher.lastCommand(terminal)?.output.text ?? ''),
        20_000,
      );
      const received = (await clusterStats(emulator.baseUrl, 'echo')).received;
      const result = await explain();
      assert.equal(result.explained, true);
      assert.equal((await clusterStats(emulator.baseUrl, 'echo')).received, received + 1);
      const reply = testing.replies.last();
      assert.ok(reply);
      const [note, ...rest] = reply.markdown.split('\n');
      assert.equal(
        note,
        '> Sent `sleep 0.5; cat .env` without its output: the command names `.env`, which matches “.env*” (the built-in patterns that keep credentials out), so nothing that may hold it is sent.',
      );
      const sent = rest.join('\n');
      assert.match(sent, /^Output: left out, because the command names \.env, a file that is never sent\.$/m);
      assert.doesNotMatch(sent, /never-leaves-7f3a|TERMINAL_SECRET/, 'the echo cluster got none of the file');
    } finally {
      await vscode.workspace.fs.delete(env);
    }
  });
});

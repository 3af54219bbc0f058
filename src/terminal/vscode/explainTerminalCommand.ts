import * as vscode from 'vscode';
import { isCut } from '../common/terminalOutput';
import { buildTerminalMessages, type FinishedCommand } from '../common/terminalPrompt';
import type { ReplyPanel } from '../../replies/vscode/replyPanel';
import type { ReplyStore } from '../../replies/vscode/replyStore';
import type { RequestRunner } from '../../requests/vscode/requestRunner';
import { settings } from '../../base/vscode/settings';
import type { TerminalWatcher } from './terminalWatcher';
import type { RequestInstructions } from '../../instructions/vscode/requestInstructions';
import { patternPlace, type WorkspaceIgnore } from '../../guards/vscode/workspaceIgnore';
import { keptOutFile, type KeptOutFile } from './keptOutFile';
import { restrictedModeMessage, workspaceMaySend } from '../../guards/vscode/restrictedMode';

/** What Explain with Cluster did: whether a reply was shown, else why it could not run. */
export interface TerminalExplainResult {
  readonly explained: boolean;
  readonly reason?: string;
}

/**
 * Explain with Cluster (the terminal's context menu and the palette): the last command of the
 * active terminal and the end of its output go to the active cluster, with the instruction files
 * that apply to the whole project (a command is about no file); the reply opens in the reply
 * view, under a line saying how much output was sent.
 */
export function registerExplainTerminalCommand(
  watcher: TerminalWatcher,
  runner: RequestRunner,
  replies: ReplyStore,
  panel: ReplyPanel,
  instructions: RequestInstructions,
  ignore: Pick<WorkspaceIgnore, 'ignored'>,
): vscode.Disposable {
  return vscode.commands.registerCommand('clusterChat.explainTerminalCommand', async (): Promise<TerminalExplainResult> => {
    if (!workspaceMaySend()) {
      return { explained: false, reason: restrictedModeMessage() };
    }
    const found = lastCommand(watcher);
    if (typeof found === 'string') {
      void vscode.window.showInformationMessage(found);
      return { explained: false, reason: found };
    }
    const keptOut = await keptOutFile(found, ignore);
    const messages = buildTerminalMessages(found, settings.systemPrompt(), keptOut?.written);
    const sent = await instructions.apply(messages, []);
    if (!sent) {
      return { explained: false };
    }
    const title = vscode.l10n.t('Explain with Cluster');
    const explained = await runner.run({
      title,
      caller: 'terminal',
      messages: sent,
      deliver: ({ reply, cluster }) => {
        const stored = replies.add({
          title: `${title} · ${found.commandLine}`,
          cluster: cluster.label ?? cluster.id,
          markdown: `> ${keptOut ? keptOutNote(found, keptOut) : sentNote(found)}\n\n${reply.assistant.content}`,
          source: undefined,
          conversation: [...messages, reply.assistant],
        });
        panel.show(stored);
      },
    });
    return { explained };
  });
}

/** The active terminal's last command, or why there is none to explain. */
function lastCommand(watcher: TerminalWatcher): FinishedCommand | string {
  if (!watcher.available) {
    return vscode.l10n.t('Cluster Chat cannot read terminal commands in this version of VS Code (it has no shell integration API).');
  }
  const terminal = vscode.window.activeTerminal;
  if (!terminal) {
    return vscode.l10n.t('Cluster Chat: open a terminal and run a command first.');
  }
  const command = watcher.lastCommand(terminal);
  if (command) {
    return command;
  }
  if (!terminal.shellIntegration) {
    return vscode.l10n.t(
      'Cluster Chat cannot see the commands of this terminal: it has no shell integration. VS Code adds it to bash, zsh, fish and PowerShell when terminal.integrated.shellIntegration.enabled is on.',
    );
  }
  return vscode.l10n.t(
    'No command has finished in this terminal since Cluster Chat started watching it. Run the command again, then choose Explain with Cluster.',
  );
}

/** The line above the reply when the output stayed here: which file the command names, and the pattern. */
function keptOutNote(command: FinishedCommand, keptOut: KeptOutFile): string {
  return vscode.l10n.t(
    'Sent {0} without its output: the command names {1}, which matches “{2}” ({3}), so nothing that may hold it is sent.',
    codeSpan(command.commandLine),
    codeSpan(keptOut.written),
    keptOut.match.pattern,
    patternPlace(keptOut.match),
  );
}

function codeSpan(text: string): string {
  return `\`${text.replace(/`/g, "'")}\``;
}

/** The line above the reply that says what was sent, and the cap. */
function sentNote(command: FinishedCommand): string {
  const { output } = command;
  const format = (value: number): string => value.toLocaleString(vscode.env.language);
  const code = codeSpan(command.commandLine);
  if (output.text.length === 0) {
    return vscode.l10n.t('Sent {0}; it printed nothing.', code);
  }
  return isCut(output)
    ? vscode.l10n.t(
        'Sent {0} and the last {1} of {2} characters of its output (the output sent is capped at {3} characters).',
        code,
        format(output.text.length),
        format(output.totalCharacters),
        format(output.cap),
      )
    : vscode.l10n.t(
        'Sent {0} and all {1} characters of its output (the output sent is capped at {2} characters).',
        code,
        format(output.totalCharacters),
        format(output.cap),
      );
}

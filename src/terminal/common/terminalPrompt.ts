import type { Message } from '../../client/common/messages';
import { fenceCode } from '../../replies/common/selectionPrompt';
import { isCut, type CapturedOutput } from './terminalOutput';

/** A command that ran in a terminal with shell integration, and what it printed. */
export interface FinishedCommand {
  readonly commandLine: string;
  /** Undefined when the shell did not report one. */
  readonly exitCode: number | undefined;
  readonly cwd?: string;
  readonly output: CapturedOutput;
}

export const TERMINAL_INSTRUCTION =
  'Explain what this terminal command did and what its output means. If it failed, say why and how to fix it.';

const count = (value: number): string => value.toLocaleString('en-US');

/** The line, in the prompt's language, that says how much output is sent and the cap. */
export function outputExtent(output: CapturedOutput): string {
  return isCut(output)
    ? `the last ${count(output.text.length)} of ${count(output.totalCharacters)} characters; the output sent is capped at ${count(output.cap)} characters`
    : `all ${count(output.totalCharacters)} characters; the output sent is capped at ${count(output.cap)} characters`;
}

/**
 * The conversation for Explain with Cluster: the command, where and how it ended, and its output
 * (capped, and saying so), or why not when the command names a file kept out (`keptOut`, as written).
 */
export function buildTerminalMessages(command: FinishedCommand, systemPrompt: string, keptOut?: string): Message[] {
  const facts = [
    `Command: ${command.commandLine}`,
    ...(command.cwd ? [`Working directory: ${command.cwd}`] : []),
    `Exit code: ${command.exitCode === undefined ? 'not reported' : command.exitCode}`,
  ];
  const output =
    keptOut !== undefined
      ? `Output: left out, because the command names ${keptOut}, a file that is never sent.`
      : command.output.text.length === 0
        ? 'The command printed nothing.'
        : `Output (${outputExtent(command.output)}):\n\n${fenceCode(command.output.text, 'text')}`;
  const messages: Message[] = [];
  if (systemPrompt.trim().length > 0) {
    messages.push({ role: 'system', content: systemPrompt.trim() });
  }
  messages.push({ role: 'user', content: `${TERMINAL_INSTRUCTION}\n\n${facts.join('\n')}\n\n${output}` });
  return messages;
}

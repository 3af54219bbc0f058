import type { Message } from '../../client/common/messages';
import { fenceCode, fillTemplate } from '../../replies/common/selectionPrompt';
import type { DiffOmissions, TrimmedDiff } from './trimDiff';

/** The default of `clusterChat.prompt.commitMessage`; `{changes}` names what the diff holds. */
export const DEFAULT_COMMIT_TEMPLATE =
  'Write a git commit message for the {changes} below. Start with a summary line of at most 72 characters in the imperative mood; if the change needs it, add a blank line and a short body that says why. Reply with the commit message only, without a code fence.';

/** Which changes the diff holds: the staged ones, or all of them when nothing is staged. */
export type ChangeScope = 'staged' | 'all';

export interface CommitPromptInput {
  readonly template: string;
  readonly systemPrompt: string;
  readonly scope: ChangeScope;
  readonly diff: TrimmedDiff;
  /** New files git does not track yet: they are not in the diff, so they are named. */
  readonly untrackedFiles: readonly string[];
}

/**
 * The conversation that asks for a commit message: the system prompt (if any), then the
 * instruction, the diff in a fenced block, and a note naming everything not sent.
 */
export function buildCommitMessages(input: CommitPromptInput): Message[] {
  const changes = input.scope === 'staged' ? 'staged changes' : 'uncommitted changes (nothing is staged)';
  const instruction = fillTemplate(input.template, { changes }).trim();
  const parts = [instruction];
  if (input.diff.text.length > 0) {
    parts.push(fenceCode(input.diff.text, 'diff'));
  }
  const note = omissionNote(input.diff.omissions, input.untrackedFiles);
  if (note.length > 0) {
    parts.push(note.join('\n'));
  }
  const messages: Message[] = [];
  if (input.systemPrompt.trim().length > 0) {
    messages.push({ role: 'system', content: input.systemPrompt.trim() });
  }
  messages.push({ role: 'user', content: parts.join('\n\n') });
  return messages;
}

/** The note, in the prompt's language, of what the diff above leaves out. */
function omissionNote(omissions: DiffOmissions, untrackedFiles: readonly string[]): string[] {
  const lines: string[] = [];
  const cap = `the diff sent is capped at ${omissions.maxCharacters.toLocaleString('en-US')} characters`;
  if (omissions.partial) {
    const { path, keptLines, totalLines } = omissions.partial;
    lines.push(`Cut: only the first ${keptLines} of ${totalLines} diff lines of ${path} are shown (${cap}).`);
  }
  if (omissions.omittedFiles.length > 0) {
    lines.push(`Left out (${cap}): the changes to ${omissions.omittedFiles.join(', ')}.`);
  }
  if (omissions.binaryFiles.length > 0) {
    lines.push(`Binary files changed (content not sent): ${omissions.binaryFiles.join(', ')}.`);
  }
  if (untrackedFiles.length > 0) {
    lines.push(`New untracked files (not in the diff): ${untrackedFiles.join(', ')}.`);
  }
  return lines;
}

/** The commit message in a reply: the reply itself, without a code fence around all of it. */
export function commitMessageFromReply(reply: string): string {
  const fenced = /^\s*(`{3,}|~{3,})[^\n]*\n([\s\S]*?)\n\1\s*$/.exec(reply);
  return (fenced?.[2] ?? reply).trim();
}

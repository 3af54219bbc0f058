import type { Message } from '../../client/common/messages';
import { describeCode, fillTemplate, type CodeContext } from '../../replies/common/selectionPrompt';

/** What the reply must hold for an inline proposal: the whole range, rewritten, in one block. */
export const WHOLE_CODE_REQUEST =
  'Reply with the complete code shown above, changed, in one fenced block (every line of it, not only the changed ones), then list the changes briefly.';

export const EXPLAIN_PROBLEMS_INSTRUCTION =
  'Explain the problems reported in {fileName} below: what each one means, why it happens in this code, and how to fix it.';

/** A problem VS Code shows for the code (a diagnostic), with 1-based positions. */
export interface ProblemReport {
  readonly message: string;
  readonly severity: 'error' | 'warning' | 'information' | 'hint';
  readonly source?: string;
  readonly code?: string;
  readonly range: { readonly startLine: number; readonly startColumn: number; readonly endLine: number; readonly endColumn: number };
}

/** The conversation for “edit in place”: the user's instruction, the code, and the request for the whole changed code. */
export function buildEditMessages(input: {
  readonly instruction: string;
  readonly context: CodeContext;
  readonly systemPrompt: string;
}): Message[] {
  const user = `${input.instruction.trim()}\n\n${describeCode(input.context)}\n\n${WHOLE_CODE_REQUEST}`;
  return withSystemPrompt(input.systemPrompt, user);
}

/**
 * The conversation for a lightbulb action on problems: the instruction (the fix setting, or the
 * explanation's), the problems with where VS Code reports them, then the code around them. A fix
 * also asks for the whole code back, since it comes back as an edit proposal.
 */
export function buildProblemMessages(input: {
  readonly kind: 'fix' | 'explain';
  readonly instruction: string;
  readonly problems: readonly ProblemReport[];
  readonly context: CodeContext;
  readonly systemPrompt: string;
}): Message[] {
  const instruction = fillTemplate(input.instruction, { fileName: input.context.fileName, language: input.context.languageId }).trim();
  const problems = input.problems.map((problem) => `- ${describeProblem(problem)}`).join('\n');
  const parts = [instruction, `Problems reported in ${input.context.fileName}:\n${problems}`, describeCode(input.context)];
  if (input.kind === 'fix') {
    parts.push(WHOLE_CODE_REQUEST);
  }
  return withSystemPrompt(input.systemPrompt, parts.join('\n\n'));
}

/** e.g. "line 3, columns 5–12: Cannot find name 'x'. (error, ts 2304)". */
export function describeProblem(problem: ProblemReport): string {
  const { range } = problem;
  const where =
    range.startLine === range.endLine
      ? `line ${range.startLine}, columns ${range.startColumn}–${range.endColumn}`
      : `lines ${range.startLine}:${range.startColumn}–${range.endLine}:${range.endColumn}`;
  const origin = [problem.source, problem.code].filter((part) => part !== undefined && part.length > 0).join(' ');
  return `${where}: ${problem.message.trim()} (${problem.severity}${origin ? `, ${origin}` : ''})`;
}

function withSystemPrompt(systemPrompt: string, user: string): Message[] {
  const messages: Message[] = [];
  if (systemPrompt.trim().length > 0) {
    messages.push({ role: 'system', content: systemPrompt.trim() });
  }
  messages.push({ role: 'user', content: user });
  return messages;
}

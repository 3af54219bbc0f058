import type { Message } from '../../client/common/messages';

/** The palette and context-menu actions that send code to a cluster. */
export const SELECTION_ACTIONS = ['send', 'explain', 'refactor', 'writeTests', 'fix', 'ask'] as const;
export type SelectionAction = (typeof SELECTION_ACTIONS)[number];

/** Default instruction of each action; users override them with the clusterChat.prompt.* settings. */
export const DEFAULT_INSTRUCTIONS: Record<SelectionAction, string> = {
  send: 'Here is some code from {fileName}.',
  explain: 'Explain what this code from {fileName} does, step by step.',
  refactor:
    'Refactor this code from {fileName} for clarity and maintainability without changing its behaviour. Reply with the full refactored code in one fenced block, then a short list of the changes.',
  writeTests:
    'Write unit tests for this code from {fileName}, using the test framework the code most likely uses. Reply with the tests in one fenced code block.',
  fix: 'Find and fix the bugs in this code from {fileName}. Reply with the corrected code in one fenced block, then explain each fix briefly.',
  ask: '{question}',
};

export const DEFAULT_SYSTEM_PROMPT =
  'You are a helpful coding assistant inside VS Code. Answer in markdown. Put code in fenced code blocks marked with their language.';

/** The code a request is about and where it comes from. */
export interface CodeContext {
  /** File name as the user knows it (relative to the workspace when possible). */
  readonly fileName: string;
  /** VS Code's language id, e.g. "typescript". */
  readonly languageId: string;
  readonly code: string;
  /** 1-based first and last line; undefined when the whole file is sent. */
  readonly lines?: { readonly first: number; readonly last: number };
}

export interface SelectionPromptInput {
  readonly action: SelectionAction;
  readonly context: CodeContext;
  /** The instruction template; `{fileName}`, `{language}` and `{question}` are filled in. */
  readonly instruction: string;
  readonly systemPrompt: string;
  /** The user's own question, for the "ask" action. */
  readonly question?: string;
}

/**
 * The conversation for a selection action: the system prompt (if any), then one user message with
 * the instruction and the code in a fenced block naming file and language. Nothing is cut.
 */
export function buildSelectionMessages(input: SelectionPromptInput): Message[] {
  const { context } = input;
  const instruction = fillTemplate(input.instruction, {
    fileName: context.fileName,
    language: context.languageId,
    question: input.question ?? '',
  }).trim();
  const user = `${instruction}\n\n${describeCode(context)}`;
  const messages: Message[] = [];
  if (input.systemPrompt.trim().length > 0) {
    messages.push({ role: 'system', content: input.systemPrompt.trim() });
  }
  messages.push({ role: 'user', content: user });
  return messages;
}

/** The code in a fenced block, after a line naming its file, language and lines. */
export function describeCode(context: CodeContext): string {
  const where = context.lines
    ? `${context.fileName} (${context.languageId}), lines ${context.lines.first}–${context.lines.last}`
    : `${context.fileName} (${context.languageId}), whole file`;
  return `${where}:\n\n${fenceCode(context.code, fenceLanguageFor(context.languageId))}`;
}

/** Replaces `{name}` placeholders; unknown ones stay as they are. */
export function fillTemplate(template: string, values: Readonly<Record<string, string>>): string {
  return template.replace(/\{(\w+)\}/g, (whole, name: string) => values[name] ?? whole);
}

/** A fence longer than any backtick run inside the code, so the code cannot close it early. */
export function fenceCode(code: string, language: string): string {
  // Only runs of three or more can lengthen the fence; a spread of every run overflows the stack on long texts.
  let longestRun = 0;
  for (const match of code.matchAll(/`{3,}/g)) {
    longestRun = Math.max(longestRun, match[0].length);
  }
  const fence = '`'.repeat(Math.max(3, longestRun + 1));
  const body = code.endsWith('\n') ? code : `${code}\n`;
  return `${fence}${language}\n${body}${fence}`;
}

const FENCE_LANGUAGES: Record<string, string> = {
  javascriptreact: 'jsx',
  typescriptreact: 'tsx',
  shellscript: 'bash',
  plaintext: '',
};

/** The fence info string for a VS Code language id. */
export function fenceLanguageFor(languageId: string): string {
  return FENCE_LANGUAGES[languageId] ?? languageId;
}

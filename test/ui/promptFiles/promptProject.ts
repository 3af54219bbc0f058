/** The workspace folder of the prompt files' UI tests: a Copilot prompt file and a source file to select in. */

/** Words of the prompt file no prompt of the extension holds: found in a request, the file was read. */
export const PROMPT_MARKER = 'Review this code for';

export const PROMPT_PROJECT: Readonly<Record<string, string>> = {
  '.github/prompts/review.prompt.md': [
    '---',
    'description: Review the selected code',
    'argument-hint: what to add',
    '---',
    `${PROMPT_MARKER} \${input:topic}:`,
    '',
    '${selection}',
    '',
  ].join('\n'),
  'src/math.ts': 'export function add(a: number, b: number) {\n  return a + b;\n}\n',
};

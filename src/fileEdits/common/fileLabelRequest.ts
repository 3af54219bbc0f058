/**
 * What a chat send asks of the cluster so that its replies can be reviewed and applied across
 * files: each code block names its file, and a block that shows part of a file marks what it
 * leaves out. Sent after the instruction files, as part of the turn's frozen system message.
 */
export const FILE_LABEL_REQUEST =
  'When a code block is meant for a file of the project, name the file after the language on the opening fence, ' +
  'as in ```ts src/app.ts. When it changes only part of a file, mark the unchanged code it leaves out with a comment ' +
  'line `...existing code...` in the language’s comment style.';

/** The turn's instructions with the request after them (none asked: as they are). */
export function withFileLabelRequest(instructions: string, ask: boolean): string {
  return ask ? [instructions, FILE_LABEL_REQUEST].filter((part) => part.trim() !== '').join('\n\n') : instructions;
}

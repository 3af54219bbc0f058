/**
 * The system message with the instruction files that apply: the user's system prompt, then each
 * file in a fenced block named by its path. Each file is capped, and so are all of them together,
 * so one large file cannot crowd out the conversation; a cut is said in the block, where the model
 * and anyone reading the request see it. The text is a pure function of its inputs, so a turn
 * frozen into the log resends the very same bytes.
 */

/** Characters of one file sent at most. */
export const INSTRUCTION_FILE_MAX_CHARS = 12_000;
/** Characters of all files of a send together at most (about 6,000 tokens). */
export const INSTRUCTIONS_MAX_CHARS = 24_000;
export const INSTRUCTIONS_INTRO = "The project's instruction files follow, each in a fenced block named by its path.";

export interface InstructionToSend {
  /** The workspace folder's name; empty for the user's own files. */
  readonly folder: string;
  /** Relative to the workspace folder, posix; for the user's own files, the path as the user knows it (`~/…`). */
  readonly path: string;
  readonly text: string;
}

/** What went out of one file, for the context meter and the request inspector. */
export interface SentInstruction {
  /** The name on its block: the path, after the folder's name in a multi-root workspace. */
  readonly source: string;
  readonly folder: string;
  readonly path: string;
  /** Characters of the file sent; 0 when the total cap left no room (then it has no block). */
  readonly chars: number;
  /** Characters of the file (line ends as `\n`, blank lines at either end left out). */
  readonly fileChars: number;
  readonly cut: boolean;
}

export interface InstructionsMessage {
  readonly text: string;
  readonly sent: readonly SentInstruction[];
}

export interface BlockOptions {
  readonly multiRoot: boolean;
  readonly maxFileChars?: number;
  readonly maxTotalChars?: number;
}

export function composeSystemMessage(
  systemPrompt: string,
  files: readonly InstructionToSend[],
  options: BlockOptions,
): InstructionsMessage {
  if (files.length === 0) {
    return { text: systemPrompt, sent: [] };
  }
  const maxFile = options.maxFileChars ?? INSTRUCTION_FILE_MAX_CHARS;
  let remaining = options.maxTotalChars ?? INSTRUCTIONS_MAX_CHARS;
  const blocks: string[] = [];
  const sent: SentInstruction[] = [];
  for (const file of files) {
    const source = sourceName(file, options.multiRoot);
    const content = file.text
      .replace(/\r\n?/g, '\n')
      .replace(/^(?:[ \t]*\n)+/, '')
      .trimEnd();
    const chars = content.length <= Math.min(maxFile, remaining) ? content.length : cutIndex(content, Math.min(maxFile, remaining));
    const cut = chars < content.length;
    remaining -= chars;
    sent.push({ source, folder: file.folder, path: file.path, chars, fileChars: content.length, cut });
    if (chars > 0) {
      blocks.push(fencedBlock(source, cut ? `${content.slice(0, chars)}\n[cut at ${chars} characters of ${content.length}]` : content));
    }
  }
  const head = systemPrompt.trim() === '' ? [] : [systemPrompt.trimEnd()];
  return { text: [...head, INSTRUCTIONS_INTRO, ...blocks].join('\n\n'), sent };
}

/** The largest index up to `limit` that does not split a surrogate pair. */
export function cutIndex(text: string, limit: number): number {
  if (limit <= 0) {
    return 0;
  }
  const before = text.charCodeAt(limit - 1);
  const after = text.charCodeAt(limit);
  return before >= 0xd800 && before <= 0xdbff && after >= 0xdc00 && after <= 0xdfff ? limit - 1 : limit;
}

/**
 * A path may hold any character but `/` and NUL; a line break in it would end the fence's info
 * string and let a file name write its own lines into the system message.
 */
function sourceName(file: InstructionToSend, multiRoot: boolean): string {
  const name = multiRoot && file.folder !== '' ? `${file.folder}/${file.path}` : file.path;
  return name.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]/g, '\uFFFD');
}

/** A fence longer than any run of its character inside, so the content cannot close it early. */
function fencedBlock(source: string, content: string): string {
  // A backtick fence's info string may not hold a backtick, so such a name gets a tilde fence.
  const char = source.includes('`') ? '~' : '`';
  let longest = 0;
  let run = 0;
  for (const c of content) {
    run = c === char ? run + 1 : 0;
    longest = Math.max(longest, run);
  }
  const fence = char.repeat(Math.max(3, longest + 1));
  return `${fence}${source}\n${content}\n${fence}`;
}

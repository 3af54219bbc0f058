/** A block that replaces a file whole although it looks like a part of it. */
export interface WholeFileShrink {
  /** Lines of the file now, blank ones aside. */
  readonly fileLines: number;
  /** Lines of the block, blank ones aside. */
  readonly blockLines: number;
}

/** Files shorter than this are rewritten whole often enough that a warning would be noise. */
const MIN_FILE_LINES = 20;

/**
 * Whether a block without `...existing code...` marks, which replaces its file whole, keeps less
 * than half of the file's lines: most often a snippet of the file the cluster did not mark as one,
 * whose acceptance would delete the rest. Told to the user before they accept, never refused: a
 * reply may rewrite a file shorter on purpose.
 */
export function wholeFileShrink(original: string, block: string): WholeFileShrink | undefined {
  const fileLines = countLines(original);
  const blockLines = countLines(block);
  return fileLines >= MIN_FILE_LINES && blockLines * 2 < fileLines ? { fileLines, blockLines } : undefined;
}

function countLines(text: string): number {
  return text.split('\n').filter((line) => line.trim() !== '').length;
}

/**
 * What of a prompt file's expansion still stands in a message about to be sent. The expansion went
 * into the box for the user to read and edit, so the message is the user's; but the words of the
 * file are not, and a cluster's action phrase among them must be asked about as if it came with an
 * attachment. The lines of the expansion the message still holds (verbatim, anywhere in it) are
 * that text: a line the user edited became the user's own.
 */

/** A prompt file's expansion as it went into the box. */
export interface PromptInsertion {
  /** The prompt file, as the user knows it (its path in the workspace, or `~/…`). */
  readonly source: string;
  readonly text: string;
}

/** The lines of each insertion that `message` still holds, one text per insertion that left any. */
export function insertedText(insertions: readonly PromptInsertion[], message: string): PromptInsertion[] {
  return insertions.flatMap((insertion) => {
    const kept = insertion.text.split('\n').filter((line) => line.trim() !== '' && message.includes(line));
    return kept.length === 0 ? [] : [{ source: insertion.source, text: kept.join('\n') }];
  });
}

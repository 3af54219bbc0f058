/** One attachment block as `composeUserMessage` wrote it: `label:`, a blank line, a fenced block. */
export interface AttachedBlock {
  readonly label: string;
  /** The fence's info string (`typescript`, `diff`, or none). */
  readonly language: string;
  readonly code: string;
}

/**
 * A sent user message taken apart again: the typed text, and the `count` attachment blocks that
 * end it. Exact, as each block's fence is longer than any run of backticks inside it, so its
 * opening fence is the one run of that length before its closing one. Undefined when the content
 * does not end in that many blocks (a message edited by hand since): it is then shown whole.
 */
export function splitAttachedBlocks(
  content: string,
  count: number,
): { readonly typed: string; readonly blocks: AttachedBlock[] } | undefined {
  const blocks: AttachedBlock[] = [];
  let end = content.length;
  for (let left = count; left > 0; left--) {
    const fence = /`{3,}$/u.exec(content.slice(0, end))?.[0];
    if (fence === undefined) {
      return undefined;
    }
    const closing = end - fence.length;
    const opening = content.lastIndexOf(`:\n\n${fence}`, closing - 1);
    const infoEnd = opening === -1 ? -1 : content.indexOf('\n', opening + 3 + fence.length);
    if (opening === -1 || infoEnd === -1 || infoEnd >= closing || content[closing - 1] !== '\n') {
      return undefined;
    }
    const separator = content.lastIndexOf('\n\n', opening - 1);
    const labelStart = separator === -1 ? 0 : separator + 2;
    blocks.unshift({
      label: content.slice(labelStart, opening),
      language: content.slice(opening + 3 + fence.length, infoEnd),
      code: content.slice(infoEnd + 1, closing - 1),
    });
    end = separator === -1 ? 0 : separator;
  }
  return { typed: content.slice(0, end), blocks };
}

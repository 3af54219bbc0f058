import { PENDING_HIGHLIGHT_CLASS } from './renderMarkdown';

/** Lines of a plain code block laid out together; longer blocks are cut into runs of this many. */
export const CODE_LINES_PER_RUN = 500;

const CODE = '.code-block pre > code';
const TEXT_NODE = 3;

/**
 * Cuts the text of each plain code block under `root` into runs of lines, each a block of its
 * own (`.code-lines`, laid out only near the viewport), so a 10,000-line block costs no more layout
 * than the lines in view. Highlighted blocks are short and stay whole.
 */
export function splitLongCode(root: ParentNode): void {
  for (const code of root.querySelectorAll<HTMLElement>(CODE)) {
    const only = code.firstChild;
    // A text node alone: the block is plain (not highlighted, no line cut short).
    if (code.childNodes.length !== 1 || only?.nodeType !== TEXT_NODE || code.classList.contains(PENDING_HIGHLIGHT_CLASS)) {
      continue;
    }
    const lines = (only.textContent ?? '').replace(/\n$/, '').split('\n');
    if (lines.length < CODE_LINES_PER_RUN) {
      continue;
    }
    const runs: HTMLElement[] = [];
    for (let start = 0; start < lines.length; start += CODE_LINES_PER_RUN) {
      runs.push(codeRun(code.ownerDocument, lines.slice(start, start + CODE_LINES_PER_RUN).join('\n')));
    }
    code.replaceChildren(...runs);
  }
}

/** Appends lines to the last code block under `root` (a long block arrives in pieces). */
export function appendCodeLines(root: ParentNode, lines: string): void {
  const blocks = root.querySelectorAll<HTMLElement>(CODE);
  blocks[blocks.length - 1]?.append(codeRun(root.ownerDocument ?? document, lines));
}

function codeRun(document: Document, lines: string): HTMLElement {
  const run = document.createElement('span');
  run.className = 'code-lines';
  run.textContent = lines;
  return run;
}

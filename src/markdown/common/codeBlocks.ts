import { BlockState, type BlockRules } from './blockState';
import { blockquote, list } from './containerBlocks';
import { fenceLanguage } from './fenceLanguage';
import { code, fence, heading, hr, lheading, paragraph } from './leafBlocks';
import { reference } from './linkReference';
import { table } from './tableBlock';

/**
 * The code blocks of a markdown text, found without a markdown renderer: the extension host needs
 * only these (to insert a block, or to take the code of an edit from a reply), and markdown-it
 * would be most of its bundle's size.
 *
 * They are exactly the `fence` and `code_block` tokens of the webview's markdown-it (15.0, with
 * raw HTML off and MAX_NESTING), in the same order, with the same content, info string and lines,
 * so the host's block N is the chat's block N: the scan follows markdown-it's block rules for
 * everything that decides where a code block starts and ends (block quotes, lists, tables, link
 * reference definitions, paragraphs and their interruptions, setext headings), and skips all that
 * only renders (inline markup). `test/unit/markdown/common/codeBlocks.test.ts` holds it to
 * markdown-it's tokens.
 */
export interface CodeBlock {
  /** Position among the text's code blocks, counted from 0 in document order. */
  readonly index: number;
  /** Fenced (``` or ~~~) or indented by four spaces. */
  readonly kind: 'fenced' | 'indented';
  /**
   * Everything after the opening fence on its line, as written (markdown-it's `token.info`:
   * neither trimmed nor unescaped), e.g. ' ts src/app.ts' or 'ts:src/app.ts'; '' for indented code.
   */
  readonly info: string;
  /** The info string's first word, lower-cased ('' when absent or indented code). */
  readonly fenceLanguage: string;
  /** The code: its lines, each with its line break (a fence's last line may have none at the text's end). */
  readonly code: string;
  /**
   * The lines the block spans, from 0: `startLine` is the opening fence (or the first indented
   * line), `endLine` the line after the closing fence, or the end of its container or of the text
   * for a fence never closed (markdown-it's `map`). Lines are counted as markdown reads them: \r\n,
   * \r and \n each end one.
   */
  readonly startLine: number;
  readonly endLine: number;
}

const RULES: BlockRules = {
  // markdown-it's order; raw HTML is off, so its HTML block rule never matches and is left out.
  all: [table, code, fence, blockquote, hr, list, reference, heading, lheading, paragraph],
  paragraph: [table, fence, blockquote, hr, list, heading],
  blockquote: [fence, blockquote, hr, list, heading],
  list: [fence, blockquote, hr],
};

/**
 * A fence marker anywhere, or a line whose quote and list markers hold four spaces or a tab: every
 * code block has one, as a fence opens with three backticks or tildes and indented code needs four
 * columns past its container's markers. A text without any surely holds no code block.
 */
const MAY_HOLD_CODE = /`{3}|~{3}|^[ \t>*+\-\d.)]*?(?: {4}|\t)/m;

/** Every fenced or indented code block of a markdown text, in document order. */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  // A scan spares the parse (tens of ms for a long table or prose) of a text with no code block.
  if (!MAY_HOLD_CODE.test(markdown)) {
    return [];
  }
  // markdown-it's normalizing: line breaks to \n, NUL to U+FFFD.
  const src = markdown.replace(/\r\n?/g, '\n').replace(/\0/g, '\uFFFD');
  if (src === '') {
    return [];
  }
  const state = new BlockState(src, RULES);
  state.tokenize(0, state.lineMax);
  return state.blocks.map((block, index) => ({
    index,
    kind: block.info === undefined ? 'indented' : 'fenced',
    info: block.info ?? '',
    fenceLanguage: fenceLanguage(block.info ?? ''),
    code: block.content,
    startLine: block.map[0],
    endLine: block.map[1],
  }));
}

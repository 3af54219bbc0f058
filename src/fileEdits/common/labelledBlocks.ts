import { nestsTooDeep } from '../../markdown/common/blockState';
import { extractCodeBlocks, type CodeBlock } from '../../markdown/common/codeBlocks';
import { hasExistingCodeMarker } from './existingCodeMarker';

/** Where a block named its file. */
export type LabelSource = 'info' | 'firstLine' | 'above';

/** A code block of a reply that names the file it is for. */
export interface LabelledBlock {
  /** The block's place among all the reply's code blocks (the chat's and reply view's block number). */
  readonly index: number;
  /** As the reply writes it, with `\` made `/`; still untrusted (`judgePath` says what may be done with it). */
  readonly path: string;
  /** The code, without a `// filepath:` first line. */
  readonly code: string;
  readonly source: LabelSource;
  /** The block shows only part of the file: it marks the code it leaves out with `...existing code...`. */
  readonly partial: boolean;
}

/** `key=value` in an info string that names the file (`title="src/app.ts"`). */
const INFO_KEY = /^(?:file|filename|filepath|path|title)=(["']?)(.+)\1$/iu;
/** A first line that names the file, in the comment styles of the common languages. */
const FIRST_LINE = /^\s*(?:\/\/|#|--|;|%|\/\*|<!--|\{\/\*)\s*(?:file\s*path|file\s*name|file|path)\s*:\s*(.+?)\s*(?:\*\/\}?|-->)?\s*$/iu;
/** What may stand before the name on the line above a block: a heading's, a list item's or a number's mark, and a `File:` mark. */
const ABOVE_PREFIX = /^(?:#{1,6}\s+)?(?:[-*+]\s+|\d+[.)]\s+)?(?:(?:file|filename|path)\s*:\s*)?/iu;
/** A line above a block longer than this is prose, even when it names a file in code marks. */
const MAX_NAMING_LINE = 120;
/** Fences of commands to run in a terminal. */
const COMMAND_FENCES = new Set([
  'bash',
  'sh',
  'shell',
  'shellscript',
  'zsh',
  'console',
  'terminal',
  'powershell',
  'ps1',
  'pwsh',
  'cmd',
  'bat',
]);
/** Files that hold such commands. */
const SCRIPT_FILE = /\.(?:sh|bash|zsh|ps1|bat|cmd)$/iu;
/** Emphasis and code marks around the name, taken off from the outside in. */
const WRAPPERS = ['`', '**', '__', '*', '_'] as const;

/**
 * The code blocks of a reply that name their file, by the conventions peers and models use: the
 * info string (```` ```ts src/app.ts ````, ```` ```ts:src/app.ts ````, `title="src/app.ts"`), a
 * `// filepath: src/app.ts` first line (dropped from the code), or a line just above the block that
 * holds only the path or introduces the block with one path in code marks. A word counts as a path
 * when it has a `/` or an extension. A reply nested too deep for markdown is shown as text, so it
 * has none.
 */
export function labelledBlocks(markdown: string): LabelledBlock[] {
  if (nestsTooDeep(markdown)) {
    return [];
  }
  const lines = markdown.replace(/\r\n?/gu, '\n').split('\n');
  return extractCodeBlocks(markdown).flatMap((block): LabelledBlock[] => {
    const labelled = fromInfo(block) ?? fromFirstLine(block) ?? fromAbove(block, lines);
    return labelled === undefined ? [] : [{ index: block.index, ...labelled, partial: hasExistingCodeMarker(labelled.code) }];
  });
}

type Label = Pick<LabelledBlock, 'path' | 'code' | 'source'>;

function fromInfo(block: CodeBlock): Label | undefined {
  const words = block.info.trim().split(/\s+/u);
  const [first = '', ...rest] = words;
  const colon = first.indexOf(':');
  const candidates = [colon > 0 ? first.slice(colon + 1) : first, ...rest.map((word) => INFO_KEY.exec(word)?.[2] ?? word)];
  const path = candidates.find(looksLikePath);
  return path === undefined ? undefined : { path: slashed(path), code: block.code, source: 'info' };
}

function fromFirstLine(block: CodeBlock): Label | undefined {
  const end = block.code.indexOf('\n');
  const first = end < 0 ? block.code : block.code.slice(0, end);
  const path = FIRST_LINE.exec(first)?.[1];
  return path === undefined || /\s/u.test(path) ? undefined : { path: slashed(path), code: block.code.slice(end + 1), source: 'firstLine' };
}

function fromAbove(block: CodeBlock, lines: readonly string[]): Label | undefined {
  // The line right above, or the one above a single blank line.
  const above = [lines[block.startLine - 1], lines[block.startLine - 2]].find((line) => line !== undefined && line.trim() !== '');
  const path = above === undefined ? undefined : (nameAlone(above) ?? nameInCode(above, block.fenceLanguage));
  return path === undefined ? undefined : { path: slashed(path), code: block.code, source: 'above' };
}

/** The path a line holds and nothing else (`### src/app.ts`, `**src/app.ts**:`, `File: \`src/app.ts\``). */
function nameAlone(line: string): string | undefined {
  let text = line.trim();
  // Marks and wrappers in any order: `**File: src/app.ts**`, `- **\`src/app.ts\`**:`.
  for (let before = ''; before !== text;) {
    before = text;
    text = text.replace(ABOVE_PREFIX, '').replace(/:$/u, '');
    const wrapper = WRAPPERS.find((mark) => text.length > 2 * mark.length && text.startsWith(mark) && text.endsWith(mark));
    text = wrapper === undefined ? text : text.slice(wrapper.length, -wrapper.length);
  }
  return /\s/u.test(text) || !looksLikePath(text) ? undefined : text;
}

/**
 * The one path in code marks on a short line that introduces the block: a heading, a line ending
 * in a colon, or one that starts with the path (`### 2. Update \`src/app.ts\``, `Create
 * \`src/new.ts\`:`, `\`src/app.ts\` (new file)`). Prose that merely mentions a file names none.
 */
function nameInCode(line: string, language: string): string | undefined {
  const text = line.trim();
  const paths = [...text.matchAll(/`([^`\s]+)`/gu)].map((span) => span[1] ?? '').filter(looksLikePath);
  const [path] = paths;
  if (path === undefined || paths.length > 1 || text.length > MAX_NAMING_LINE) {
    return undefined;
  }
  // "Open `index.html`:" above commands to run names what they act on, not the block's file.
  if (COMMAND_FENCES.has(language) && !SCRIPT_FILE.test(path)) {
    return undefined;
  }
  const introduces =
    /^#{1,6}\s/u.test(text) ||
    /:[*_]*$/u.test(text) ||
    text
      .replace(ABOVE_PREFIX, '')
      .replace(/^[*_]+/u, '')
      .startsWith('`');
  return introduces ? path : undefined;
}

/**
 * A word with a `/` or a file extension (a letter after the last dot), and not a link. Markup and
 * characters no file system takes in a name (`<b>x</b>`, `a|b`, `"x"`) make it text, not a path.
 */
function looksLikePath(word: string): boolean {
  return word !== '' && !word.includes('://') && !/[<>"|?*]/u.test(word) && (/[/\\]/u.test(word) || /\.[a-z][a-z0-9]{0,9}$/iu.test(word));
}

function slashed(path: string): string {
  return path.replace(/\\/gu, '/');
}

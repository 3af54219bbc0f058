import MarkdownIt from 'markdown-it';

export type Markdown = InstanceType<typeof MarkdownIt>;

/**
 * How many levels of blocks markdown-it follows (a list level counts two: the list and its item),
 * so about 127 nested lists. Past it markdown-it silently drops the rest of the text; the parse
 * recurses once per level and rescans the rest of the block at each, so this bound keeps a reply
 * nested 1,000 deep to about 20 ms of parsing (and far from the stack's limit), while a list
 * nested 100 deep still renders as lists.
 */
export const MAX_NESTING = 256;

/** The `env` of every parse that reached MAX_NESTING and so dropped text. */
const cutShort = new WeakSet<object>();

/**
 * The one markdown configuration, shared by the webview (which renders) and the host (which reads
 * code blocks by index), so both always agree on what block N is. Raw HTML in replies is never
 * interpreted: it stays text.
 */
export function createMarkdown(): Markdown {
  const md = new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false, maxNesting: MAX_NESTING });
  const tokenize = md.block.tokenize.bind(md.block);
  // markdown-it's block tokenizer skips the remaining lines of a block nested too deep; noticing
  // it here is the only way to know a parse lost text.
  md.block.tokenize = (state, startLine, endLine) => {
    if (state.level >= MAX_NESTING) {
      const line = state.skipEmptyLines(startLine);
      if (line < endLine && (state.sCount[line] ?? 0) >= state.blkIndent) {
        cutShort.add(state.env);
      }
    }
    tokenize(state, startLine, endLine);
  };
  return md;
}

/** A parse with `createMarkdown`'s parser: its tokens, and whether they hold all of the text. */
export function parseMarkdown(
  md: Markdown,
  markdown: string,
  env: Record<string, unknown> = {},
): { readonly tokens: ReturnType<Markdown['parse']>; readonly complete: boolean } {
  const tokens = md.parse(markdown, env);
  return { tokens, complete: !cutShort.has(env) };
}

export interface CodeBlock {
  /** Position among the reply's code blocks, counted from 0 in document order. */
  readonly index: number;
  /** The fence's info string first word, lower-cased ('' when absent or indented code). */
  readonly fenceLanguage: string;
  readonly code: string;
}

let shared: Markdown | undefined;

/** Every fenced or indented code block of a markdown text, in document order. */
export function extractCodeBlocks(markdown: string): CodeBlock[] {
  shared ??= createMarkdown();
  const blocks: CodeBlock[] = [];
  for (const token of shared.parse(markdown, {})) {
    if (token.type === 'fence' || token.type === 'code_block') {
      blocks.push({ index: blocks.length, fenceLanguage: fenceLanguage(token.info), code: token.content });
    }
  }
  return blocks;
}

export function fenceLanguage(info: string): string {
  return (info.trim().split(/\s+/)[0] ?? '').toLowerCase();
}

const LANGUAGE_IDS: Record<string, string> = {
  js: 'javascript',
  javascript: 'javascript',
  mjs: 'javascript',
  cjs: 'javascript',
  jsx: 'javascriptreact',
  ts: 'typescript',
  typescript: 'typescript',
  tsx: 'typescriptreact',
  py: 'python',
  python: 'python',
  sh: 'shellscript',
  bash: 'shellscript',
  shell: 'shellscript',
  zsh: 'shellscript',
  ps1: 'powershell',
  powershell: 'powershell',
  rb: 'ruby',
  ruby: 'ruby',
  rs: 'rust',
  rust: 'rust',
  go: 'go',
  golang: 'go',
  java: 'java',
  kt: 'kotlin',
  kotlin: 'kotlin',
  cs: 'csharp',
  csharp: 'csharp',
  'c#': 'csharp',
  c: 'c',
  h: 'c',
  cpp: 'cpp',
  'c++': 'cpp',
  hpp: 'cpp',
  php: 'php',
  swift: 'swift',
  sql: 'sql',
  json: 'json',
  jsonc: 'jsonc',
  yaml: 'yaml',
  yml: 'yaml',
  toml: 'toml',
  xml: 'xml',
  html: 'html',
  css: 'css',
  scss: 'scss',
  less: 'less',
  md: 'markdown',
  markdown: 'markdown',
  diff: 'diff',
  patch: 'diff',
  dockerfile: 'dockerfile',
  docker: 'dockerfile',
  makefile: 'makefile',
  make: 'makefile',
  lua: 'lua',
  r: 'r',
  dart: 'dart',
  scala: 'scala',
  ini: 'ini',
  bat: 'bat',
};

/** VS Code's language id for a fence language, or 'plaintext'. */
export function languageIdForFence(language: string): string {
  return LANGUAGE_IDS[language.toLowerCase()] ?? 'plaintext';
}

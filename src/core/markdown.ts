import MarkdownIt from 'markdown-it';

export type Markdown = InstanceType<typeof MarkdownIt>;

/**
 * The one markdown configuration, shared by the webview (which renders) and the host (which reads
 * code blocks by index), so both always agree on what block N is. Raw HTML in replies is never
 * interpreted: it stays text.
 */
export function createMarkdown(): Markdown {
  return new MarkdownIt({ html: false, linkify: true, typographer: false, breaks: false });
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

/** Fenced code blocks in markdown: finding them, describing them and a deterministic "review". */

export interface CodeBlock {
  /** The fence's language tag as written (may be empty). */
  readonly language: string;
  readonly code: string;
}

interface LanguageInfo {
  readonly name: string;
  readonly comment: ((text: string) => string) | undefined;
  readonly scan: ((code: string) => string[]) | undefined;
}

const FENCE = /^(`{3,}|~{3,})[ \t]*([^\s`]*)[^\n]*\n([\s\S]*?)^\1[ \t]*$/gm;

export function findCodeBlocks(markdown: string): CodeBlock[] {
  const blocks: CodeBlock[] = [];
  for (const match of markdown.replace(/\r\n?/g, '\n').matchAll(FENCE)) {
    blocks.push({ language: match[2] ?? '', code: (match[3] ?? '').replace(/\n$/, '') });
  }
  return blocks;
}

export function lineCount(code: string): number {
  return code === '' ? 0 : code.split('\n').length;
}

/** Human name of the fence's language, e.g. `ts` → `TypeScript`. */
export function languageName(tag: string): string {
  return languageInfo(tag).name;
}

/** Function and class names found by simple patterns (JavaScript, TypeScript and Python only). */
export function declaredNames(block: CodeBlock): string[] | undefined {
  return languageInfo(block.language).scan?.(block.code);
}

/** Trailing whitespace trimmed, tabs turned into two spaces, and a first-line comment in the language's syntax. */
export function reviewCode(block: CodeBlock, clusterId: string): string {
  const lines = block.code.split('\n').map((line) => line.replace(/\t/g, '  ').replace(/[ \t]+$/, ''));
  const comment = languageInfo(block.language).comment?.(`Reviewed by cluster ${clusterId}`.replace(/[\r\n]/g, ' '));
  if (comment !== undefined) {
    const afterShebang = lines[0]?.startsWith('#!') === true ? 1 : 0;
    lines.splice(afterShebang, 0, comment);
  }
  return lines.join('\n');
}

/** A fence long enough that the code cannot close it early. */
export function fenceFor(code: string): string {
  const longest = Math.max(0, ...[...code.matchAll(/`+/g)].map((run) => run[0].length));
  return '`'.repeat(Math.max(3, longest + 1));
}

const line = (prefix: string) => (text: string) => `${prefix} ${text}`;
const wrapped = (open: string, close: string) => (text: string) => `${open} ${text} ${close}`;

/** Names in the order they appear in the code, each once. */
function namesInOrder(found: Array<{ index: number; name: string }>): string[] {
  return [...new Set(found.sort((a, b) => a.index - b.index).map((entry) => entry.name))];
}

function scanJavaScript(code: string): string[] {
  const patterns: ReadonlyArray<[string, RegExp]> = [
    ['function', /\bfunction\s*\*?\s*([A-Za-z_$][\w$]*)/g],
    ['class', /\bclass\s+([A-Za-z_$][\w$]*)/g],
    [
      'function',
      /\b(?:const|let|var)\s+([A-Za-z_$][\w$]*)\s*(?::[^=]+)?=\s*(?:async\s+)?(?:function\b|\([^)]*\)\s*(?::[^=]+)?=>|[A-Za-z_$][\w$]*\s*=>)/g,
    ],
  ];
  const found: Array<{ index: number; name: string }> = [];
  for (const [kind, pattern] of patterns) {
    for (const match of code.matchAll(pattern)) {
      found.push({ index: match.index, name: `${kind} ${match[1] ?? ''}` });
    }
  }
  return namesInOrder(found);
}

function scanPython(code: string): string[] {
  const found: Array<{ index: number; name: string }> = [];
  for (const match of code.matchAll(/^[ \t]*(?:async[ \t]+)?(def|class)[ \t]+([A-Za-z_]\w*)/gm)) {
    found.push({ index: match.index, name: `${match[1] === 'class' ? 'class' : 'function'} ${match[2] ?? ''}` });
  }
  return namesInOrder(found);
}

const LANGUAGES: ReadonlyArray<{ tags: readonly string[]; info: LanguageInfo }> = [
  { tags: ['ts', 'typescript', 'tsx', 'mts', 'cts'], info: { name: 'TypeScript', comment: line('//'), scan: scanJavaScript } },
  { tags: ['js', 'javascript', 'jsx', 'mjs', 'cjs', 'node'], info: { name: 'JavaScript', comment: line('//'), scan: scanJavaScript } },
  { tags: ['py', 'python', 'python3'], info: { name: 'Python', comment: line('#'), scan: scanPython } },
  { tags: ['java'], info: { name: 'Java', comment: line('//'), scan: undefined } },
  { tags: ['c', 'h'], info: { name: 'C', comment: line('//'), scan: undefined } },
  { tags: ['cpp', 'c++', 'cc', 'hpp'], info: { name: 'C++', comment: line('//'), scan: undefined } },
  { tags: ['cs', 'csharp'], info: { name: 'C#', comment: line('//'), scan: undefined } },
  { tags: ['go', 'golang'], info: { name: 'Go', comment: line('//'), scan: undefined } },
  { tags: ['rs', 'rust'], info: { name: 'Rust', comment: line('//'), scan: undefined } },
  { tags: ['kt', 'kotlin'], info: { name: 'Kotlin', comment: line('//'), scan: undefined } },
  { tags: ['swift'], info: { name: 'Swift', comment: line('//'), scan: undefined } },
  { tags: ['php'], info: { name: 'PHP', comment: line('//'), scan: undefined } },
  { tags: ['rb', 'ruby'], info: { name: 'Ruby', comment: line('#'), scan: undefined } },
  { tags: ['sh', 'bash', 'shell', 'zsh'], info: { name: 'Shell', comment: line('#'), scan: undefined } },
  { tags: ['ps1', 'powershell'], info: { name: 'PowerShell', comment: line('#'), scan: undefined } },
  { tags: ['yaml', 'yml'], info: { name: 'YAML', comment: line('#'), scan: undefined } },
  { tags: ['toml'], info: { name: 'TOML', comment: line('#'), scan: undefined } },
  { tags: ['r'], info: { name: 'R', comment: line('#'), scan: undefined } },
  { tags: ['sql'], info: { name: 'SQL', comment: line('--'), scan: undefined } },
  { tags: ['lua'], info: { name: 'Lua', comment: line('--'), scan: undefined } },
  { tags: ['hs', 'haskell'], info: { name: 'Haskell', comment: line('--'), scan: undefined } },
  { tags: ['md', 'markdown'], info: { name: 'Markdown', comment: wrapped('<!--', '-->'), scan: undefined } },
  { tags: ['html', 'vue'], info: { name: 'HTML', comment: wrapped('<!--', '-->'), scan: undefined } },
  { tags: ['xml', 'svg'], info: { name: 'XML', comment: wrapped('<!--', '-->'), scan: undefined } },
  { tags: ['css', 'scss', 'less'], info: { name: 'CSS', comment: wrapped('/*', '*/'), scan: undefined } },
  { tags: ['json'], info: { name: 'JSON', comment: undefined, scan: undefined } },
];

function languageInfo(tag: string): LanguageInfo {
  const lower = tag.toLowerCase();
  const known = LANGUAGES.find((language) => language.tags.includes(lower));
  return known?.info ?? { name: tag === '' ? 'untagged' : tag, comment: undefined, scan: undefined };
}

/**
 * Which files of a workspace folder are instruction files, by their folder-relative posix path,
 * and the globs that find them. The kinds follow what each peer reads, so a team's files work as
 * they are:
 * - `AGENTS.md` at any depth (Copilot, Cline, Roo); nested ones apply to the files below them.
 * - `CLAUDE.md` at any depth too: Claude Code reads a sub-folder's `CLAUDE.md` when it works on
 *   files there, so a monorepo keeps one per package and expects it to apply the same way.
 * - `.github/copilot-instructions.md`, and `.github/instructions/**` `*.instructions.md` (`applyTo`).
 * - `.clinerules` as a file, or the Markdown and text files directly in `.clinerules/` (Cline reads
 *   only those; `workflows/`, `hooks/` and `skills/` hold other things).
 * - `.continue/rules/**` Markdown files (Continue reads them with `globs` and `alwaysApply`).
 * - `.roo/rules/**` Markdown and text files: Roo reads every file there but editor and cache
 *   files; its docs name these two formats, and a binary or swap file never reaches a cluster.
 * Files under `node_modules/`, `.git/` or a Python virtual environment are never instructions: a
 * dependency's `AGENTS.md` is someone else's text, and it would apply whenever one of its files is
 * open.
 */

export type InstructionKind =
  | 'copilotInstructions'
  | 'agentsMd'
  | 'claudeMd'
  | 'scopedInstructions'
  | 'continueRule'
  | 'clineRule'
  | 'rooRule'
  /** In the user's own folder, not a workspace's: see `USER_INSTRUCTIONS_FOLDER`. */
  | 'userInstruction';

/** Folders whose files are never instructions, at any depth. */
export const IGNORED_FOLDERS: readonly string[] = ['node_modules', '.git', '.venv'];

/**
 * What the VS Code side hands to `workspace.findFiles` and file watchers (relative to each
 * workspace folder), kept broad: `instructionKind` decides. No pattern holds braces, so they join
 * into one brace group (VS Code's globs do not nest groups).
 */
export const INSTRUCTION_FILE_PATTERNS: readonly string[] = [
  '**/AGENTS.md',
  '**/CLAUDE.md',
  '.github/copilot-instructions.md',
  '.github/instructions/**/*.instructions.md',
  '.clinerules',
  '.clinerules/*.md',
  '.clinerules/*.markdown',
  '.clinerules/*.txt',
  '.continue/rules/**/*.md',
  '.roo/rules/**/*.md',
  '.roo/rules/**/*.markdown',
  '.roo/rules/**/*.txt',
];
export const INSTRUCTION_FILES_GLOB = `{${INSTRUCTION_FILE_PATTERNS.join(',')}}`;
/** The exclude glob for `findFiles`, from `IGNORED_FOLDERS`. */
export const INSTRUCTION_FILES_EXCLUDE = `**/{${IGNORED_FOLDERS.join(',')}}/**`;

const TEXT_EXTENSIONS = ['.md', '.markdown', '.txt'];

/** The kind of instruction file at a folder-relative posix path, or undefined when it is none. */
export function instructionKind(path: string): InstructionKind | undefined {
  const segments = path.split('/');
  const name = segments[segments.length - 1] ?? '';
  if (segments.some((segment) => IGNORED_FOLDERS.includes(segment) || segment === '' || segment === '.' || segment === '..')) {
    return undefined;
  }
  if (name === 'AGENTS.md') {
    return 'agentsMd';
  }
  if (name === 'CLAUDE.md') {
    return 'claudeMd';
  }
  const [top, second] = segments;
  if (path === '.github/copilot-instructions.md') {
    return 'copilotInstructions';
  }
  if (name.startsWith('.')) {
    return path === '.clinerules' ? 'clineRule' : undefined;
  }
  if (top === '.github' && second === 'instructions' && segments.length > 2 && name.endsWith('.instructions.md')) {
    return 'scopedInstructions';
  }
  if (top === '.clinerules' && segments.length === 2 && hasTextExtension(name)) {
    return 'clineRule';
  }
  if (top === '.continue' && second === 'rules' && segments.length > 2 && name.endsWith('.md')) {
    return 'continueRule';
  }
  if (top === '.roo' && second === 'rules' && segments.length > 2 && hasTextExtension(name)) {
    return 'rooRule';
  }
  return undefined;
}

/**
 * The user's own instruction files are the Markdown and text files directly in this sub-folder of
 * the user folder; each applies to every send, or with `applyTo` front matter to the files it matches.
 */
export const USER_INSTRUCTIONS_FOLDER = 'instructions';

export function isUserInstructionName(name: string): boolean {
  return hasTextExtension(name);
}

/** `AGENTS.md` and `CLAUDE.md`: they apply to the files of the folder they are in. */
export function isFolderInstructionKind(kind: InstructionKind): kind is 'agentsMd' | 'claudeMd' {
  return kind === 'agentsMd' || kind === 'claudeMd';
}

function hasTextExtension(name: string): boolean {
  return TEXT_EXTENSIONS.some((extension) => name.endsWith(extension) && name.length > extension.length);
}

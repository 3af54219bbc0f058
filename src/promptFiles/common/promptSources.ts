/**
 * Prompt files, run as `/name` in the chat: which folder-relative posix paths they are, and the
 * command each one makes. The locations are the peers':
 * - Copilot: `.github/prompts/*.prompt.md`;
 * - Roo Code and Kilo Code: `.roo/commands/*.md`;
 * - Cline: `.clinerules/workflows/*.md` (Cline types them as `/name.md`; here `.md` goes like the others');
 * - Continue: `.continue/prompts/*.md` or `*.prompt`, only those with `invokable: true`, as Continue.
 * The command is named by the file, or by the front matter's `name` where a peer allows one;
 * `description` and `argument-hint` come from the front matter.
 */
import { parseFrontMatter, type FrontMatterError } from '../../instructions/common/frontMatter';

export type PromptKind = 'copilotPrompt' | 'rooCommand' | 'clineWorkflow' | 'continuePrompt' | 'userPrompt';

/** For `workspace.findFiles` and file watchers, relative to each workspace folder; no pattern holds braces. */
export const PROMPT_FILE_PATTERNS: readonly string[] = [
  '.github/prompts/*.prompt.md',
  '.roo/commands/*.md',
  '.clinerules/workflows/*.md',
  '.continue/prompts/*.md',
  '.continue/prompts/*.prompt',
];
export const PROMPT_FILES_GLOB = `{${PROMPT_FILE_PATTERNS.join(',')}}`;

/** Per kind: the folder its files are directly in, and the endings a file name drops to name its command. */
const LOCATIONS: ReadonlyArray<{ kind: PromptKind; folder: string; endings: readonly string[] }> = [
  { kind: 'copilotPrompt', folder: '.github/prompts/', endings: ['.prompt.md'] },
  { kind: 'rooCommand', folder: '.roo/commands/', endings: ['.md'] },
  { kind: 'clineWorkflow', folder: '.clinerules/workflows/', endings: ['.md'] },
  { kind: 'continuePrompt', folder: '.continue/prompts/', endings: ['.md', '.prompt'] },
];

/** The user's own prompt files are directly in this sub-folder of the user folder, named `*.prompt.md` or `*.md`. */
export const USER_PROMPTS_FOLDER = 'prompts';
const USER_PROMPT_ENDINGS = ['.prompt.md', '.md'];

/** The front matter keys a command is made of; an error in another (say `applyTo`) does not matter here. */
const COMMAND_KEYS = ['name', 'description', 'argument-hint', 'invokable'];

/** What a slash command may be named: letters, digits, `_`, `.` and `-`, starting with a letter or digit. */
const COMMAND_NAME = /^[\p{L}\p{N}][\p{L}\p{N}_.-]*$/u;

export interface PromptCommand {
  /** The workspace folder's name; empty for the user's own prompts. */
  readonly folder: string;
  readonly path: string;
  readonly kind: PromptKind;
  /** Typed after `/`. */
  readonly name: string;
  readonly description?: string;
  readonly argumentHint?: string;
  /** The prompt, the front matter left out. */
  readonly body: string;
}

export type PromptFileReading =
  | { readonly command: PromptCommand }
  /** A Continue prompt without `invokable: true`: not a command, and nothing wrong. */
  | { readonly notInvokable: true }
  | { readonly errors: readonly FrontMatterError[] }
  | { readonly badName: string };

/** The kind of prompt file at a folder-relative posix path, or undefined when it is none. */
export function promptKind(path: string): PromptKind | undefined {
  return location(path)?.kind;
}

/** The command a prompt file makes; `undefined` when the path is not a prompt file. */
export function readPromptFile(folder: string, path: string, text: string): PromptFileReading | undefined {
  const where = location(path);
  return where === undefined ? undefined : readAt(where, folder, path, text);
}

/** Whether a file of the user's prompts folder, by its name, is a prompt file. */
export function isUserPromptName(name: string): boolean {
  return userBaseName(name) !== undefined;
}

/** The command a file of the user's prompts folder makes; `source` is its path as the user knows it (`~/…`). */
export function readUserPromptFile(source: string, name: string, text: string): PromptFileReading | undefined {
  const baseName = userBaseName(name);
  return baseName === undefined ? undefined : readAt({ kind: 'userPrompt', baseName }, '', source, text);
}

function userBaseName(name: string): string | undefined {
  const ending = USER_PROMPT_ENDINGS.find((candidate) => name.endsWith(candidate) && name.length > candidate.length);
  return ending === undefined || name.startsWith('.') ? undefined : name.slice(0, -ending.length);
}

function readAt(where: { kind: PromptKind; baseName: string }, folder: string, path: string, text: string): PromptFileReading {
  const parsed = parseFrontMatter(text);
  const errors = parsed.errors.filter((error) => error.key === undefined || COMMAND_KEYS.includes(error.key));
  if (errors.length > 0) {
    return { errors };
  }
  const { frontMatter } = parsed;
  if (where.kind === 'continuePrompt' && frontMatter.invokable !== true) {
    return { notInvokable: true };
  }
  // A name may have spaces ("Write Tests" in Continue); a command cannot.
  const name = (frontMatter.name ?? where.baseName).trim().replace(/\s+/g, '-');
  if (!COMMAND_NAME.test(name)) {
    return { badName: name };
  }
  const command: PromptCommand = {
    folder,
    path,
    kind: where.kind,
    name,
    body: parsed.body,
    ...(frontMatter.description === undefined ? {} : { description: frontMatter.description }),
    ...(frontMatter.argumentHint === undefined ? {} : { argumentHint: frontMatter.argumentHint }),
  };
  return { command };
}

function location(path: string): { kind: PromptKind; baseName: string } | undefined {
  for (const { kind, folder, endings } of LOCATIONS) {
    const name = path.startsWith(folder) ? path.slice(folder.length) : '';
    const ending = endings.find((candidate) => name.endsWith(candidate) && name.length > candidate.length);
    if (ending !== undefined && !name.includes('/') && !name.startsWith('.')) {
      return { kind, baseName: name.slice(0, -ending.length) };
    }
  }
  return undefined;
}

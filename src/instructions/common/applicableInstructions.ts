/**
 * Which instruction files of one workspace folder apply to a send, given the files in question
 * (the active editor's file first, then the attached ones). The order is stated once, here:
 * 0. the user's own files, from the user folder rather than a workspace folder: each always, or by
 *    `applyTo` as Copilot's rules (they are matched on their own, against every folder's files);
 * 1. `.github/copilot-instructions.md`;
 * 2. nested `AGENTS.md` and `CLAUDE.md` above a file in question, nearest first (file by file),
 *    then the folder's root ones, which always apply;
 * 3. `.instructions.md` whose `applyTo` matches (Copilot's rules: none means it does not apply,
 *    `**` means every send, a relative glob matches at any depth, case does not matter);
 * 4. Continue's rules: `alwaysApply: true`, or `globs` matched, or neither key;
 * 5. Cline's rules: without `paths`, or `paths` matched;
 * 6. Roo's rules, always.
 * Within a group files go by path. Continue's `globs` and Cline's `paths` match from the folder's
 * root, as Cline matches them. A file whose deciding front matter cannot be read does not apply and
 * is reported, so a rule meant for a few files never goes out with every send by mistake.
 */
import { parseFrontMatter, type FrontMatter, type FrontMatterError, type ParsedMarkdown } from './frontMatter';
import { globMatches } from './glob';
import { isFolderInstructionKind, type InstructionKind } from './instructionSources';

export interface InstructionFile {
  /** Relative to its workspace folder, posix. */
  readonly path: string;
  readonly kind: InstructionKind;
  readonly text: string;
}

export interface FileInQuestion {
  /** The workspace folder's name. */
  readonly folder: string;
  readonly path: string;
}

export type GlobKey = 'applyTo' | 'globs' | 'paths';

export type ApplyReason =
  | { readonly kind: 'always' }
  | { readonly kind: 'enclosing'; readonly file: string; readonly nearest: boolean }
  /** `file` is absent when the pattern covers every file (`applyTo: "**"`). */
  | { readonly kind: 'glob'; readonly key: GlobKey; readonly pattern: string; readonly file?: string };

export interface AppliedInstruction {
  readonly path: string;
  readonly kind: InstructionKind;
  /** What to send: the text after the front matter for the kinds that have one, else the whole file. */
  readonly text: string;
  readonly reason: ApplyReason;
}

export interface SkippedInstruction {
  readonly path: string;
  readonly why: 'frontMatter' | 'noApplyTo';
  readonly errors: readonly FrontMatterError[];
}

export interface ApplicableInstructions {
  readonly applied: readonly AppliedInstruction[];
  /** Files that do not apply for a reason the user can fix. */
  readonly skipped: readonly SkippedInstruction[];
}

const GROUP: Record<InstructionKind, number> = {
  userInstruction: -1,
  copilotInstructions: 0,
  agentsMd: 1,
  claudeMd: 1,
  scopedInstructions: 2,
  continueRule: 3,
  clineRule: 4,
  rooRule: 5,
};
/** The keys that decide whether a file applies, per kind that has front matter. */
const DECIDING_KEYS: Partial<Record<InstructionKind, readonly string[]>> = {
  userInstruction: ['applyTo'],
  scopedInstructions: ['applyTo'],
  continueRule: ['globs', 'alwaysApply'],
  clineRule: ['paths'],
};
const FOLDER_FILE_NAMES = ['AGENTS.md', 'CLAUDE.md'];
const EVERY_FILE = new Set(['**', '**/*', '*']);
/** Every send asks again about the same texts; a file changes far less often than the files in question. */
const parsedTexts = new Map<string, ParsedMarkdown>();
const PARSED_TEXTS_LIMIT = 500;

export function applicableInstructions(
  folder: string,
  files: readonly InstructionFile[],
  inQuestion: readonly FileInQuestion[],
): ApplicableInstructions {
  const questioned = [...new Set(inQuestion.filter((file) => file.folder === folder).map((file) => file.path))];
  const sorted = [...files].sort((a, b) => GROUP[a.kind] - GROUP[b.kind] || (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
  const applied: AppliedInstruction[] = [];
  const skipped: SkippedInstruction[] = [];
  for (const file of sorted) {
    if (isFolderInstructionKind(file.kind)) {
      continue;
    }
    const deciding = DECIDING_KEYS[file.kind];
    if (deciding === undefined) {
      add(applied, file, file.text, { kind: 'always' });
      continue;
    }
    const parsed = readFrontMatter(file.text);
    const errors = parsed.errors.filter((error) => error.key === undefined || deciding.includes(error.key));
    if (errors.length > 0) {
      skipped.push({ path: file.path, why: 'frontMatter', errors });
      continue;
    }
    const reason = decide(file.kind, parsed.frontMatter, questioned);
    if (reason === 'noApplyTo') {
      skipped.push({ path: file.path, why: reason, errors: [] });
    } else if (reason !== undefined) {
      add(applied, file, parsed.body, reason);
    }
  }
  const folderFiles = folderInstructions(sorted, questioned);
  const firstAfter = applied.findIndex((file) => GROUP[file.kind] > GROUP.agentsMd);
  applied.splice(firstAfter === -1 ? applied.length : firstAfter, 0, ...folderFiles);
  return { applied, skipped };
}

function readFrontMatter(text: string): ParsedMarkdown {
  let parsed = parsedTexts.get(text);
  if (parsed === undefined) {
    parsed = parseFrontMatter(text);
    if (parsedTexts.size >= PARSED_TEXTS_LIMIT) {
      parsedTexts.clear();
    }
    parsedTexts.set(text, parsed);
  }
  return parsed;
}

function add(applied: AppliedInstruction[], file: InstructionFile, text: string, reason: ApplyReason): void {
  if (text.trim() !== '') {
    applied.push({ path: file.path, kind: file.kind, text, reason });
  }
}

function decide(kind: InstructionKind, frontMatter: FrontMatter, questioned: readonly string[]): ApplyReason | 'noApplyTo' | undefined {
  if (kind === 'scopedInstructions' || kind === 'userInstruction') {
    if (frontMatter.applyTo === undefined || frontMatter.applyTo.length === 0) {
      // Copilot's rules without `applyTo` apply to nothing; the user's own, to every send.
      return kind === 'userInstruction' ? { kind: 'always' } : 'noApplyTo';
    }
    return matchApplyTo(frontMatter.applyTo, questioned);
  }
  if (kind === 'continueRule') {
    if (frontMatter.alwaysApply === true) {
      return { kind: 'always' };
    }
    if (frontMatter.globs === undefined || frontMatter.globs.length === 0) {
      return frontMatter.alwaysApply === false ? undefined : { kind: 'always' };
    }
    return matchFromRoot('globs', frontMatter.globs, questioned);
  }
  if (frontMatter.paths === undefined) {
    return { kind: 'always' };
  }
  return matchFromRoot('paths', frontMatter.paths, questioned);
}

/** Copilot's reading: the first pattern that matches any file in question, in the file's order. */
function matchApplyTo(patterns: readonly string[], questioned: readonly string[]): ApplyReason | undefined {
  for (const pattern of patterns) {
    if (EVERY_FILE.has(pattern)) {
      return { kind: 'glob', key: 'applyTo', pattern };
    }
    const anywhere = pattern.startsWith('/') || pattern.startsWith('**/') ? pattern : `**/${pattern}`;
    const file = questioned.find((path) => globMatches(anywhere, path, { ignoreCase: true }));
    if (file !== undefined) {
      return { kind: 'glob', key: 'applyTo', pattern, file };
    }
  }
  return undefined;
}

/** A `!pattern` excludes what it matches (Continue's negation); the others include. */
function matchFromRoot(key: GlobKey, patterns: readonly string[], questioned: readonly string[]): ApplyReason | undefined {
  if (patterns.length === 0) {
    // Cline reads `paths: []` as "no file": a way to turn a rule off in its front matter.
    return undefined;
  }
  const excluded = patterns.filter((pattern) => pattern.startsWith('!')).map((pattern) => pattern.slice(1));
  const included = patterns.filter((pattern) => !pattern.startsWith('!'));
  for (const file of questioned) {
    if (excluded.some((pattern) => globMatches(pattern, file))) {
      continue;
    }
    const pattern = included.length === 0 ? patterns.join(', ') : included.find((candidate) => globMatches(candidate, file));
    if (pattern !== undefined) {
      return { kind: 'glob', key, pattern, file };
    }
  }
  return undefined;
}

/** Nested `AGENTS.md`/`CLAUDE.md` above each file in question, nearest first, then the root ones. */
function folderInstructions(sorted: readonly InstructionFile[], questioned: readonly string[]): AppliedInstruction[] {
  const byPath = new Map(sorted.filter((file) => isFolderInstructionKind(file.kind)).map((file) => [file.path, file]));
  const result: AppliedInstruction[] = [];
  const taken = new Set<string>();
  for (const question of questioned) {
    const nearestFound = new Set<InstructionKind>();
    for (const folder of ancestors(question)) {
      for (const name of FOLDER_FILE_NAMES) {
        const file = byPath.get(`${folder}/${name}`);
        if (file === undefined) {
          continue;
        }
        const nearest = !nearestFound.has(file.kind);
        nearestFound.add(file.kind);
        if (!taken.has(file.path)) {
          taken.add(file.path);
          add(result, file, file.text, { kind: 'enclosing', file: question, nearest });
        }
      }
    }
  }
  for (const name of FOLDER_FILE_NAMES) {
    const root = byPath.get(name);
    if (root !== undefined) {
      add(result, root, root.text, { kind: 'always' });
    }
  }
  return result;
}

/** The folders above a path, nearest first, the workspace folder's root left out. */
function ancestors(path: string): string[] {
  const segments = path.split('/').slice(0, -1);
  return segments.map((_segment, k) => segments.slice(0, segments.length - k).join('/'));
}

/** The reason in English, for the log and the request inspector. */
export function describeReason(reason: ApplyReason, path: string): string {
  const name = path.slice(path.lastIndexOf('/') + 1);
  switch (reason.kind) {
    case 'always':
      return 'always';
    case 'enclosing':
      return reason.nearest ? `nearest ${name} to ${reason.file}` : `${name} above ${reason.file}`;
    case 'glob':
      return reason.file === undefined
        ? `${reason.key} ${reason.pattern} covers every file`
        : `${reason.key} ${reason.pattern} matches ${reason.file}`;
  }
}

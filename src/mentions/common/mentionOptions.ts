import { MAX_PATH_MATCHES, matchingPaths } from './fuzzyPaths';

/** What `@` offers besides paths, each named by what follows the `@`. */
export const MENTION_SOURCES = ['problems', 'terminal', 'changes', 'staged'] as const;
export type MentionSource = (typeof MENTION_SOURCES)[number];
/** Mentions that look something up: `@symbol:Name`, `@commit:a1b2c3`, `@search:text` (or `@search:"two words"`). */
export const MENTION_LOOKUPS = ['symbol', 'commit', 'search'] as const;
export type MentionLookup = (typeof MENTION_LOOKUPS)[number];
export const MENTION_KINDS = ['file', 'folder', ...MENTION_SOURCES, ...MENTION_LOOKUPS] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];
/** The most options listed at once: the sources, the active file's problems, the lookups and the best paths. */
export const MAX_MENTION_OPTIONS = MENTION_SOURCES.length + 1 + MENTION_LOOKUPS.length + MAX_PATH_MATCHES;

/** The most files one drop on the message box mentions. */
export const MAX_DROPPED = 50;

/** One suggestion: `@name` goes into the box, and what it names is attached to the message. */
export interface MentionOption {
  readonly kind: MentionKind;
  /** What follows the `@`: a source's name, a path (a folder's ends with `/`), or `lookup:what`. */
  readonly name: string;
  /** What the option attaches, for the list. */
  readonly detail: string;
  /** Which of several things of one name it is (a symbol's place, a commit's repository), given back when it is chosen. */
  readonly ref?: string;
  /** Taking it only starts the mention (`@symbol:`): the list stays open for what follows. */
  readonly continues?: boolean;
}

/** What a lookup offers for what is typed, and a note of why some or all of it is missing. */
export interface MentionAnswer {
  readonly options: readonly MentionOption[];
  readonly note?: string;
}

/** A typed `@lookup:argument`, split; undefined for anything else. */
export function lookupOf(query: string): { readonly lookup: MentionLookup; readonly argument: string } | undefined {
  const colon = query.indexOf(':');
  const lookup = MENTION_LOOKUPS.find((candidate) => candidate === query.slice(0, colon));
  if (lookup === undefined) {
    return undefined;
  }
  const argument = query.slice(colon + 1);
  const quoted = /^"([^"]*)"?$/u.exec(argument);
  return { lookup, argument: quoted?.[1] ?? argument };
}

/**
 * The sources and lookups whose name starts with `query`, then the paths (files and folders) it
 * matches. `paths` is the same array on each key, so matching reuses what it derived from it.
 */
export function mentionOptions(
  query: string,
  paths: readonly string[],
  describe: (kind: MentionSource | MentionLookup) => string,
): MentionOption[] {
  const wanted = query.toLowerCase();
  const sources = MENTION_SOURCES.filter((source) => source.startsWith(wanted)).map((source): MentionOption => ({
    kind: source,
    name: source,
    detail: describe(source),
  }));
  const lookups = MENTION_LOOKUPS.filter((lookup) => lookup.startsWith(wanted)).map((lookup): MentionOption => ({
    kind: lookup,
    name: `${lookup}:`,
    detail: describe(lookup),
    continues: true,
  }));
  const matched = matchingPaths(paths, query).map((path): MentionOption => ({
    kind: path.endsWith('/') ? 'folder' : 'file',
    name: path,
    detail: pathDetail(path),
  }));
  return [...sources, ...lookups, ...matched];
}

/** The folders the files are in, each once, ending with `/` (`src/`, `src/app/`). */
export function foldersOf(files: readonly string[]): string[] {
  const folders = new Set<string>();
  for (const file of files) {
    for (let slash = file.indexOf('/'); slash !== -1; slash = file.indexOf('/', slash + 1)) {
      folders.add(file.slice(0, slash + 1));
    }
  }
  return [...folders].sort();
}

/** The folder a path is in, shown beside its name. */
function pathDetail(path: string): string {
  const slash = path.lastIndexOf('/', path.length - 2);
  return slash === -1 ? '' : path.slice(0, slash);
}

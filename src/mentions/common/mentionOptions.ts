import { MAX_PATH_MATCHES, matchingPaths } from './fuzzyPaths';

/** What `@` offers besides files, each named by what follows the `@`. */
export const MENTION_SOURCES = ['problems', 'terminal', 'changes', 'staged'] as const;
export type MentionSource = (typeof MENTION_SOURCES)[number];
export const MENTION_KINDS = ['file', ...MENTION_SOURCES] as const;
export type MentionKind = (typeof MENTION_KINDS)[number];
/** The most options listed at once: the sources and the best files. */
export const MAX_MENTION_OPTIONS = MENTION_SOURCES.length + MAX_PATH_MATCHES;

/** One suggestion: `@name` goes into the box, and what it names is attached to the message. */
export interface MentionOption {
  readonly kind: MentionKind;
  /** What follows the `@`: a source's name, or a file's workspace path. */
  readonly name: string;
  /** What the option attaches, for the list. */
  readonly detail: string;
}

/** The sources whose name starts with `query`, then the files it matches. */
export function mentionOptions(query: string, files: readonly string[], describe: (source: MentionSource) => string): MentionOption[] {
  const wanted = query.toLowerCase();
  const sources = MENTION_SOURCES.filter((source) => source.startsWith(wanted)).map((source): MentionOption => ({
    kind: source,
    name: source,
    detail: describe(source),
  }));
  const paths = matchingPaths(files, query).map((path): MentionOption => ({ kind: 'file', name: path, detail: fileDetail(path) }));
  return [...sources, ...paths];
}

/** The folder a path is in, shown beside its name. */
function fileDetail(path: string): string {
  const slash = path.lastIndexOf('/');
  return slash === -1 ? '' : path.slice(0, slash);
}

/** Whether `kind` names a source rather than a file. */
export function isMentionSource(kind: string): kind is MentionSource {
  return (MENTION_SOURCES as readonly string[]).includes(kind);
}

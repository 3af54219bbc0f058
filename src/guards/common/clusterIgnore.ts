import ignore, { type Ignore } from 'ignore';
import { DEFAULT_CLUSTER_IGNORE } from './clusterIgnoreDefaults';

/** Where the pattern that left a file out comes from, so the user can be told and can change it. */
export type IgnoreSource = 'default' | 'settings' | '.clusterignore';

export interface IgnoreMatch {
  readonly source: IgnoreSource;
  /** The pattern as written (a default, a setting's entry, a line of the file). */
  readonly pattern: string;
  /** For `.clusterignore`, the 1-based line; for the setting, the 1-based entry; absent for a default. */
  readonly line?: number;
}

export interface ClusterIgnoreInput {
  /** The text of the workspace folder's `.clusterignore`, or undefined when it has none. */
  readonly clusterIgnore: string | undefined;
  /** The patterns of the user's setting, one pattern an entry. */
  readonly globalPatterns: readonly string[];
  /** Whether the built-in patterns that keep credential files out apply. */
  readonly defaults: boolean;
}

export interface ClusterIgnore {
  /**
   * Why a path is left out, or undefined when it may be sent. The path is relative to the
   * workspace folder, with `/` separators (a trailing `/` marks a folder); a path outside the
   * folder is a caller's error and throws.
   */
  ignored(relativePath: string): IgnoreMatch | undefined;
}

/**
 * The matcher of one workspace folder: gitignore syntax (the `ignore` package, which follows
 * `git check-ignore`), case-insensitive everywhere, so a pattern also holds on file systems that do
 * not tell case apart. Three layers:
 *
 * - the folder's `.clusterignore` decides first: a path it leaves out is out, and a `!` line that
 *   matches the path brings it back, even against a default or a setting. That file sits in the
 *   folder it is about and is read by whoever works in it, so a re-inclusion is explicit and local.
 * - then the defaults: a `!` among the setting's patterns does not bring back a default, so one line
 *   in a user's settings cannot expose the keys of every workspace they open.
 * - then the setting's patterns, among which `!` works as in one gitignore file.
 *
 * As in git, a file below a folder that is left out cannot be brought back by naming the file alone.
 */
export function createClusterIgnore(input: ClusterIgnoreInput): ClusterIgnore {
  const folder = layer(linesOf(input.clusterIgnore ?? ''));
  const defaults = input.defaults ? layer(DEFAULT_CLUSTER_IGNORE.map((pattern) => ({ pattern, mark: '' }))) : undefined;
  const settings = layer(input.globalPatterns.map((pattern, index) => ({ pattern: pattern.trim(), mark: String(index + 1) })));
  return {
    ignored(relativePath: string): IgnoreMatch | undefined {
      const path = checkedPath(relativePath);
      const own = folder.test(path);
      if (own.ignored || own.unignored) {
        return own.rule === undefined ? undefined : matchOf('.clusterignore', own.rule);
      }
      const builtIn = defaults?.test(path);
      if (builtIn?.rule !== undefined) {
        return matchOf('default', builtIn.rule);
      }
      const setting = settings.test(path);
      return setting.rule === undefined ? undefined : matchOf('settings', setting.rule);
    },
  };
}

function layer(patterns: ReadonlyArray<{ pattern: string; mark: string }>): Ignore {
  return ignore({ ignorecase: true }).add(patterns.filter(({ pattern }) => pattern.length > 0));
}

/** The file's lines, each marked with its number; the `ignore` package skips blanks and comments. */
function linesOf(text: string): Array<{ pattern: string; mark: string }> {
  return text
    .replace(/^\uFEFF/, '')
    .split(/\r?\n/)
    .map((pattern, index) => ({ pattern, mark: String(index + 1) }));
}

function matchOf(source: IgnoreSource, rule: { readonly pattern: string; readonly mark?: string | undefined }): IgnoreMatch {
  const line = Number(rule.mark);
  return source === 'default' || !Number.isInteger(line) || line < 1
    ? { source, pattern: rule.pattern }
    : { source, pattern: rule.pattern, line };
}

function checkedPath(relativePath: string): string {
  const path = relativePath.replace(/^(?:\.\/)+/, '');
  if (path.length === 0 || path.startsWith('/') || /(?:^|\/)\.{1,2}(?:\/|$)/.test(path)) {
    throw new RangeError(`Not a path relative to the workspace folder, with / separators: ${JSON.stringify(relativePath)}`);
  }
  return path;
}

/**
 * Glob matching for the patterns instruction files carry (`applyTo`, `globs`, `paths`) against
 * workspace-folder-relative posix paths. The `picomatch` in node_modules (2.x, a dependency of
 * build tools) needs Node's `path` and `process`, and picomatch 4's `posix` entry would add 24 KB
 * minified to a bundle that is at its size budget; these files use `*`, `**`, `?`, `[…]` and
 * `{a,b}`, which this covers in 3.5 KB (the unit test holds it to picomatch's answers).
 * Dotfiles match like any other name, as in VS Code's and Cline's matching.
 */
import { matchTokens, tokenizeGlob, type GlobTokens } from './globTokens';

export interface GlobOptions {
  readonly ignoreCase?: boolean;
}

/** A pattern whose braces expand to more alternatives than this matches nothing, rather than stall a send. */
const MAX_ALTERNATIVES = 256;
/** Longer patterns match nothing: brace expansion looks at every `{`, and no real glob is this long. */
const MAX_PATTERN_LENGTH = 1000;
const cache = new Map<string, readonly GlobTokens[] | undefined>();
const CACHE_LIMIT = 1000;

/** Whether `path` matches `pattern`; an unusable pattern matches nothing. */
export function globMatches(pattern: string, path: string, options: GlobOptions = {}): boolean {
  const ignoreCase = options.ignoreCase === true;
  const key = `${ignoreCase ? 'i' : 's'}${pattern}`;
  let alternatives = cache.get(key);
  if (alternatives === undefined && !cache.has(key)) {
    const usable = pattern.length <= MAX_PATTERN_LENGTH ? expandBraces(ignoreCase ? pattern.toLowerCase() : pattern) : undefined;
    alternatives = usable?.map(tokenizeGlob);
    if (cache.size >= CACHE_LIMIT) {
      cache.clear();
    }
    cache.set(key, alternatives);
  }
  const subject = ignoreCase ? path.toLowerCase() : path;
  return alternatives?.some((tokens) => matchTokens(tokens, subject)) ?? false;
}

/** Splits a comma-separated list of globs, as Copilot reads `applyTo`: commas inside `{…}` or `[…]` stay. */
export function splitGlobList(list: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let inClass = false;
  let start = 0;
  for (let i = 0; i < list.length; i++) {
    const c = list[i];
    if (c === '\\') {
      i++;
    } else if (inClass) {
      inClass = c !== ']';
    } else if (c === '[') {
      inClass = true;
    } else if (c === '{') {
      depth++;
    } else if (c === '}' && depth > 0) {
      depth--;
    } else if (c === ',' && depth === 0) {
      parts.push(list.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(list.slice(start));
  return parts.map((part) => part.trim()).filter((part) => part !== '');
}

/** The brace-free patterns `{a,b}` stands for, or undefined when there are too many. */
function expandBraces(pattern: string): string[] | undefined {
  const group = firstBraceGroup(pattern);
  if (group === undefined) {
    return [pattern];
  }
  const head = pattern.slice(0, group.open);
  const tail = pattern.slice(group.close + 1);
  const results: string[] = [];
  for (const option of group.options) {
    const expanded = expandBraces(head + option + tail);
    if (expanded === undefined || results.length + expanded.length > MAX_ALTERNATIVES) {
      return undefined;
    }
    results.push(...expanded);
  }
  return results;
}

/** The first `{…}` holding a top-level comma; a group without one is literal text, as in picomatch. */
function firstBraceGroup(pattern: string): { open: number; close: number; options: string[] } | undefined {
  for (let open = pattern.indexOf('{'); open !== -1; open = pattern.indexOf('{', open + 1)) {
    if (isEscaped(pattern, open)) {
      continue;
    }
    let depth = 0;
    const commas: number[] = [];
    for (let i = open; i < pattern.length; i++) {
      const c = pattern[i];
      if (c === '\\') {
        i++;
      } else if (c === '{') {
        depth++;
      } else if (c === ',' && depth === 1) {
        commas.push(i);
      } else if (c === '}' && --depth === 0) {
        if (commas.length === 0) {
          break;
        }
        const bounds = [open, ...commas, i];
        const options = bounds.slice(1).map((end, k) => pattern.slice((bounds[k] ?? open) + 1, end));
        return { open, close: i, options };
      }
    }
  }
  return undefined;
}

function isEscaped(text: string, index: number): boolean {
  let backslashes = 0;
  for (let i = index - 1; i >= 0 && text[i] === '\\'; i--) {
    backslashes++;
  }
  return backslashes % 2 === 1;
}

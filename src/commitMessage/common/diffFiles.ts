/** One file's part of a unified `git diff`. */
export interface DiffFile {
  /** The path after the change (before it, for a deletion). */
  readonly path: string;
  /** The file's whole section, from its `diff --git` line on. */
  readonly text: string;
  /** Git found the file binary ("Binary files … differ"), or its section holds a NUL character. */
  readonly binary: boolean;
}

const HEADER = /^diff --git (?:"?a\/(.+?)"?) (?:"?b\/(.+?)"?)$/;

/** Splits a unified diff into its files, in order. Text before the first file header is dropped. */
export function splitDiff(diff: string): DiffFile[] {
  const starts = [...diff.matchAll(/^diff --git .*$/gm)];
  return starts.map((match, index) => {
    const next = starts[index + 1];
    const text = diff.slice(match.index, next ? next.index : diff.length).replace(/\n+$/, '\n');
    const names = HEADER.exec(match[0]);
    const path = names?.[2] ?? names?.[1] ?? match[0].slice('diff --git '.length);
    return { path, text, binary: isBinarySection(text) };
  });
}

/** Git prints no content for a binary file, only that it differs (`--binary` patches are not asked for). */
function isBinarySection(text: string): boolean {
  return /^Binary files .* differ$/m.test(text) || /^GIT binary patch$/m.test(text) || text.includes('\u0000');
}

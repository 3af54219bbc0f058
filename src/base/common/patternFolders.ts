/**
 * The folders that glob patterns (relative, `/`-separated) name before their first wildcard, the
 * file name left out: `.github/instructions/**\/*.md` gives `.github/instructions`. A pattern that
 * starts with a wildcard, or names a file at the top, gives none.
 */
export function patternFolders(patterns: readonly string[]): string[] {
  const folders = patterns.map((pattern) => {
    const segments = pattern.split('/').slice(0, -1);
    const wild = segments.findIndex((segment) => /[*?{[]/.test(segment));
    return (wild === -1 ? segments : segments.slice(0, wild)).join('/');
  });
  return [...new Set(folders.filter((folder) => folder !== ''))];
}

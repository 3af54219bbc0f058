/**
 * Why a path a reply names may not be written as it is: a path is text the cluster wrote, so it is
 * untrusted input, as any other text of the reply.
 */
export type PathVerdict =
  /** A path inside the workspace folder, as `a/b.ts` (slashes, no `.` segments). */
  | { readonly kind: 'inside'; readonly path: string }
  /** Written only after a confirmation that names the risk. */
  | { readonly kind: 'risky'; readonly path: string; readonly risk: PathRisk }
  | { readonly kind: 'refused'; readonly reason: PathRefusal };

/** Files that change what VS Code or CI runs: editor settings, tasks and launch configurations, workflows. */
export type PathRisk = 'workspaceSettings' | 'tasks' | 'launch' | 'vscodeFolder' | 'workflow';
/** Never written: outside every folder, or into git's own files. */
export type PathRefusal = 'empty' | 'absolute' | 'parent' | 'git' | 'tooLong' | 'invalid';

/** Longer paths than any file system takes are not a file name but something else. */
const MAX_PATH_LENGTH = 1024;

/**
 * Judges a path as a reply writes it (`src/app.ts`, `./src/app.ts`, `src\app.ts`), relative to a
 * workspace folder. Absolute paths, `~`, a drive or a URI, and any `..` are refused rather than
 * resolved: a reply has no business outside the folder, and `a/../../b` is how it would get there.
 * Symbolic links are for the caller to resolve against the real folder.
 */
export function judgePath(written: string): PathVerdict {
  const slashed = written.trim().replace(/\\/gu, '/');
  if (slashed === '') {
    return { kind: 'refused', reason: 'empty' };
  }
  if (slashed.length > MAX_PATH_LENGTH) {
    return { kind: 'refused', reason: 'tooLong' };
  }
  // Control characters name no file a user meant; they only hide what the path really is.
  if (/\p{Cc}/u.test(slashed)) {
    return { kind: 'refused', reason: 'invalid' };
  }
  if (slashed.startsWith('/') || slashed.startsWith('~') || /^[a-z][a-z0-9+.-]*:/iu.test(slashed)) {
    return { kind: 'refused', reason: 'absolute' };
  }
  const segments = slashed.split('/').filter((segment) => segment !== '' && segment !== '.');
  if (segments.length === 0) {
    return { kind: 'refused', reason: 'empty' };
  }
  if (segments.includes('..')) {
    return { kind: 'refused', reason: 'parent' };
  }
  if (segments.some((segment) => segment.toLowerCase() === '.git')) {
    return { kind: 'refused', reason: 'git' };
  }
  const path = segments.join('/');
  const lower = segments.map((segment) => segment.toLowerCase());
  // In a multi-root workspace a path starts with its folder's name (`web/.vscode/tasks.json`), which
  // this common code cannot tell from a subfolder: a risk one segment down asks too.
  const risk = riskOf(lower) ?? riskOf(lower.slice(1));
  return risk === undefined ? { kind: 'inside', path } : { kind: 'risky', path, risk };
}

function riskOf(segments: readonly string[]): PathRisk | undefined {
  const [first, second, third] = segments;
  if (first === '.vscode') {
    return second === 'settings.json'
      ? 'workspaceSettings'
      : second === 'tasks.json'
        ? 'tasks'
        : second === 'launch.json'
          ? 'launch'
          : 'vscodeFolder';
  }
  return first === '.github' && second === 'workflows' && third !== undefined ? 'workflow' : undefined;
}

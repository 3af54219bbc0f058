import { execFile } from 'node:child_process';
import * as fs from 'node:fs/promises';

/** A commit as the pick lists it. */
export interface CommitSummary {
  readonly hash: string;
  readonly shortHash: string;
  readonly subject: string;
  readonly author: string;
  /** The author date, `YYYY-MM-DD`. */
  readonly date: string;
}

/** A hash as typed or picked: hex only, so it can never be read by git as an option or a range. */
export const COMMIT_HASH = /^[0-9a-f]{4,40}$/iu;

/** The most output read from git: a commit larger than this is not one a message could carry anyway. */
const MAX_GIT_OUTPUT = 64 * 1024 * 1024;
const FIELD = '\u001f';

/** The newest `limit` commits of the branch checked out in `root` (none in a repository with no commit yet). */
export async function recentCommits(git: string, root: string, limit: number): Promise<CommitSummary[]> {
  if (await folderGone(root)) {
    return [];
  }
  const format = ['%H', '%h', '%s', '%an', '%ad'].join('%x1f');
  const output = await run(git, root, ['log', `-n${limit}`, `--format=${format}`, '--date=short']).catch((error: unknown) => {
    // A repository without a commit has no HEAD; it has nothing to pick either.
    if (error instanceof Error && /does not have any commits|bad default revision|unknown revision/u.test(error.message)) {
      return '';
    }
    throw error;
  });
  return output
    .split('\n')
    .filter((line) => line !== '')
    .map((line) => {
      const [hash = '', shortHash = '', subject = '', author = '', date = ''] = line.split(FIELD);
      return { hash, shortHash, subject, author, date };
    });
}

/**
 * A commit's header (hash, author, date, whole message) and its patch, as `git show` prints them,
 * split so that each file's part can be checked before it is sent; undefined when the repository
 * has no object of that hash. Rejects with git's own words when git fails otherwise.
 */
export async function commitText(
  git: string,
  root: string,
  hash: string,
): Promise<{ readonly header: string; readonly patch: string } | undefined> {
  if (!COMMIT_HASH.test(hash)) {
    throw new Error(`"${hash}" is not a commit hash.`);
  }
  if (await folderGone(root)) {
    return undefined;
  }
  const notHere = new Set([`fatal: bad revision '${hash}'`, `fatal: bad object ${hash}`]);
  const output = await run(git, root, [
    '-c',
    'core.quotepath=off',
    'show',
    '--no-color',
    '--no-ext-diff',
    '--patch',
    '--format=commit %H%nAuthor: %an <%ae>%nDate:   %ad%n%n%B',
    hash,
    '--',
  ]).catch((error: unknown) => {
    // Only git's whole answer being "no such object" means another repository may have it; an
    // ambiguous short hash or a corrupt object is a failure the user has to hear about.
    if (error instanceof Error && notHere.has(error.message)) {
      return undefined;
    }
    throw error;
  });
  if (output === undefined) {
    return undefined;
  }
  const diffStart = output.search(/^diff --git /mu);
  return diffStart === -1
    ? { header: output.trimEnd(), patch: '' }
    : { header: output.slice(0, diffStart).trimEnd(), patch: output.slice(diffStart) };
}

/**
 * A repository deleted while the Git extension still lists it has nothing to read, which is no
 * failure of git (that would spawn in a missing folder and say ENOENT, as for a missing git).
 */
async function folderGone(root: string): Promise<boolean> {
  return !(await fs.stat(root).then(
    (stat) => stat.isDirectory(),
    () => false,
  ));
}

function run(git: string, cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    // In English whatever the user's locale: which failures are "nothing there" is told by git's words.
    const env = { ...process.env, LC_ALL: 'C' };
    execFile(git, args, { cwd, env, encoding: 'utf8', maxBuffer: MAX_GIT_OUTPUT, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(stderr.trim() || error.message));
      } else {
        resolve(stdout);
      }
    });
  });
}

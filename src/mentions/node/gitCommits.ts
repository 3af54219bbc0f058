import { execFile } from 'node:child_process';

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
 * split so that each file's part can be checked before it is sent.
 */
export async function commitText(git: string, root: string, hash: string): Promise<{ readonly header: string; readonly patch: string }> {
  if (!COMMIT_HASH.test(hash)) {
    throw new Error(`"${hash}" is not a commit hash.`);
  }
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
  ]);
  const diffStart = output.search(/^diff --git /mu);
  return diffStart === -1
    ? { header: output.trimEnd(), patch: '' }
    : { header: output.slice(0, diffStart).trimEnd(), patch: output.slice(diffStart) };
}

function run(git: string, cwd: string, args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(git, args, { cwd, encoding: 'utf8', maxBuffer: MAX_GIT_OUTPUT, windowsHide: true }, (error, stdout, stderr) => {
      if (error) {
        reject(new Error(stderr.trim() || error.message));
      } else {
        resolve(stdout);
      }
    });
  });
}

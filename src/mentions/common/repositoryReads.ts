/** The most of git's complaint that is shown: its first line says what went wrong, the rest are hints. */
export const MAX_COMPLAINT = 200;

/** A repository git could not read, and the first line of what git said. */
export interface RepositoryFailure<R> {
  readonly repository: R;
  readonly complaint: string;
}

/** What reading several repositories gave: each value found, in the repositories' order, and each failure. */
export interface RepositoryReads<R, T> {
  readonly found: readonly { readonly repository: R; readonly value: T }[];
  readonly failed: readonly RepositoryFailure<R>[];
}

/**
 * The first line of a failing git's error (its stderr, or why it could not run at all), trimmed
 * and cut to MAX_COMPLAINT characters: a whole stderr can run to pages of hints.
 */
export function complaintOf(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  const line =
    text
      .split(/\r?\n/u)
      .map((candidate) => candidate.trim())
      .find((candidate) => candidate !== '') ?? '';
  return line.length > MAX_COMPLAINT ? `${line.slice(0, MAX_COMPLAINT - 1)}…` : line;
}

/**
 * Reads the repositories in turn, until `enough` holds for the values found so far. A repository
 * git fails in is recorded with its complaint, and the next one is still read: one broken
 * repository must not hide the others. `read` gives undefined where the repository has nothing.
 */
export async function readEach<R, T>(
  repositories: readonly R[],
  read: (repository: R) => Promise<T | undefined>,
  enough: (found: readonly T[]) => boolean = () => false,
): Promise<RepositoryReads<R, T>> {
  const found: { readonly repository: R; readonly value: T }[] = [];
  const failed: RepositoryFailure<R>[] = [];
  for (const repository of repositories) {
    if (enough(found.map((entry) => entry.value))) {
      break;
    }
    try {
      const value = await read(repository);
      if (value !== undefined) {
        found.push({ repository, value });
      }
    } catch (error) {
      failed.push({ repository, complaint: complaintOf(error) });
    }
  }
  return { found, failed };
}

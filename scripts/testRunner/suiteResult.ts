import * as fs from 'node:fs';

/** Counts of one suite run, as the `npm test` summary needs them. */
export interface SuiteResult {
  readonly label: string;
  readonly passes: number;
  readonly failures: number;
  readonly pending: number;
  readonly failed: boolean;
  readonly reason?: string;
  /** Each failed test's full title and the first line of its error, for the summary at the end. */
  readonly failedTests?: readonly string[];
}

export interface SuiteStats {
  readonly passes: number;
  readonly failures: number;
  readonly pending: number;
  readonly failedTests?: readonly string[];
}

/** How a failed test is named in the summary: where to look in the log above, and what went wrong. */
export function failedTestLine(fullTitle: string, error: unknown): string {
  const message = error instanceof Error ? error.message : String(error);
  const first = message.split('\n').find((line) => line.trim() !== '') ?? '';
  return `${fullTitle}: ${first.length > 300 ? `${first.slice(0, 300)}…` : first}`;
}

/** Names the file the counting reporter writes a mocha suite's counts to. */
export const MOCHA_COUNTS_FILE_ENV = 'CLUSTER_CHAT_MOCHA_STATS';

/** Reads the counts a reporter wrote; a missing or broken file counts as nothing run. */
export function readSuiteStats(file: string): SuiteStats {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SuiteStats>;
    const failedTests = Array.isArray(parsed.failedTests) ? parsed.failedTests.filter((line) => typeof line === 'string') : [];
    return { passes: parsed.passes ?? 0, failures: parsed.failures ?? 0, pending: parsed.pending ?? 0, failedTests };
  } catch {
    return { passes: 0, failures: 0, pending: 0 };
  }
}

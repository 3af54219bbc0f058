import * as fs from 'node:fs';

/** Counts of one suite run, as the `npm test` summary needs them. */
export interface SuiteResult {
  readonly label: string;
  readonly passes: number;
  readonly failures: number;
  readonly pending: number;
  readonly failed: boolean;
  readonly reason?: string;
}

export interface SuiteStats {
  readonly passes: number;
  readonly failures: number;
  readonly pending: number;
}

/** Names the file the counting reporter writes a mocha suite's counts to. */
export const MOCHA_COUNTS_FILE_ENV = 'CLUSTER_CHAT_MOCHA_STATS';

/** Reads the counts a reporter wrote; a missing or broken file counts as nothing run. */
export function readSuiteStats(file: string): SuiteStats {
  try {
    const parsed = JSON.parse(fs.readFileSync(file, 'utf8')) as Partial<SuiteStats>;
    return { passes: parsed.passes ?? 0, failures: parsed.failures ?? 0, pending: parsed.pending ?? 0 };
  } catch {
    return { passes: 0, failures: 0, pending: 0 };
  }
}

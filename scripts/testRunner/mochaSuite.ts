import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { repoRoot } from '../vscode/paths';
import { MOCHA_COUNTS_FILE_ENV, readSuiteStats, type SuiteResult } from './suiteResult';

/** The reporter as tsc compiled it: mocha loads a reporter from a file, and this runner is a bundle. */
const REPORTER = path.join(repoRoot, 'out', 'scripts', 'testRunner', 'countingReporter.js');

/** Runs a mocha suite in a child process, with the reporter that writes its counts to a file. */
export function runMochaSuite(
  label: string,
  specGlobs: readonly string[],
  extraArgs: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): SuiteResult {
  const countsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-mocha-')), 'stats.json');
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(repoRoot, 'node_modules', 'mocha', 'bin', 'mocha.js'),
      '--config',
      path.join(repoRoot, '.mocharc.json'),
      '--reporter',
      REPORTER,
      ...extraArgs,
      ...specGlobs,
    ],
    { cwd: repoRoot, stdio: 'inherit', env: { ...process.env, ...env, [MOCHA_COUNTS_FILE_ENV]: countsFile } },
  );
  const stats = readSuiteStats(countsFile);
  // No counts means mocha died before the end of the run: that is a failure, whatever it counted.
  const counts = fs.existsSync(countsFile) ? stats : { ...stats, failures: Math.max(1, stats.failures) };
  const failed = result.status !== 0 || counts.failures > 0 || counts.passes === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${failed ? '✘' : '✔'} ${label}: ${counts.passes} passed, ${counts.failures} failed, ${counts.pending} skipped (${seconds} s)` +
      (counts.passes === 0 ? ' — no test ran' : ''),
  );
  return { label, ...counts, failed };
}

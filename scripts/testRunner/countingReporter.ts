import * as fs from 'node:fs';
import Mocha from 'mocha';
import { failedTestLine, MOCHA_COUNTS_FILE_ENV, type SuiteStats } from './suiteResult';

/**
 * Mocha's spec reporter, plus a JSON file with the final counts and the failed tests' names, so the
 * runner can refuse a suite that ran no test (mocha exits 0 then) and name what failed at the end of
 * a long log. Mocha loads it by path, as tsc compiled it.
 */
export default class CountingReporter extends Mocha.reporters.Spec {
  constructor(runner: Mocha.Runner, options?: Mocha.MochaOptions) {
    super(runner, options);
    const failedTests: string[] = [];
    runner.on(Mocha.Runner.constants.EVENT_TEST_FAIL, (test: Mocha.Test, error: unknown) =>
      failedTests.push(failedTestLine(test.fullTitle(), error)),
    );
    runner.once(Mocha.Runner.constants.EVENT_RUN_END, () => {
      const file = process.env[MOCHA_COUNTS_FILE_ENV];
      if (file) {
        const { passes, failures, pending } = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
        const counts: SuiteStats = { passes, failures, pending, failedTests };
        fs.writeFileSync(file, JSON.stringify(counts));
      }
    });
  }
}

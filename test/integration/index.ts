/**
 * Entry VS Code calls inside the real extension host (`extensionTestsPath`): runs every
 * `*.test.js` next to this file with mocha. The same `run()` serves @vscode/test-electron on a
 * desktop and the code-server runner in scripts/vscode. Results go to the console line by line
 * (the workbench forwards it to the driver) and, as counts, to CLUSTER_CHAT_TEST_STATS if set.
 */
import * as fs from 'node:fs';
import * as path from 'node:path';
import Mocha from 'mocha';
import { failedTestLine } from '../../scripts/testRunner/suiteResult';

/** Marks the reporter's lines so the driver can tell them from the workbench's own logging. */
export const LINE_PREFIX = '[cluster-chat-test] ';

function print(text: string): void {
  for (const line of text.split('\n')) {
    console.log(`${LINE_PREFIX}${line}`);
  }
}

class ConsoleLineReporter extends Mocha.reporters.Base {
  constructor(runner: Mocha.Runner, options: Mocha.MochaOptions) {
    super(runner, options);
    const { EVENT_SUITE_BEGIN, EVENT_TEST_PASS, EVENT_TEST_FAIL, EVENT_TEST_PENDING, EVENT_RUN_END } = Mocha.Runner.constants;
    let depth = 0;
    const failedTests: string[] = [];
    const indent = (): string => '  '.repeat(depth);
    runner.on(EVENT_SUITE_BEGIN, (suite: Mocha.Suite) => {
      if (suite.title) {
        print(`${indent()}${suite.title}`);
      }
      depth++;
    });
    runner.on(Mocha.Runner.constants.EVENT_SUITE_END, () => depth--);
    runner.on(EVENT_TEST_PASS, (test: Mocha.Test) => print(`${indent()}✔ ${test.title} (${test.duration ?? 0} ms)`));
    runner.on(EVENT_TEST_PENDING, (test: Mocha.Test) => print(`${indent()}- ${test.title} (skipped)`));
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, error: Error) => failedTests.push(failedTestLine(test.fullTitle(), error)));
    runner.on(EVENT_TEST_FAIL, (test: Mocha.Test, error: Error) =>
      print(
        `${indent()}✘ ${test.title}\n${indent()}  ${String(error.stack ?? error.message)
          .split('\n')
          .join(`\n${indent()}  `)}`,
      ),
    );
    runner.once(EVENT_RUN_END, () => {
      const stats = runner.stats ?? { passes: 0, failures: 0, pending: 0 };
      print(`${stats.passes} passing, ${stats.failures} failing, ${stats.pending} pending`);
      const statsFile = process.env['CLUSTER_CHAT_TEST_STATS'];
      if (statsFile) {
        fs.writeFileSync(
          statsFile,
          JSON.stringify({ passes: stats.passes, failures: stats.failures, pending: stats.pending, failedTests }),
        );
      }
    });
  }
}

function testFiles(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    return entry.isDirectory() ? testFiles(full) : entry.name.endsWith('.test.js') ? [full] : [];
  });
}

export function run(): Promise<void> {
  const mocha = new Mocha({ ui: 'bdd', color: false, timeout: 30_000, reporter: ConsoleLineReporter, forbidOnly: true });
  const grep = process.env['CLUSTER_CHAT_TEST_GREP'];
  if (grep) {
    mocha.grep(grep);
  }
  for (const file of testFiles(__dirname).sort()) {
    mocha.addFile(file);
  }
  return new Promise((resolve, reject) => {
    mocha.run((failures) => (failures > 0 ? reject(new Error(`${failures} integration test(s) failed`)) : resolve()));
  });
}

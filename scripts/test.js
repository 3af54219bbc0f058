// `npm test`: installs what is missing, typechecks, builds, and runs every suite. Fails when any
// step fails or a suite ran no test, and ends with one line of totals.
const { ensureDependencies } = require('./lib/ensureDependencies');
const { run } = require('./lib/run');
const { runMochaSuite } = require('./lib/mochaSuite');

function main() {
  const started = Date.now();
  ensureDependencies();
  run('Typecheck and compile (extension host, tests, emulator)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
  run('Typecheck (webview)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'src/webview']);
  run('Package the .vsix (production bundles)', 'npm', ['run', '--silent', 'package']);

  const suites = [runMochaSuite('Unit tests (core, emulator, packaging)', ['out/test/unit/**/*.test.js'])];

  const passes = suites.reduce((sum, suite) => sum + suite.passes, 0);
  const failures = suites.reduce((sum, suite) => sum + suite.failures, 0);
  const skipped = suites.reduce((sum, suite) => sum + suite.pending, 0);
  const failedSuites = suites.filter((suite) => suite.failed).length;
  console.log(`\nAll suites finished in ${((Date.now() - started) / 1000).toFixed(1)} s.`);
  console.log(`${passes} passed, ${failures} failed, ${skipped} skipped`);
  if (failedSuites > 0) {
    process.exitCode = 1;
  }
}

try {
  main();
} catch (error) {
  console.error(`\n✘ ${error instanceof Error ? error.message : String(error)}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
}

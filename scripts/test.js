// `npm test`: installs what is missing, typechecks, packages, and runs every suite: unit tests,
// integration tests inside the oldest and the latest real VS Code, and UI tests against the
// packaged .vsix. Fails when any step fails or any suite ran no test; ends with one line of totals.
// CLUSTER_CHAT_TEST_SUITES=unit,integration,ui picks suites (default: all).
const path = require('node:path');
const { ensureDependencies, root } = require('./lib/ensureDependencies');
const { run } = require('./lib/run');
const { runMochaSuite } = require('./lib/mochaSuite');

const SUITES = (process.env.CLUSTER_CHAT_TEST_SUITES || 'unit,integration,ui').split(',').map((name) => name.trim());

async function main() {
  const started = Date.now();
  ensureDependencies();
  run('Typecheck and compile (extension host, tests, scripts)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', '.']);
  run('Typecheck (webview)', process.execPath, ['node_modules/typescript/bin/tsc', '-p', 'src/webview']);
  run('Package the .vsix (production bundles)', 'npm', ['run', '--silent', 'package']);

  const results = [];
  if (SUITES.includes('unit')) {
    results.push({ label: 'Unit tests (core, emulator, packaging)', ...runMochaSuite('Unit tests (core, emulator, packaging)', ['out/test/unit/**/*.test.js']) });
  }
  if (SUITES.includes('integration')) {
    const { runIntegration } = require(path.join(root, 'out', 'scripts', 'vscode', 'runIntegration.js'));
    results.push(...(await runIntegration([])));
  }
  if (SUITES.includes('ui')) {
    // The latest VS Code (CLUSTER_CHAT_UI_HOST=oldest runs the same suite in 1.100.3).
    const label = 'UI tests in VS Code 1.139.1 (packaged .vsix, Chromium)';
    results.push({ label, ...runMochaSuite(label, ['out/test/ui/**/*.test.js'], ['--timeout', '180000'], { CLUSTER_CHAT_UI_HOST: 'latest' }) });
  }

  console.log(`\nSummary (${((Date.now() - started) / 1000).toFixed(0)} s):`);
  for (const result of results) {
    console.log(
      `  ${result.failed ? '✘' : '✔'} ${result.label}: ${result.passes} passed, ${result.failures} failed, ${result.pending} skipped${result.reason ? ` — ${result.reason}` : ''}`,
    );
  }
  const total = (key) => results.reduce((sum, result) => sum + result[key], 0);
  console.log(`${total('passes')} passed, ${total('failures')} failed, ${total('pending')} skipped`);
  if (results.length === 0 || results.some((result) => result.failed)) {
    process.exitCode = 1;
  }
}

main().catch((error) => {
  console.error(`\n✘ ${error instanceof Error ? error.message : String(error)}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});

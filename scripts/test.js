// `npm test`: installs what is missing, typechecks, lints, checks that the localization bundle is
// current, packages, and runs every suite: unit tests, webview DOM tests, integration tests inside
// the oldest and the latest real VS Code, and UI tests against the packaged .vsix in both. Fails
// when any step fails or any suite ran no test; prints each stage's time and ends with one line of
// totals.
// CLUSTER_CHAT_TEST_SUITES=unit,dom,integration,ui picks suites (default: all);
// CLUSTER_CHAT_UI_HOST=oldest|latest runs the UI suite in one VS Code only.
const path = require('node:path');
const { ensureDependencies, root } = require('./lib/ensureDependencies');
const { run } = require('./lib/run');
const { runMochaSuite } = require('./lib/mochaSuite');

const SUITES = (process.env.CLUSTER_CHAT_TEST_SUITES || 'unit,dom,integration,ui').split(',').map((name) => name.trim());
const UI_HOSTS = process.env.CLUSTER_CHAT_UI_HOST ? [process.env.CLUSTER_CHAT_UI_HOST] : ['oldest', 'latest'];

/** Every stage in order, with its time and, for test suites, its counts. */
const stages = [];

function timed(label, action) {
  const started = Date.now();
  try {
    return action();
  } finally {
    stages.push({ label, seconds: (Date.now() - started) / 1000 });
  }
}

async function timedAsync(label, action) {
  const started = Date.now();
  try {
    return await action();
  } finally {
    stages.push({ label, seconds: (Date.now() - started) / 1000 });
  }
}

function step(label, command, args) {
  timed(label, () => run(label, command, args));
}

function suite(label, specGlobs, extraArgs = [], env = {}) {
  return timed(label, () => ({ label, ...runMochaSuite(label, specGlobs, extraArgs, env) }));
}

const tsc = (project) => [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', project];

async function main() {
  const started = Date.now();
  timed('Install npm dependencies (when missing or outdated)', ensureDependencies);
  step('Typecheck and compile (extension host, tests, scripts)', process.execPath, tsc('.'));
  step('Typecheck (webview)', process.execPath, tsc('tsconfig.browser.json'));
  step('Typecheck and compile (webview DOM tests)', process.execPath, tsc('test/dom'));
  step('Lint and format check', 'npm', ['run', '--silent', 'lint']);
  step('Localization bundle is current (l10n/bundle.l10n.json is the export of src/)', process.execPath, [
    'out/scripts/l10n/bundle.js',
    '--check',
  ]);
  step('Package the .vsix (production bundles)', 'npm', ['run', '--silent', 'package']);

  // The hosts' versions are declared once, in scripts/vscode/hosts.ts (compiled above).
  const { hostByName } = require(path.join(root, 'out', 'scripts', 'vscode', 'hosts.js'));
  const version = (host) => hostByName(host).vscode;

  if (SUITES.includes('integration') || SUITES.includes('ui')) {
    step('Install the VS Code hosts (code-server from npm; cached in .vscode-test/)', process.execPath, [
      'out/scripts/vscode/installCodeServer.js',
    ]);
  }

  const results = [];
  if (SUITES.includes('unit')) {
    results.push(suite('Unit tests (core, emulator, packaging)', ['out/test/unit/**/*.test.js']));
  }
  if (SUITES.includes('dom')) {
    results.push(suite('Webview DOM tests (happy-dom)', ['out/dom/test/dom/**/*.test.js']));
  }
  if (SUITES.includes('integration')) {
    const { runIntegration } = require(path.join(root, 'out', 'scripts', 'vscode', 'runIntegration.js'));
    for (const host of ['oldest', 'latest']) {
      const label = `Integration tests in VS Code ${version(host)}`;
      results.push(...(await timedAsync(label, () => runIntegration([host]))));
    }
  }
  if (SUITES.includes('ui')) {
    for (const host of UI_HOSTS) {
      const label = `UI tests in VS Code ${version(host)} (packaged .vsix, Chromium)`;
      results.push(suite(label, ['out/test/ui/**/*.test.js'], ['--timeout', '180000'], { CLUSTER_CHAT_UI_HOST: host }));
    }
  }

  console.log('\nStages:');
  for (const stage of stages) {
    console.log(`  ${stage.seconds.toFixed(1).padStart(7)} s  ${stage.label}`);
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

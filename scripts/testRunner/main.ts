/**
 * `npm test`: typechecks, lints, checks that the localization bundle is current, packages, and runs
 * every suite: unit tests, webview DOM tests, integration tests inside the oldest and the latest real
 * VS Code, and UI tests against the packaged .vsix in both. Fails when any step fails or any suite ran
 * no test; prints each stage's time and ends with one line of totals.
 * CLUSTER_CHAT_TEST_SUITES=unit,dom,integration,ui picks suites (default: all);
 * CLUSTER_CHAT_UI_HOST=oldest|latest runs the UI suite in one VS Code only.
 */
import * as path from 'node:path';
import { hostByName } from '../vscode/hosts';
import { repoRoot } from '../vscode/paths';
import type * as IntegrationRunner from '../vscode/runIntegration';
import { runMochaSuite } from './mochaSuite';
import { runStep } from './runStep';
import type { SuiteResult } from './suiteResult';

const SUITES = (process.env['CLUSTER_CHAT_TEST_SUITES'] || 'unit,dom,integration,ui').split(',').map((name) => name.trim());
const UI_HOSTS = process.env['CLUSTER_CHAT_UI_HOST'] ? [process.env['CLUSTER_CHAT_UI_HOST']] : ['oldest', 'latest'];

/** Every stage in order, with its time. */
const stages: Array<{ readonly label: string; readonly seconds: number }> = [];

async function timed<T>(label: string, action: () => T | Promise<T>): Promise<T> {
  const started = Date.now();
  try {
    return await action();
  } finally {
    stages.push({ label, seconds: (Date.now() - started) / 1000 });
  }
}

function step(label: string, command: string, args: readonly string[]): Promise<void> {
  return timed(label, () => runStep(label, command, args));
}

function suite(
  label: string,
  specGlobs: readonly string[],
  extraArgs: readonly string[] = [],
  env: Readonly<Record<string, string>> = {},
): Promise<SuiteResult> {
  return timed(label, () => runMochaSuite(label, specGlobs, extraArgs, env));
}

const tsc = (project: string): string[] => [path.join('node_modules', 'typescript', 'bin', 'tsc'), '-p', project];
const version = (host: string): string => hostByName(host).vscode;

/**
 * The integration runner as tsc compiled it in the first stage: run as a script it starts at once
 * (`require.main === module`), so it is not bundled into this runner.
 */
function integrationRunner(): typeof IntegrationRunner {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(path.join(repoRoot, 'out', 'scripts', 'vscode', 'runIntegration.js')) as typeof IntegrationRunner;
}

async function main(): Promise<void> {
  const started = Date.now();
  await step('Typecheck and compile (extension host, tests, scripts)', process.execPath, tsc('.'));
  await step('Typecheck (webview)', process.execPath, tsc('tsconfig.browser.json'));
  await step('Typecheck and compile (webview DOM tests)', process.execPath, tsc('test/dom'));
  await step('Lint and format check', 'npm', ['run', '--silent', 'lint']);
  await step('Localization bundle is current (l10n/bundle.l10n.json is the export of src/)', process.execPath, [
    'out/scripts/l10n/bundle.js',
    '--check',
  ]);
  await step('Package the .vsix (production bundles)', 'npm', ['run', '--silent', 'package']);

  if (SUITES.includes('integration') || SUITES.includes('ui')) {
    await step('Install the VS Code hosts (code-server from npm; cached in .vscode-test/)', process.execPath, [
      'out/scripts/vscode/installCodeServer.js',
    ]);
  }

  const results: SuiteResult[] = [];
  if (SUITES.includes('unit')) {
    results.push(await suite('Unit tests (Node: src, emulator, bench, packaging)', ['out/test/unit/**/*.test.js']));
  }
  if (SUITES.includes('dom')) {
    results.push(await suite('Webview DOM tests (happy-dom)', ['out/dom/test/dom/**/*.test.js']));
  }
  if (SUITES.includes('integration')) {
    const { runIntegration } = integrationRunner();
    for (const host of ['oldest', 'latest']) {
      results.push(...(await timed(`Integration tests in VS Code ${version(host)}`, () => runIntegration([host]))));
    }
  }
  if (SUITES.includes('ui')) {
    for (const host of UI_HOSTS) {
      const label = `UI tests in VS Code ${version(host)} (packaged .vsix, Chromium)`;
      results.push(await suite(label, ['out/test/ui/**/*.test.js'], ['--timeout', '180000'], { CLUSTER_CHAT_UI_HOST: host }));
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
    for (const line of result.failedTests ?? []) {
      console.log(`      ✘ ${line}`);
    }
  }
  const total = (key: 'passes' | 'failures' | 'pending'): number => results.reduce((sum, result) => sum + result[key], 0);
  console.log(`${total('passes')} passed, ${total('failures')} failed, ${total('pending')} skipped`);
  if (results.length === 0 || results.some((result) => result.failed)) {
    process.exitCode = 1;
  }
}

main().catch((error: unknown) => {
  console.error(`\n✘ ${error instanceof Error ? error.message : String(error)}`);
  console.log('0 passed, 1 failed');
  process.exitCode = 1;
});

/**
 * Runs the integration suite (test/integration, compiled to out/) inside the real extension host
 * of each VS Code host: starts the emulator and code-server, opens the workbench in Chromium with
 * the development extension and the tests, relays the test output, and reports the counts.
 * Usage: node out/scripts/vscode/runIntegration.js [oldest|latest ...]
 */
import { spawnSync } from 'node:child_process';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { startEmulator } from '../emulator/server';
import { installVsix, makeRunDirs } from './codeServer';
import { runInDevelopmentHost } from './developmentHost';
import { HOSTS, hostByName, type Host } from './hosts';
import { installHost } from './installCodeServer';
import { apiConsumerFixture, repoRoot, resultsRoot } from './paths';
import { type SuiteResult, readSuiteStats } from '../testRunner/suiteResult';

const RESULTS = path.join(resultsRoot, 'integration');
/** A guard against a hung host, not a speed target: the whole suite, with room for a loaded 2-core machine. */
const RUN_TIMEOUT_MS = 8 * 60_000;
/** Must match LINE_PREFIX in test/integration/index.ts. */
const TEST_LINE_PREFIX = '[cluster-chat-test] ';

function makeWorkspace(base: string): string {
  const folder = path.join(base, 'workspace');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'sample.ts'), 'export function add(a: number, b: number): number {\n  return a + b;\n}\n');
  return folder;
}

/** Packages an extension folder (one without dependencies) into a .vsix under `outDir`. */
function packageExtension(folder: string, outDir: string): string {
  const vsix = path.join(outDir, `${path.basename(folder)}.vsix`);
  const vsce = path.join(repoRoot, 'node_modules', '@vscode', 'vsce', 'vsce');
  const result = spawnSync(
    process.execPath,
    [vsce, 'package', '--no-dependencies', '--allow-missing-repository', '--skip-license', '--out', vsix],
    {
      cwd: folder,
      encoding: 'utf8',
    },
  );
  if (result.status !== 0) {
    throw new Error(`Packaging ${folder} failed:\n${result.stdout}\n${result.stderr}`);
  }
  return vsix;
}

async function runOnHost(host: Host): Promise<SuiteResult> {
  const label = `Integration on VS Code ${host.vscode}`;
  const install = installHost(host);
  const base = fs.mkdtempSync(path.join(os.tmpdir(), `cluster-chat-it-${host.name}-`));
  const dirs = makeRunDirs(base);
  const folder = makeWorkspace(base);
  const statsFile = path.join(base, 'stats.json');
  // code-server loads one development extension only: the other extension is installed from a .vsix.
  installVsix(install, dirs, packageExtension(apiConsumerFixture, base));
  const emulator = await startEmulator({ apiKey: `it-key-${Date.now()}` });
  const started = Date.now();
  console.log(`\n── Integration tests in VS Code ${host.vscode} (code-server ${host.codeServer}, Node ${host.nodeMajor}) ──`);
  let result: SuiteResult;
  try {
    const code = await runInDevelopmentHost({
      install,
      dirs,
      folder,
      env: {
        CLUSTER_CHAT_TEST_EMULATOR_URL: emulator.baseUrl,
        CLUSTER_CHAT_TEST_EMULATOR_KEY: emulator.apiKey,
        CLUSTER_CHAT_TEST_STATS: statsFile,
        ...(process.env['CLUSTER_CHAT_TEST_GREP'] ? { CLUSTER_CHAT_TEST_GREP: process.env['CLUSTER_CHAT_TEST_GREP'] } : {}),
      },
      extensionPaths: [repoRoot],
      testsPath: path.join(repoRoot, 'out', 'test', 'integration', 'index.js'),
      timeoutMs: RUN_TIMEOUT_MS,
      onHostLine: (line) => {
        if (line.startsWith(TEST_LINE_PREFIX)) {
          console.log(`  ${line.slice(TEST_LINE_PREFIX.length)}`);
        }
      },
      failureScreenshot: path.join(RESULTS, `failure-${host.name}.png`),
    });
    const stats = readSuiteStats(statsFile);
    const reason =
      code === 'timeout'
        ? `no result within ${RUN_TIMEOUT_MS / 1000} s`
        : stats.passes === 0
          ? 'no test ran (did the extension host crash or the extension not load?)'
          : code !== 0 && stats.failures === 0
            ? `the extension host exited with ${code}`
            : undefined;
    result = { label, ...stats, failed: code !== 0 || stats.failures > 0 || stats.passes === 0, ...(reason ? { reason } : {}) };
  } catch (error) {
    result = { label, passes: 0, failures: 0, pending: 0, failed: true, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await emulator.close();
  }
  if (result.failed) {
    fs.mkdirSync(RESULTS, { recursive: true });
    for (const file of ['code-server.log', 'browser-console.log', 'extension-host.log']) {
      if (fs.existsSync(path.join(base, file))) {
        fs.copyFileSync(path.join(base, file), path.join(RESULTS, `${host.name}-${file}`));
      }
    }
    console.log(`  (logs and a screenshot kept in ${path.relative(repoRoot, RESULTS)})`);
  } else {
    fs.rmSync(base, { recursive: true, force: true });
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${result.failed ? '✘' : '✔'} ${label}: ${result.passes} passed, ${result.failures} failed, ${result.pending} skipped (${seconds} s)${result.reason ? ` — ${result.reason}` : ''}`,
  );
  return result;
}

export async function runIntegration(hostNames: readonly string[]): Promise<SuiteResult[]> {
  const results: SuiteResult[] = [];
  for (const host of hostNames.length > 0 ? hostNames.map(hostByName) : HOSTS) {
    results.push(await runOnHost(host));
  }
  return results;
}

if (require.main === module) {
  runIntegration(process.argv.slice(2)).then(
    (results) => {
      process.exitCode = results.some((result) => result.failed) ? 1 : 0;
    },
    (error: unknown) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

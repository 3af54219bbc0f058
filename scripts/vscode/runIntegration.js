// Runs the integration suite (test/integration, compiled to out/) inside the real extension host
// of each VS Code host: starts the emulator and code-server, opens the workbench in Chromium with
// the development extension and the tests, relays the test output, and reports the counts.
// Usage: node scripts/vscode/runIntegration.js [oldest|latest ...]
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { root } = require('../lib/ensureDependencies');
const { HOSTS, hostByName } = require('./hosts');
const { installHost } = require('./installCodeServer');
const { startCodeServer, makeRunDirs } = require('./codeServer');
const { launchBrowser, workbenchUrl, ENABLE_SMOKE_TEST_DRIVER } = require('./browser');

const RESULTS = path.join(root, 'test-results', 'integration');
const RUN_TIMEOUT_MS = 5 * 60_000;
/** Must match LINE_PREFIX in test/integration/index.ts. */
const TEST_LINE_PREFIX = '[cluster-chat-test] ';

function makeWorkspace(base) {
  const folder = path.join(base, 'workspace');
  fs.mkdirSync(folder, { recursive: true });
  fs.writeFileSync(path.join(folder, 'sample.ts'), 'export function add(a: number, b: number): number {\n  return a + b;\n}\n');
  return folder;
}

/** @returns {Promise<{ host: string, passes: number, failures: number, pending: number, failed: boolean, reason?: string }>} */
async function runOnHost(host) {
  const install = installHost(host);
  const { startEmulator } = require(path.join(root, 'out', 'scripts', 'emulator', 'server.js'));
  const base = fs.mkdtempSync(path.join(os.tmpdir(), `cluster-chat-it-${host.name}-`));
  const dirs = makeRunDirs(base);
  const folder = makeWorkspace(base);
  const statsFile = path.join(base, 'stats.json');
  const emulator = await startEmulator({ apiKey: `it-key-${Date.now()}` });
  let server;
  let browser;
  let outcome;
  const started = Date.now();
  console.log(`\n── Integration tests in VS Code ${host.vscode} (code-server ${host.codeServer}, Node ${host.nodeMajor}) ──`);
  try {
    server = await startCodeServer({
      install,
      dirs,
      folder,
      env: {
        CLUSTER_CHAT_TEST_EMULATOR_URL: emulator.baseUrl,
        CLUSTER_CHAT_TEST_EMULATOR_KEY: emulator.apiKey,
        CLUSTER_CHAT_TEST_STATS: statsFile,
        ...(process.env.CLUSTER_CHAT_TEST_GREP ? { CLUSTER_CHAT_TEST_GREP: process.env.CLUSTER_CHAT_TEST_GREP } : {}),
      },
    });
    browser = await launchBrowser();
    const page = await (await browser.newContext({ viewport: { width: 1400, height: 900 } })).newPage();
    const browserLog = path.join(base, 'browser-console.log');
    page.on('console', (message) => fs.appendFileSync(browserLog, `[${message.type()}] ${message.text()}\n`));
    let finish;
    const exited = new Promise((resolve) => (finish = resolve));
    await page.exposeFunction('codeAutomationExit', (code) => finish(code));
    const hostLog = path.join(base, 'extension-host.log');
    await page.exposeFunction('codeAutomationLog', (type, args) => {
      const line = (Array.isArray(args) ? args : [args]).map((arg) => (typeof arg === 'string' ? arg : JSON.stringify(arg))).join(' ');
      fs.appendFileSync(hostLog, `[${type}] ${line}\n`);
      if (line.startsWith(TEST_LINE_PREFIX)) {
        console.log(`  ${line.slice(TEST_LINE_PREFIX.length)}`);
      }
    });
    await page.addInitScript(ENABLE_SMOKE_TEST_DRIVER);
    await page.goto(
      workbenchUrl(server.url, folder, {
        extensionPath: root,
        testsPath: path.join(root, 'out', 'test', 'integration', 'index.js'),
      }),
    );
    const timeout = new Promise((resolve) => setTimeout(() => resolve('timeout'), RUN_TIMEOUT_MS).unref());
    const code = await Promise.race([exited, timeout]);
    const stats = readStats(statsFile);
    const failed = code !== 0 || stats.failures > 0 || stats.passes === 0;
    const reason =
      code === 'timeout' ? `no result within ${RUN_TIMEOUT_MS / 1000} s` : stats.passes === 0 ? 'no test ran (extension host crashed, or the extension did not load?)' : undefined;
    if (failed) {
      fs.mkdirSync(RESULTS, { recursive: true });
      await page.screenshot({ path: path.join(RESULTS, `failure-${host.name}.png`) }).catch(() => undefined);
    }
    outcome = { host: host.vscode, ...stats, failed, ...(reason ? { reason } : {}) };
  } catch (error) {
    outcome = { host: host.vscode, passes: 0, failures: 0, pending: 0, failed: true, reason: error instanceof Error ? error.message : String(error) };
  } finally {
    await browser?.close().catch(() => undefined);
    await server?.stop();
    await emulator.close();
  }
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (outcome.failed) {
    fs.mkdirSync(RESULTS, { recursive: true });
    for (const file of ['code-server.log', 'browser-console.log', 'extension-host.log']) {
      if (fs.existsSync(path.join(base, file))) {
        fs.copyFileSync(path.join(base, file), path.join(RESULTS, `${host.name}-${file}`));
      }
    }
    console.log(`  (logs and a screenshot kept in ${path.relative(root, RESULTS)})`);
  } else {
    fs.rmSync(base, { recursive: true, force: true });
  }
  console.log(
    `${outcome.failed ? '✘' : '✔'} Integration on VS Code ${host.vscode}: ${outcome.passes} passed, ${outcome.failures} failed, ${outcome.pending} skipped (${seconds} s)${outcome.reason ? ` — ${outcome.reason}` : ''}`,
  );
  return outcome;
}

function readStats(file) {
  try {
    return JSON.parse(fs.readFileSync(file, 'utf8'));
  } catch {
    return { passes: 0, failures: 0, pending: 0 };
  }
}

async function runIntegration(hostNames) {
  const hosts = hostNames.length > 0 ? hostNames.map(hostByName) : HOSTS;
  const results = [];
  for (const host of hosts) {
    results.push(await runOnHost(host));
  }
  return results;
}

module.exports = { runIntegration };

if (require.main === module) {
  runIntegration(process.argv.slice(2)).then(
    (results) => {
      process.exitCode = results.some((result) => result.failed) ? 1 : 0;
    },
    (error) => {
      console.error(error);
      process.exitCode = 1;
    },
  );
}

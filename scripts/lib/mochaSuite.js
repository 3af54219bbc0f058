// Runs a mocha suite in a child process with a reporter that also writes its counts to a file,
// so the caller can refuse a suite that ran no test.
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { spawnSync } = require('node:child_process');
const { root } = require('./ensureDependencies');

function runMochaSuite(label, specGlobs, extraArgs = [], env = {}) {
  const statsFile = path.join(fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-mocha-')), 'stats.json');
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(
    process.execPath,
    [
      path.join(root, 'node_modules', 'mocha', 'bin', 'mocha.js'),
      '--config',
      path.join(root, '.mocharc.json'),
      '--reporter',
      path.join(__dirname, 'countingReporter.js'),
      ...extraArgs,
      ...specGlobs,
    ],
    { cwd: root, stdio: 'inherit', env: { ...process.env, ...env, CLUSTER_CHAT_MOCHA_STATS: statsFile } },
  );
  let stats = { passes: 0, failures: 0, pending: 0 };
  try {
    stats = JSON.parse(fs.readFileSync(statsFile, 'utf8'));
  } catch {
    stats.failures = Math.max(1, stats.failures);
  }
  const failed = result.status !== 0 || stats.failures > 0 || stats.passes === 0;
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  console.log(
    `${failed ? '✘' : '✔'} ${label}: ${stats.passes} passed, ${stats.failures} failed, ${stats.pending} skipped (${seconds} s)` +
      (stats.passes === 0 ? ' — no test ran' : ''),
  );
  return { ...stats, failed };
}

module.exports = { runMochaSuite };

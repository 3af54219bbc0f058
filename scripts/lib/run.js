// Runs a command from the repository root, streaming its output; throws on a non-zero exit.
const { spawnSync } = require('node:child_process');
const { root } = require('./ensureDependencies');

function run(label, command, args, options = {}) {
  const started = Date.now();
  console.log(`\n▶ ${label}`);
  const result = spawnSync(command, args, { cwd: root, stdio: 'inherit', ...options });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.status !== 0) {
    throw new Error(`${label} failed (exit code ${result.status ?? result.signal}) after ${seconds} s`);
  }
  console.log(`✔ ${label} (${seconds} s)`);
}

module.exports = { run };

// Installs the locked npm dependencies when they are missing or older than package-lock.json,
// so `npm start` and `npm test` work on a fresh clone without a separate install step.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..', '..');

function mtime(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function ensureDependencies() {
  const installed = mtime(path.join(root, 'node_modules', '.package-lock.json'));
  const locked = mtime(path.join(root, 'package-lock.json'));
  if (installed !== undefined && locked !== undefined && installed >= locked) {
    return;
  }
  console.log('Installing npm dependencies (npm ci)…');
  const result = spawnSync('npm', ['ci', '--no-audit', '--no-fund'], { cwd: root, stdio: 'inherit' });
  if (result.status !== 0) {
    throw new Error(`npm ci failed with exit code ${result.status}`);
  }
}

module.exports = { ensureDependencies, root };

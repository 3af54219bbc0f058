// `npm run bench`: builds the production bundles and the .vsix, compiles the benchmark, and runs
// it (see scripts/bench/main.ts). Not part of `npm test`.
const { execSync } = require('node:child_process');
const path = require('node:path');
const { ensureDependencies, root } = require('./ensureDependencies');

ensureDependencies();
// The request-overhead step alone needs no package.
if (!process.argv.includes('request-overhead')) {
  execSync('npm run package', { cwd: root, stdio: 'inherit' });
}
execSync('npx tsc -p .', { cwd: root, stdio: 'inherit' });
require(path.join(root, 'out', 'scripts', 'bench', 'main.js'));

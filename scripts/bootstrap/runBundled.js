// Bundles a TypeScript entry with esbuild (no typecheck, so it runs even while other code is
// mid-change) and runs it in this process, after installing missing dependencies.
const path = require('node:path');
const { ensureDependencies, root } = require('./ensureDependencies');

function runBundled(entry, outfile, external = []) {
  ensureDependencies();
  const bundle = path.join(root, outfile);
  require('esbuild').buildSync({
    entryPoints: [path.join(root, entry)],
    outfile: bundle,
    bundle: true,
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external,
    sourcemap: true,
    logLevel: 'warning',
  });
  require(bundle);
}

module.exports = { runBundled };

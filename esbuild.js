// Builds the extension-host bundle (Node, CommonJS) and the webview bundle (browser, IIFE).
// Usage: node esbuild.js [--production] [--watch]
const path = require('node:path');
const esbuild = require('esbuild');

/** The two bundles; `npm start` watches the same list. */
function buildTargets(production) {
  /** @type {import('esbuild').BuildOptions} */
  const shared = {
    absWorkingDir: __dirname,
    bundle: true,
    minify: production,
    sourcemap: true,
    sourcesContent: !production,
    legalComments: 'eof',
    logLevel: 'warning',
    metafile: true,
    define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
  };
  return [
    {
      ...shared,
      entryPoints: ['src/extension.ts'],
      outfile: path.join('dist', 'extension.js'),
      platform: 'node',
      format: 'cjs',
      target: 'node20',
      external: ['vscode'],
      mainFields: ['module', 'main'],
    },
    {
      ...shared,
      entryPoints: ['src/webview/main.ts'],
      outfile: path.join('dist', 'webview.js'),
      platform: 'browser',
      format: 'iife',
      target: 'chrome120',
    },
  ];
}

async function main() {
  const production = process.argv.includes('--production');
  const targets = buildTargets(production);
  if (process.argv.includes('--watch')) {
    const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
    await Promise.all(contexts.map((context) => context.watch()));
    console.log('esbuild: watching for changes');
    return;
  }
  const results = await Promise.all(targets.map((options) => esbuild.build(options)));
  for (const result of results) {
    for (const [file, info] of Object.entries(result.metafile?.outputs ?? {})) {
      if (!file.endsWith('.map')) {
        console.log(`esbuild: ${file} ${(info.bytes / 1024).toFixed(1)} KB${production ? ' (minified)' : ''}`);
      }
    }
  }
}

module.exports = { buildTargets };

if (require.main === module) {
  main().catch((error) => {
    console.error(error);
    process.exit(1);
  });
}

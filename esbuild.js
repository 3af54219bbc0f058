// Builds the extension-host bundle (Node, CommonJS) and the webview bundle (browser, IIFE).
// Usage: node esbuild.js [--production] [--watch]
const path = require('node:path');
const esbuild = require('esbuild');

/**
 * undici ships its HTTP parser twice, as WebAssembly with and without SIMD, and falls back to the
 * plain one when the SIMD one fails to load. Only the plain one is bundled (half the size, and it
 * runs on every CPU); the SIMD module becomes an empty one, which undici's fallback handles.
 */
const withoutSimdHttpParser = {
  name: 'without-simd-http-parser',
  setup(build) {
    build.onResolve({ filter: /llhttp_simd-wasm\.js$/ }, () => ({ path: 'llhttp_simd-wasm', namespace: 'empty-module' }));
    build.onLoad({ filter: /.*/, namespace: 'empty-module' }, () => ({ contents: 'module.exports = undefined;', loader: 'js' }));
  },
};

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
      plugins: [withoutSimdHttpParser],
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
    // watch() only starts the first build; F5 waits for the line below, so it must follow the bundles.
    // A failed first build is reported by esbuild itself, and watching goes on to pick up the fix.
    const first = await Promise.all(contexts.map((context) => context.rebuild().catch(() => undefined)));
    reportSizes(
      first.filter((result) => result !== undefined),
      production,
    );
    await Promise.all(contexts.map((context) => context.watch()));
    console.log('esbuild: watching for changes');
    return;
  }
  reportSizes(await Promise.all(targets.map((options) => esbuild.build(options))), production);
}

function reportSizes(results, production) {
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

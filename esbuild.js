// Builds the extension-host bundle (Node, CommonJS) and the webview bundle (browser, IIFE).
// Usage: node esbuild.js [--production] [--watch]
const esbuild = require('esbuild');

const production = process.argv.includes('--production');
const watch = process.argv.includes('--watch');

/** @type {import('esbuild').BuildOptions} */
const shared = {
  bundle: true,
  minify: production,
  sourcemap: true,
  sourcesContent: !production,
  legalComments: 'eof',
  logLevel: 'warning',
  define: { 'process.env.NODE_ENV': production ? '"production"' : '"development"' },
};

/** @type {import('esbuild').BuildOptions[]} */
const targets = [
  {
    ...shared,
    entryPoints: ['src/extension.ts'],
    outfile: 'dist/extension.js',
    platform: 'node',
    format: 'cjs',
    target: 'node20',
    external: ['vscode'],
    mainFields: ['module', 'main'],
    metafile: true,
  },
  {
    ...shared,
    entryPoints: ['src/webview/main.ts'],
    outfile: 'dist/webview.js',
    platform: 'browser',
    format: 'iife',
    target: 'chrome120',
    metafile: true,
  },
];

async function main() {
  if (watch) {
    const contexts = await Promise.all(targets.map((options) => esbuild.context(options)));
    await Promise.all(contexts.map((context) => context.watch()));
    console.log('esbuild: watching for changes');
    return;
  }
  const results = await Promise.all(targets.map((options) => esbuild.build(options)));
  for (const [index, result] of results.entries()) {
    const outputs = Object.entries(result.metafile?.outputs ?? {}).filter(([file]) => !file.endsWith('.map'));
    for (const [file, info] of outputs) {
      console.log(`esbuild: ${file} ${(info.bytes / 1024).toFixed(1)} KB${production ? ' (minified)' : ''}`);
    }
    if (outputs.length === 0) {
      console.log(`esbuild: built ${String(targets[index]?.outfile)}`);
    }
  }
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});

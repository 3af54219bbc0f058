// Builds the extension-host bundle (Node, CommonJS) and the webview bundle (browser, IIFE).
// Usage: node esbuild.js [--production] [--watch]
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');
const { httpParserAsFile, httpParserConstants, withoutSimdHttpParser, withoutUnusedHttpParts } = require('./build/undiciPlugins');

const CODICONS_DIR = path.join(__dirname, 'node_modules', '@vscode', 'codicons', 'dist');

/** The codicon names the webviews use (src/webview/browser/codiconNames.ts, plain data). */
function usedCodiconNames() {
  const [output] = esbuild.buildSync({
    entryPoints: [path.join(__dirname, 'src', 'webview', 'browser', 'codiconNames.ts')],
    bundle: false,
    format: 'cjs',
    platform: 'node',
    write: false,
  }).outputFiles;
  const module = { exports: {} };
  new Function('module', 'exports', output.text)(module, module.exports);
  return module.exports.CODICON_NAMES;
}

/**
 * The codicon font cut down to the glyphs the webviews use (about 2 KB instead of 125 KB), and
 * a stylesheet with their classes: dist/codicon.woff2 and dist/codicons.css.
 */
async function buildCodicons() {
  const subsetFont = require('subset-font');
  const css = fs.readFileSync(path.join(CODICONS_DIR, 'codicon.css'), 'utf8');
  const rules = [];
  let glyphs = '';
  for (const name of usedCodiconNames()) {
    const match = new RegExp(`\\.codicon-${name}:before \\{ content: "\\\\([0-9a-f]+)" \\}`).exec(css);
    if (!match) {
      throw new Error(`codicon "${name}" is not in @vscode/codicons`);
    }
    glyphs += String.fromCodePoint(parseInt(match[1], 16));
    rules.push(`.codicon-${name}::before { content: "\\${match[1]}"; }`);
  }
  if (glyphs === lastCodiconGlyphs && fs.existsSync(path.join(__dirname, 'dist', 'codicons.css'))) {
    return;
  }
  const font = await subsetFont(fs.readFileSync(path.join(CODICONS_DIR, 'codicon.ttf')), glyphs, { targetFormat: 'woff2' });
  fs.mkdirSync(path.join(__dirname, 'dist'), { recursive: true });
  fs.writeFileSync(path.join(__dirname, 'dist', 'codicon.woff2'), font);
  fs.writeFileSync(
    path.join(__dirname, 'dist', 'codicons.css'),
    [
      '/* Codicons (https://github.com/microsoft/vscode-codicons), CC BY 4.0, Microsoft: the glyphs the webviews use. */',
      '@font-face { font-family: "codicon"; font-display: block; src: url("./codicon.woff2") format("woff2"); }',
      '.codicon { display: inline-block; font: normal normal normal 16px/1 codicon; text-decoration: none; text-rendering: auto; text-align: center; -webkit-font-smoothing: antialiased; user-select: none; }',
      ...rules,
      '',
    ].join('\n'),
  );
  lastCodiconGlyphs = glyphs;
  console.log(`esbuild: dist/codicon.woff2 ${(font.length / 1024).toFixed(1)} KB (${rules.length} glyphs)`);
}

let lastCodiconGlyphs = '';

/** Builds the codicon subset with the webview bundle (again when the list of names changes). */
const codiconSubset = {
  name: 'codicon-subset',
  setup(build) {
    build.onStart(async () => {
      try {
        await buildCodicons();
        return {};
      } catch (error) {
        return { errors: [{ text: error instanceof Error ? error.message : String(error) }] };
      }
    });
  },
};

/** The two bundles and the webviews' stylesheet; `npm start` watches the same list. */
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
      plugins: [withoutSimdHttpParser, httpParserAsFile, httpParserConstants, withoutUnusedHttpParts],
    },
    {
      ...shared,
      entryPoints: ['src/webview/browser/main.ts'],
      outfile: path.join('dist', 'webview.js'),
      platform: 'browser',
      format: 'iife',
      target: 'chrome120',
      // The browser decodes HTML entities itself (see the file): no entity table in the bundle.
      alias: { entities: './src/markdown/browser/browserEntities.ts' },
      plugins: [codiconSubset],
    },
    {
      ...shared,
      // Each feature's styles, taken in by @import in cascade order.
      entryPoints: ['src/webview/browser/webview.css'],
      outfile: path.join('dist', 'webview.css'),
      target: 'chrome120',
      sourcemap: !production,
      define: undefined,
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

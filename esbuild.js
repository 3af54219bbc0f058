// Builds the extension-host bundle (Node, CommonJS) and the webview bundle (browser, IIFE).
// Usage: node esbuild.js [--production] [--watch]
const fs = require('node:fs');
const path = require('node:path');
const esbuild = require('esbuild');

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

/**
 * undici's HTTP parser is WebAssembly kept in its source as base64 text, which compresses a third
 * worse than the module itself. The bundle gets the module as a file beside it (`llhttp.wasm`),
 * read when undici first needs its parser.
 */
const httpParserAsFile = {
  name: 'http-parser-as-file',
  setup(build) {
    build.onLoad({ filter: /llhttp[\\/]llhttp-wasm\.js$/ }, (args) => {
      const outdir = path.dirname(path.resolve(build.initialOptions.absWorkingDir ?? __dirname, build.initialOptions.outfile));
      fs.mkdirSync(outdir, { recursive: true });
      fs.writeFileSync(path.join(outdir, 'llhttp.wasm'), require(args.path));
      return {
        contents: "module.exports = require('node:fs').readFileSync(require('node:path').join(__dirname, 'llhttp.wasm'));",
        loader: 'js',
      };
    });
  },
};

/**
 * Parts of undici the client never reaches, left out of the host bundle: the fetch body encoder
 * (loaded only for FormData request bodies; every request body is a Buffer) and the HTTP/2 client
 * (used only when a dispatcher is made with `allowH2`, which none is). Each is replaced by a module
 * that fails loudly, so a future use shows up at once in the tests instead of silently.
 */
const withoutUnusedHttpParts = {
  name: 'without-unused-http-parts',
  setup(build) {
    build.onResolve({ filter: /^\.\.\/web\/fetch\/body\.js$/ }, () => ({ path: 'fetch-body', namespace: 'unused-http-part' }));
    build.onResolve({ filter: /^\.\/client-h2\.js$/ }, () => ({ path: 'client-h2', namespace: 'unused-http-part' }));
    build.onLoad({ filter: /.*/, namespace: 'unused-http-part' }, (args) => ({
      contents:
        args.path === 'client-h2'
          ? "module.exports = () => { throw new Error('HTTP/2 is not enabled in the Cluster Chat bundle'); };"
          : "module.exports = { extractBody: () => { throw new Error('FormData bodies are not used by Cluster Chat'); } };",
      loader: 'js',
    }));
  },
};

/** What undici's HTTP/1 client reads of its parser's constants. */
const HTTP_PARSER_CONSTANTS = ['ERROR', 'TYPE'];

/**
 * undici's HTTP/1 client reads two tables of its parser's constants (error codes and the parser
 * type); the module that holds them also builds some thirty more for the parser's generator
 * (methods, statuses, character classes), about 4 KB of the compressed package. The host bundle
 * gets only those two, taken from the module itself when bundling; the build fails if a module
 * reads another one, or reads them other than as `constants.NAME`, so an undici update cannot
 * silently get less than it needs.
 */
const httpParserConstants = {
  name: 'http-parser-constants',
  setup(build) {
    const constantsModule = /llhttp[\\/]constants\.js$/;
    build.onLoad({ filter: constantsModule }, (args) => {
      const constants = require(args.path);
      const kept = Object.fromEntries(HTTP_PARSER_CONSTANTS.map((name) => [name, constants[name]]));
      return { contents: `module.exports = ${JSON.stringify(kept)};`, loader: 'js' };
    });
    build.onEnd((result) => {
      const root = build.initialOptions.absWorkingDir ?? __dirname;
      const errors = [];
      for (const [file, input] of Object.entries(result.metafile?.inputs ?? {})) {
        if (!input.imports.some((imported) => constantsModule.test(imported.path))) {
          continue;
        }
        const source = fs.readFileSync(path.resolve(root, file), 'utf8');
        const rest = source.replace(/\bconst constants = require\('\.\.\/llhttp\/constants\.js'\)/, '');
        const names = [...rest.matchAll(/\bconstants\.(\w+)/g)].map((match) => match[1]);
        const wellRead = rest !== source && (rest.match(/\bconstants\b/g) ?? []).length === names.length;
        const unknown = names.filter((name) => !HTTP_PARSER_CONSTANTS.includes(name));
        if (!wellRead || unknown.length > 0) {
          const read = [...new Set(unknown)].join(', ') || 'not as constants.NAME';
          errors.push({ text: `${file} reads undici's parser constants beyond ${HTTP_PARSER_CONSTANTS.join(', ')}: ${read}` });
        }
      }
      return { errors };
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

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

/**
 * The host never renders markdown, so what markdown-it does inside a paragraph never matters to it:
 * the code blocks it looks for are block tokens, which links in text (linkify), Unicode punctuation
 * around emphasis (uc.micro) and international link hosts (punycode) do not touch. Small stand-ins
 * replace those three and their Unicode tables in the host bundle.
 */
const hostWithoutLinkify = {
  name: 'host-without-linkify',
  setup(build) {
    build.onResolve({ filter: /^(linkify-it|uc\.micro|punycode\.js)$/ }, (args) => ({
      path: args.path,
      namespace: 'host-without-linkify',
    }));
    build.onLoad({ filter: /^uc\.micro$/, namespace: 'host-without-linkify' }, () => ({
      contents: 'export const P = /[!-\\/:-@[-`{-~]/; export const S = /[$+<=>^`|~]/;',
      loader: 'js',
    }));
    build.onLoad({ filter: /^punycode\.js$/, namespace: 'host-without-linkify' }, () => ({
      contents: 'export default { toASCII: (host) => host, toUnicode: (host) => host };',
      loader: 'js',
    }));
    build.onLoad({ filter: /^linkify-it$/, namespace: 'host-without-linkify' }, () => ({
      contents: `export class LinkifyIt {
  test() { return false; }
  matchAtStart() { return null; }
  match() { return null; }
  pretest() { return false; }
  set() { return this; }
  tlds() { return this; }
  add() { return this; }
}`,
      loader: 'js',
    }));
  },
};

/**
 * The host parses replies with markdown-it only to find code blocks (their index, info string and
 * content), and named HTML entities never change where a block starts or what its code is: code is
 * never entity-decoded. So the host bundle gets a decoder for the few entities an info string may
 * plausibly hold instead of the full HTML entity table (about 16 KB of the compressed package).
 * The webview, which renders the text, decodes every entity with the browser's own parser.
 */
const hostHtmlEntities = {
  name: 'host-html-entities',
  setup(build) {
    build.onResolve({ filter: /^entities$/ }, () => ({ path: 'entities', namespace: 'host-html-entities' }));
    build.onLoad({ filter: /.*/, namespace: 'host-html-entities' }, () => ({
      contents: `const NAMED = { '&amp;': '&', '&lt;': '<', '&gt;': '>', '&quot;': '"', '&apos;': "'", '&nbsp;': '\\u00a0' };
export function decodeHTMLStrict(text) { return NAMED[text] ?? text; }`,
      loader: 'js',
    }));
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
      plugins: [withoutSimdHttpParser, httpParserAsFile, withoutUnusedHttpParts, hostWithoutLinkify, hostHtmlEntities],
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

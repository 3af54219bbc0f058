// esbuild plugins that keep the host bundle's copy of undici to what the client uses.
const fs = require('node:fs');
const path = require('node:path');

const REPO_ROOT = path.join(__dirname, '..');

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
      const outdir = path.dirname(path.resolve(build.initialOptions.absWorkingDir ?? REPO_ROOT, build.initialOptions.outfile));
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
      const root = build.initialOptions.absWorkingDir ?? REPO_ROOT;
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

module.exports = { httpParserAsFile, httpParserConstants, withoutSimdHttpParser, withoutUnusedHttpParts };

// ESLint: typescript-eslint's type-checked rules for TypeScript, the recommended rules for the
// scripts in JavaScript, and the runtime layers of CONTRIBUTING.md as import rules. Formatting is Prettier's.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

/**
 * The layers, by folder name at any depth below src/: what each may import and which globals it
 * may not use. `common` runs anywhere, `node` in Node, `browser` in a webview, `vscode` in the
 * extension host. A layer reaches another only through a relative path that names its folder.
 */
const LAYERS = {
  common: { folders: ['node', 'vscode', 'browser'], vscode: true, node: true, dom: true, nodeGlobals: true },
  node: { folders: ['vscode', 'browser'], vscode: true, node: false, dom: true, nodeGlobals: false },
  browser: { folders: ['node', 'vscode'], vscode: true, node: true, dom: false, nodeGlobals: true, zod: true },
  vscode: { folders: ['browser'], vscode: false, node: false, dom: false, nodeGlobals: false },
};

/** The one file that talks to the HTTP library. */
const UNDICI_ADAPTER = 'src/client/node/http/undici.ts';

const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const DOM_GLOBALS = [
  'window',
  'document',
  'navigator',
  'location',
  'HTMLElement',
  'Element',
  'Node',
  'acquireVsCodeApi',
  'requestAnimationFrame',
];
const NODE_GLOBALS = ['Buffer', 'process', '__dirname', '__filename', 'require', 'global', 'setImmediate'];

function layerRules(layer, { folders, vscode, node, dom, nodeGlobals, zod }) {
  const where = `src/**/${layer}/`;
  const paths = [
    ...(vscode ? [{ name: 'vscode', message: `${where} does not run in the extension host: adapt it in a vscode/ folder.` }] : []),
    ...(node ? nodeModules.map((name) => ({ name, message: `${where} does not run in Node: no Node built-ins.` })) : []),
    { name: 'undici', message: `Only ${UNDICI_ADAPTER} talks to undici.` },
  ];
  const patterns = [
    {
      regex: `^\\.{1,2}/(?:.*/)?(?:${folders.join('|')})(?:/|$)`,
      message: `${where} may import only ${['common', 'node', 'vscode', 'browser'].filter((name) => !folders.includes(name)).join(', ')} folders.`,
    },
    ...(zod
      ? [{ group: ['zod', 'zod/*'], message: 'Webview code validates with the schemas in common/ folders, never with zod directly.' }]
      : []),
  ];
  const banned = [...(dom ? DOM_GLOBALS : []), ...(nodeGlobals ? NODE_GLOBALS : [])];
  return {
    files: [`src/**/${layer}/**/*.ts`],
    ignores: layer === 'node' ? [UNDICI_ADAPTER] : [],
    rules: {
      'no-restricted-imports': ['error', { paths, patterns }],
      ...(banned.length > 0
        ? { 'no-restricted-globals': ['error', ...banned.map((name) => ({ name, message: `${where} may not use ${name}.` }))] }
        : {}),
    },
  };
}

export default tseslint.config(
  { ignores: ['out/', 'dist/', 'node_modules/', '.vscode-test/', 'test-results/', '.emulator/', '**/*.vsix'] },
  {
    files: ['**/*.js', '**/*.mjs'],
    extends: [js.configs.recommended],
    languageOptions: { globals: globals.node, sourceType: 'commonjs' },
  },
  { files: ['**/*.mjs'], languageOptions: { sourceType: 'module' } },
  {
    files: ['**/*.ts'],
    extends: [...tseslint.configs.recommendedTypeChecked],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports' }],
      '@typescript-eslint/switch-exhaustiveness-check': ['error', { considerDefaultExhaustiveForUnions: true }],
      '@typescript-eslint/no-floating-promises': ['error', { ignoreVoid: true }],
      eqeqeq: ['error', 'always'],
    },
  },
  {
    // Webview code is typed against the DOM, by its own project. Single-run inference (on when CI is
    // set) would type-check the file as it is on disk, not the text ESLint was given to lint.
    files: ['src/**/browser/**/*.ts'],
    languageOptions: {
      parserOptions: {
        projectService: false,
        project: './tsconfig.browser.json',
        tsconfigRootDir: import.meta.dirname,
        disallowAutomaticSingleRunInference: true,
      },
    },
  },
  {
    files: ['src/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: [{ name: 'undici', message: `Only ${UNDICI_ADAPTER} talks to undici.` }] }] },
  },
  ...Object.entries(LAYERS).map(([layer, rules]) => layerRules(layer, rules)),
  prettier,
);

// ESLint: typescript-eslint's type-checked rules for TypeScript, the recommended rules for the
// scripts in JavaScript, and the layers of CONTRIBUTING.md as import rules. Formatting is Prettier's.
import { builtinModules } from 'node:module';
import js from '@eslint/js';
import prettier from 'eslint-config-prettier';
import globals from 'globals';
import tseslint from 'typescript-eslint';

const nodeModules = [...builtinModules, ...builtinModules.map((name) => `node:${name}`)];
const domGlobals = [
  'window',
  'document',
  'navigator',
  'location',
  'HTMLElement',
  'Element',
  'Node',
  'acquireVsCodeApi',
  'requestAnimationFrame',
].map((name) => ({ name, message: 'src/core/ knows no DOM: it runs in the extension host and in plain Node.' }));

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
    // Host code: undici only behind the client's HTTP layer.
    files: ['src/**/*.ts'],
    ignores: ['src/core/client/http/**', 'src/webview/**'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'undici', message: 'Only src/core/client/http/ talks to undici.' }] }],
    },
  },
  {
    files: ['src/core/**/*.ts'],
    ignores: ['src/core/client/http/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'src/core/ knows neither vscode nor the DOM: adapt it in host code.' },
            { name: 'undici', message: 'Only src/core/client/http/ talks to undici.' },
          ],
          patterns: [
            { group: ['**/webview/**', '../../*/**', '!../../core/**'], message: 'src/core/ imports only core modules and packages.' },
          ],
        },
      ],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
  {
    files: ['src/core/client/http/**/*.ts'],
    rules: {
      'no-restricted-imports': ['error', { paths: [{ name: 'vscode', message: 'src/core/ knows neither vscode nor the DOM.' }] }],
      'no-restricted-globals': ['error', ...domGlobals],
    },
  },
  webviewImports('src/webview/*.ts', '../'),
  webviewImports('src/webview/*/**/*.ts', '../../'),
  prettier,
);

/**
 * The webview's import rules for files `up` below src/: webview code, core's protocols and markdown,
 * and no host, Node, vscode, undici or zod (schemas come from core/protocol, the one place they live).
 */
function webviewImports(files, up) {
  return {
    files: [files],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [
            { name: 'vscode', message: 'The webview is browser code: it talks to the host only through its protocol.' },
            { name: 'undici', message: 'The webview is browser code.' },
            ...nodeModules.map((name) => ({ name, message: 'The webview is browser code: no Node modules.' })),
          ],
          patterns: [
            {
              group: [
                `${up}*`,
                `!${up}core`,
                `${up}core/*`,
                `!${up}core/protocol`,
                `!${up}core/markdown`,
                `!${up}core/chat`,
                `${up}core/chat/*`,
                `!${up}core/chat/contextMeter`,
                `${up}../*`,
              ],
              message: 'The webview imports only webview code and core protocol, markdown or context meter modules.',
            },
            {
              group: ['zod', 'zod/*'],
              message: 'The webview validates with the schemas in src/core/protocol/, never with zod directly.',
            },
          ],
        },
      ],
    },
  };
}

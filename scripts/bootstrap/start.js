// `npm start [-- flags]`: see scripts/vscode/start.ts for what it does and its flags.
require('./runBundled').runBundled('scripts/vscode/start.ts', 'out/start/start.js', ['esbuild', 'playwright-core']);

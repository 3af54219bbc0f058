// The F5 task "Development profile": see scripts/vscode/f5Profile.ts.
require('./runBundled').runBundled('scripts/vscode/f5Profile.ts', 'out/f5Profile/f5Profile.js');

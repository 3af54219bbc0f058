// `npm run emulator [-- flags]`: the local cluster emulator. Flags: scripts/emulator/README.md.
require('./runBundled').runBundled('scripts/emulator/cli/main.ts', 'out/emulator/main.js');

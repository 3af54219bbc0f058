// `npm run emulator [-- flags]`: the local cluster emulator. Flags: scripts/emulator/README.md.
require('./lib/runBundled').runBundled('scripts/emulator/cli.ts', 'out/emulator/cli.js');

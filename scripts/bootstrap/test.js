// `npm test`: every stage and suite, see scripts/testRunner/main.ts.
require('./runBundled').runBundled('scripts/testRunner/main.ts', 'out/testRunner/main.js');

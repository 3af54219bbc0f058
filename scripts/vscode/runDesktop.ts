/**
 * The same integration suite in desktop VS Code, where it can be downloaded:
 * `npm run test:desktop [-- <version>]` (default: the oldest version engines.vscode allows, then
 * stable). The emulator runs in this process; its address and key reach the tests through the
 * environment, as with the code-server runner.
 */
import * as path from 'node:path';
import { runTests } from '@vscode/test-electron';
import { startEmulator } from '../emulator/server';
import { hostByName } from './hosts';
import { apiConsumerFixture, repoRoot } from './paths';

async function main(): Promise<void> {
  const versions = process.argv.slice(2).length > 0 ? process.argv.slice(2) : [hostByName('oldest').vscode, 'stable'];
  const emulator = await startEmulator({ apiKey: `desktop-key-${Date.now()}` });
  try {
    for (const version of versions) {
      console.log(`\n── Integration tests in desktop VS Code ${version} ──`);
      await runTests({
        version,
        extensionDevelopmentPath: [repoRoot, apiConsumerFixture],
        extensionTestsPath: path.join(repoRoot, 'out', 'test', 'integration', 'index.js'),
        launchArgs: ['--disable-extensions', '--disable-workspace-trust'],
        extensionTestsEnv: { CLUSTER_CHAT_TEST_EMULATOR_URL: emulator.baseUrl, CLUSTER_CHAT_TEST_EMULATOR_KEY: emulator.apiKey },
      });
    }
  } finally {
    await emulator.close();
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});

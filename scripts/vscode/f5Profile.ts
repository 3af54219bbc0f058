/**
 * Writes the profiles and the folder that F5 opens (.vscode/launch.json): user settings that point
 * Cluster Chat at the emulator the "Emulator" task starts on its default port, and files to try.
 */
import * as path from 'node:path';
import { DEFAULT_CLI_PORT } from '../emulator/cli/cliArgs';
import { DEFAULT_API_KEY, DEFAULT_HOST } from '../emulator/options';
import { cacheRoot, repoRoot } from './paths';
import { emulatorSettings, preparePlayground } from './playground';
import { writeUserSettings } from './userSettings';

const settings = {
  ...emulatorSettings(`http://${DEFAULT_HOST}:${DEFAULT_CLI_PORT}/v1`),
  'workbench.startupEditor': 'none',
};
for (const profile of ['f5-profile', 'f5-test-profile']) {
  writeUserSettings(path.join(cacheRoot, profile), settings);
}
const workspace = preparePlayground(path.join(cacheRoot, 'f5-workspace'));
console.log(`Development profile ready: ${path.relative(repoRoot, workspace)} (API key for the emulator: ${DEFAULT_API_KEY})`);

import * as fs from 'node:fs';
import * as path from 'node:path';

/** Writes `settings` as the user settings of the profile in `userDataDir`, replacing any. */
export function writeUserSettings(userDataDir: string, settings: Readonly<Record<string, unknown>>): void {
  const file = path.join(userDataDir, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}

// Writes the profile and workspace that F5 ("Run Extension (emulator)") opens: user settings that
// point Cluster Chat at the local emulator `npm run emulator` starts, and a folder with a file to try.
const fs = require('node:fs');
const path = require('node:path');

const root = path.resolve(__dirname, '..');
const settings = {
  'clusterChat.baseUrl': 'http://127.0.0.1:8787/v1',
  'clusterChat.clusters': [
    { id: 'demo', label: 'Demo (emulator)' },
    { id: 'slow-good', label: 'Slow reply (emulator)' },
    { id: 'echo', label: 'Echo (emulator)' },
    { id: 'fault-429', label: 'Rate limited (emulator)' },
  ],
  'workbench.startupEditor': 'none',
};
for (const profile of ['f5-profile', 'f5-test-profile']) {
  const file = path.join(root, '.vscode-test', profile, 'User', 'settings.json');
  fs.mkdirSync(path.dirname(file), { recursive: true });
  fs.writeFileSync(file, `${JSON.stringify(settings, null, 2)}\n`);
}
const workspace = path.join(root, '.vscode-test', 'f5-workspace');
fs.mkdirSync(workspace, { recursive: true });
const sample = path.join(workspace, 'hello.ts');
if (!fs.existsSync(sample)) {
  fs.writeFileSync(sample, 'export function greet(name: string): string {\n  return `Hello, ${name}!`;\n}\n');
}
console.log(`Development profile ready: ${path.relative(root, workspace)} (API key for the emulator: emulator-dev-key)`);

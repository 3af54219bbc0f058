import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as path from 'node:path';
import { zipEntryNames } from './helpers/zipEntries';

const root = path.resolve(__dirname, '..', '..', '..');
const vsix = path.join(root, 'cluster-chat.vsix');

describe('the packaged .vsix', () => {
  let entries: string[] = [];

  before(() => {
    assert.ok(fs.existsSync(vsix), 'cluster-chat.vsix is missing: run `npm run package` first (npm test does)');
    entries = zipEntryNames(vsix);
  });

  it('holds the two bundles and the stylesheet, the manifest, the docs and media', () => {
    for (const required of [
      'extension/package.json',
      'extension/dist/extension.js',
      'extension/dist/webview.js',
      'extension/dist/webview.css',
      'extension/dist/codicons.css',
      'extension/dist/codicon.woff2',
      'extension/dist/llhttp.wasm',
      'extension/readme.md',
      'extension/changelog.md',
      'extension/LICENSE.txt',
    ]) {
      assert.ok(entries.includes(required), `${required} is missing from ${entries.join(', ')}`);
    }
    assert.ok(entries.some((entry) => entry.startsWith('extension/media/')));
  });

  it('holds nothing that is not needed at run time', () => {
    const allowed =
      /^(\[Content_Types\]\.xml|extension\.vsixmanifest|extension\/(package\.json|package\.nls(\.[a-z-]+)?\.json|l10n\/bundle\.l10n(\.[a-z-]+)?\.json|readme\.md|changelog\.md|LICENSE\.txt|dist\/(extension\.js|webview\.js|webview\.css|codicons\.css|codicon\.woff2|llhttp\.wasm)|media\/[^/]+))$/;
    const unexpected = entries.filter((entry) => !allowed.test(entry));
    assert.deepEqual(unexpected, [], 'no tests, emulator, sources, source maps or node_modules');
    // VS Code reads only bundle.l10n.<language>.json; the English source of the translations stays out.
    assert.ok(!entries.includes('extension/l10n/bundle.l10n.json'));
    assert.ok(entries.includes('extension/l10n/bundle.l10n.de.json'));
  });

  it('points the manifest at the bundle and claims VS Code 1.100 or later', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      main: string;
      engines: { vscode: string };
      activationEvents: string[];
    };
    assert.equal(manifest.main, './dist/extension.js');
    assert.equal(manifest.engines.vscode, '^1.100.0');
    assert.ok(!manifest.activationEvents.some((event) => event === '*' || event === 'onStartupFinished'));
  });

  it('puts every command under the “Cluster Chat” category and every setting under clusterChat.*', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      contributes: { commands: Array<{ command: string; category: string }>; configuration: { properties: Record<string, unknown> } };
    };
    assert.ok(manifest.contributes.commands.length > 0);
    const strings = JSON.parse(fs.readFileSync(path.join(root, 'package.nls.json'), 'utf8')) as Record<string, string>;
    const shown = (value: string): string | undefined => (/^%.+%$/.test(value) ? strings[value.slice(1, -1)] : value);
    for (const command of manifest.contributes.commands) {
      assert.equal(shown(command.category), 'Cluster Chat', command.command);
      assert.match(command.command, /^clusterChat\./);
    }
    for (const setting of Object.keys(manifest.contributes.configuration.properties)) {
      assert.match(setting, /^clusterChat\./);
    }
  });

  it('lets no workspace change a setting: every one application-scoped, and restricted in untrusted workspaces', () => {
    const manifest = JSON.parse(fs.readFileSync(path.join(root, 'package.json'), 'utf8')) as {
      capabilities: { untrustedWorkspaces: { supported: unknown; restrictedConfigurations: string[] } };
      contributes: { configuration: { properties: Record<string, { scope?: string }> } };
    };
    const settings = Object.entries(manifest.contributes.configuration.properties);
    for (const [name, schema] of settings) {
      assert.equal(schema.scope, 'application', name);
    }
    assert.equal(manifest.capabilities.untrustedWorkspaces.supported, 'limited');
    assert.deepEqual([...manifest.capabilities.untrustedWorkspaces.restrictedConfigurations].sort(), settings.map(([name]) => name).sort());
  });
});

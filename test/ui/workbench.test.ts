import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { Workbench } from './helpers/workbench';

interface SelectedText {
  readonly selectedOptions: ArrayLike<{ readonly textContent: string | null }>;
}

async function waitUntil(check: () => Promise<boolean>, timeoutMs = 15_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await check())) {
    assert.ok(Date.now() < deadline, 'condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
}

describe('Cluster Chat in the real workbench (packaged .vsix)', function () {
  this.timeout(120_000);
  let workbench: Workbench;

  before(async () => {
    workbench = await Workbench.open({
      files: {
        'src/sample.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
        'NOTES.md': '# Notes\n\nSome **markdown** for the preview.\n',
      },
    });
  });
  after(async () => {
    await workbench?.close();
  });

  it('lists its commands in the palette under “Cluster Chat”', async () => {
    const row = await workbench.paletteRow('>Cluster Chat:', 'Cluster Chat:');
    assert.match((await row.innerText()).replace(/\s+/g, ' '), /Cluster Chat: Show Log/);
    await workbench.screenshot('palette-commands');
    await workbench.page.keyboard.press('Escape');
  });

  it('opens the Cluster Chat log from the palette', async () => {
    await workbench.runCommand('Cluster Chat: Show Log');
    const panel = workbench.page.locator('.part.panel');
    await panel.waitFor();
    const channel = panel.locator('select.monaco-select-box').first();
    await channel.waitFor();
    await waitUntil(async () => /Cluster Chat/.test(await channel.evaluate((select) => (select as unknown as SelectedText).selectedOptions[0]?.textContent ?? '')));
    await workbench.screenshot('show-log');
  });

  it('shows its settings in the Settings editor, typed into the search box', async () => {
    await workbench.runCommand('Preferences: Open User Settings');
    await workbench.page.locator('.settings-editor .settings-header').waitFor();
    await workbench.page.keyboard.type('clusterChat');
    const baseUrl = workbench.page.locator('.settings-editor .setting-item', { hasText: 'Base Url' }).first();
    await baseUrl.waitFor({ timeout: 15_000 });
    assert.match(await baseUrl.innerText(), /https:\/\/api\.wizlay\.com\/v1/);
    await workbench.page.locator('.settings-editor .setting-item', { hasText: 'Request Timeout Seconds' }).first().waitFor();
    await workbench.screenshot('settings');
  });

  it('reaches into a webview frame (checked on the built-in Markdown preview)', async () => {
    await workbench.openFile('NOTES.md');
    await workbench.runCommand('Markdown: Open Preview to the Side');
    const preview = workbench.webview('vscode.markdown-language-features');
    await preview.locator('strong', { hasText: 'markdown' }).waitFor({ timeout: 20_000 });
    assert.equal(await preview.locator('h1').first().innerText(), 'Notes');
    const file = await workbench.screenshot('webview-helper');
    assert.ok(fs.statSync(file).size > 10_000);
  });
});

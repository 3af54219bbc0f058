import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import { waitFor, waitUntil } from '../../scripts/workbench/wait';
import { useWorkbench } from './helpers/useWorkbench';

interface SelectedText {
  readonly selectedOptions: ArrayLike<{ readonly textContent: string | null }>;
}

describe('Cluster Chat in the real workbench (packaged .vsix)', function () {
  this.timeout(120_000);
  const ui = useWorkbench({
    files: {
      'src/sample.ts': 'export function add(a: number, b: number): number {\n  return a + b;\n}\n',
      'NOTES.md': '# Notes\n\nSome **markdown** for the preview.\n',
    },
  });

  it('lists its commands in the palette under “Cluster Chat”', async () => {
    const rows = ui.workbench.page.locator('.quick-input-list .monaco-list-row');
    const listed = async (): Promise<string[]> =>
      (await rows.allInnerTexts()).map((title) => title.replace(/\s+/g, ' ').trim()).filter((title) => title.startsWith('Cluster Chat:'));
    await ui.workbench.openQuickInput('>Cluster Chat:');
    const ours = await waitFor('the palette to list the Cluster Chat commands', listed, (titles) => titles.length >= 8);
    assert.ok(ours.length >= 8, `expected the Cluster Chat commands, saw: ${ours.join(' | ')}`);
    await ui.workbench.screenshot('palette-commands');
    // The list renders only the rows in view, and there are more commands than fit: look each one up.
    for (const title of ['Cluster Chat: Explain', 'Cluster Chat: Set API Key', 'Cluster Chat: Select Cluster…']) {
      await ui.workbench.openQuickInput(`>${title}`);
      await waitFor(`the palette to list ${title}`, listed, (titles) => titles.some((shown) => shown.startsWith(title)));
    }
    await ui.workbench.page.keyboard.press('Escape');
  });

  it('opens the Cluster Chat log from the palette', async () => {
    await ui.workbench.runCommand('Cluster Chat: Show Log');
    const panel = ui.workbench.page.locator('.part.panel');
    await panel.waitFor();
    const channel = panel.locator('select.monaco-select-box').first();
    await channel.waitFor();
    await waitUntil('the Output view to show the Cluster Chat channel', async () =>
      /Cluster Chat/.test(await channel.evaluate((select) => (select as unknown as SelectedText).selectedOptions[0]?.textContent ?? '')),
    );
    await ui.workbench.screenshot('show-log');
  });

  it('shows its settings in the Settings editor, typed into the search box', async () => {
    await ui.workbench.runCommand('Preferences: Open User Settings');
    await ui.workbench.page.locator('.settings-editor .settings-header').waitFor();
    await ui.workbench.page.keyboard.type('clusterChat');
    const baseUrl = ui.workbench.page.locator('.settings-editor .setting-item', { hasText: 'Base Url' }).first();
    await baseUrl.waitFor({ timeout: 15_000 });
    assert.match(await baseUrl.innerText(), /https:\/\/api\.wizlay\.com\/v1/);
    await ui.workbench.page.keyboard.press('Control+A');
    await ui.workbench.page.keyboard.type('clusterChat.requestTimeoutSeconds');
    await ui.workbench.page.locator('.settings-editor .setting-item', { hasText: 'Request Timeout Seconds' }).first().waitFor();
    await ui.workbench.screenshot('settings');
    await ui.workbench.page.keyboard.press('Escape');
    await ui.workbench.runCommand('View: Close Editor');
  });

  it('reaches into a webview frame (checked on the built-in Markdown preview)', async () => {
    await ui.workbench.openFile('NOTES.md');
    await waitFor(
      'the status bar to name the language of NOTES.md',
      () => ui.workbench.editorLanguage(),
      (language) => language === 'Markdown',
    );
    await ui.workbench.runCommand('Markdown: Open Preview to the Side');
    const preview = ui.workbench.webview('vscode.markdown-language-features');
    await preview.locator('strong', { hasText: 'markdown' }).waitFor({ timeout: 20_000 });
    assert.equal(await preview.locator('h1').first().innerText(), 'Notes');
    const file = await ui.workbench.screenshot('webview-helper');
    assert.ok(fs.statSync(file).size > 10_000);
  });
});

import * as assert from 'node:assert/strict';
import * as fs from 'node:fs';
import * as os from 'node:os';
import * as path from 'node:path';
import { waitFor } from '../../scripts/workbench/wait';
import { useWorkbench } from './helpers/useWorkbench';

/**
 * The profile files that make German the display language. VS Code switches its display language
 * only to a language an installed language pack contributes: with `"locale": "de"` in argv.json
 * (where “Configure Display Language” saves it) and no pack, the server answers in English and the
 * extension host runs in English, so extensions' German files are never read. The server finds
 * packs in `languagepacks.json`, its record of the installed ones, so this writes that record for
 * a pack that translates nothing of VS Code itself (a real one, MS-CEINTL.vscode-language-pack-de,
 * would need a download and a version per VS Code release). Every German word on screen in this
 * test then comes from Cluster Chat's own translations.
 */
function germanDisplayLanguage(folder: string): Record<string, string> {
  const translations = path.join(folder, 'main.i18n.json');
  fs.writeFileSync(translations, JSON.stringify({ version: '1.0.0', contents: {} }));
  const pack = {
    hash: 'cluster-chat-test-de',
    label: 'Deutsch',
    extensions: [{ extensionIdentifier: { id: 'clusterchat-tests.language-pack-de' }, version: '1.0.0' }],
    translations: { vscode: translations },
  };
  return { 'User/argv.json': JSON.stringify({ locale: 'de' }), 'languagepacks.json': JSON.stringify({ de: pack }) };
}

describe('Cluster Chat in German (display language "de")', function () {
  this.timeout(180_000);
  let packFolder: string;
  before(() => {
    packFolder = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-chat-language-pack-'));
  });
  const ui = useWorkbench(() => ({
    screenshots: 'locale',
    emulator: { apiKey: 'locale-ui-key-5e21' },
    userData: germanDisplayLanguage(packFolder),
    clusters: [{ id: 'demo' }, { id: 'fault-403' }],
  }));
  after(() => {
    if (packFolder) {
      fs.rmSync(packFolder, { recursive: true, force: true });
    }
  });

  it('runs with German as its display language', async () => {
    const language = await ui.workbench.page.evaluate(
      () => (globalThis as { _VSCODE_NLS_LANGUAGE?: string })._VSCODE_NLS_LANGUAGE ?? 'none',
    );
    assert.equal(language, 'de', 'the workbench resolved German as its display language');
  });

  it('lists its commands in the palette with German titles', async () => {
    /** The main label of each row the palette shows (under it VS Code shows the English title, for searching). */
    const rowTitles = () =>
      ui.workbench.page
        .locator('.quick-input-widget:visible .quick-input-list .monaco-list-row')
        .evaluateAll((rows) => rows.map((row) => (row.querySelector('.label-name')?.textContent ?? '').replace(/\s+/g, ' ').trim()));
    for (const title of [
      'Cluster Chat: API-Schlüssel festlegen',
      'Cluster Chat: Cluster auswählen…',
      'Cluster Chat: Erklären',
      'Cluster Chat: Neuer Chat',
    ]) {
      await ui.workbench.openQuickInput(`>${title}`);
      await waitFor(`the palette to list "${title}"`, rowTitles, (titles) => titles.includes(title));
    }
    await ui.workbench.openQuickInput('>Cluster Chat: ');
    const titles = await waitFor(
      'the palette to list the Cluster Chat commands',
      rowTitles,
      (shown) => shown.filter((title) => title.startsWith('Cluster Chat: ')).length >= 8,
    );
    assert.deepEqual(
      titles.filter((title) =>
        ['Set API Key', 'Select Cluster…', 'Send Selection', 'Clear API Key'].some((english) => title.endsWith(english)),
      ),
      [],
      'no title is left in English',
    );
    await ui.workbench.screenshot('locale-de-palette');
    await ui.workbench.closeQuickInput();
  });

  it('shows a refused request in the chat in German', async () => {
    await ui.workbench.runCommand('Cluster Chat: API-Schlüssel festlegen');
    await ui.workbench.answerInputBox(/Cluster Chat: API-Schlüssel für/, ui.emulator.apiKey);
    await ui.workbench.runCommand('Cluster Chat: Cluster auswählen…');
    await ui.workbench.pickQuickInputItem('Cluster auswählen', 'fault-403');
    const statusItem = ui.workbench.page.locator('.part.statusbar [aria-label^="Cluster Chat: "]').first();
    await waitFor(
      'the status bar to say in German that requests go to fault-403',
      async () => ((await statusItem.count()) ? await statusItem.getAttribute('aria-label') : 'no Cluster Chat item'),
      (label) => label?.startsWith('Cluster Chat: Senden an fault-403 (') ?? false,
    );
    await ui.workbench.openChat();
    const chat = ui.workbench.chatView();
    assert.equal(await chat.locator('#chat-input').getAttribute('aria-label'), 'Nachricht');
    await chat.locator('#chat-input').fill('Hallo');
    await ui.workbench.page.keyboard.press('Enter');
    const error = chat.locator('.chat-error[data-index="0"]');
    await error.waitFor({ timeout: 30_000 });
    const text = await error.locator('.chat-error-message').innerText();
    assert.match(text, /^Der API-Schlüssel hat keinen Zugriff auf Cluster „fault-403“ \(HTTP 403\)\. Prüfen Sie die Berechtigungen/);
    assert.equal((await error.locator('button[data-error-action="retry"]').innerText()).trim(), 'Wiederholen');
    await ui.workbench.screenshot('locale-de-chat-error');
  });
});

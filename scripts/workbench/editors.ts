/** Code editors: opening a workspace file in one, reading its text, selecting and undoing in it. */
import * as path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { focusedElement } from './focus';
import { escapeRegExp, openQuickInput, quickInputRow } from './quickInput';
import { waitFor, waitUntil } from './wait';

/** Opens a workspace file in an editor through Quick Open (Ctrl+P), by its relative path. */
export async function openFile(page: Page, relativePath: string): Promise<void> {
  const name = path.basename(relativePath);
  await openQuickInput(page, relativePath);
  // Click the row of that file: Enter would open whichever row has focus, maybe a recent one.
  const row = quickInputRow(page, name);
  await waitUntil(`Quick Open to list ${relativePath}`, async () => (await row.count()) > 0);
  await row.first().click();
  await page.locator('.tab.active', { hasText: name }).first().waitFor();
  // The tab shows before the editor has its text model; commands whose `when` reads the editor's
  // language (e.g. the Markdown preview) are listed only once the status bar names it.
  await waitForEditorFocus(page, name);
  await waitFor(
    `the status bar to name the language of ${relativePath}`,
    () => editorLanguage(page),
    (language) => language !== '',
  );
}

/**
 * Opens a workspace file with clicks in the Explorer, expanding each folder on its path: no
 * keyboard focus is needed, so nothing that takes the focus meanwhile can close a box on the way.
 */
export async function openFileFromExplorer(page: Page, relativePath: string): Promise<void> {
  const parts = relativePath.split('/');
  for (const [index, part] of parts.entries()) {
    const row = page
      .locator(`.explorer-folders-view .monaco-list-row[aria-level="${index + 1}"]`)
      .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(part)}\\s*$`) }) })
      .first();
    await row.waitFor({ timeout: 30_000 });
    if (index === parts.length - 1 || (await row.getAttribute('aria-expanded')) !== 'true') {
      await row.click();
    }
  }
  const name = path.basename(relativePath);
  await page.locator('.tab.active', { hasText: name }).first().waitFor();
  await editorFor(page, name).locator('.view-lines').click();
  await waitForEditorFocus(page, name);
}

/** The labels of the active editor's title-bar actions, once it shows any. */
export function editorTitleActions(page: Page): Promise<string[]> {
  return waitFor(
    'the active editor’s title-bar actions',
    () =>
      page
        .locator('.editor-group-container.active .editor-actions a.action-label')
        .evaluateAll((links) => links.map((link) => link.getAttribute('aria-label') ?? '')),
    (labels) => labels.length > 0,
  );
}

/** The language the status bar names for the active editor ('' while it names none). */
export async function editorLanguage(page: Page): Promise<string> {
  const entry = page.locator('.part.statusbar [id="status.editor.mode"]');
  return (await entry.count()) === 0 ? '' : (await entry.first().innerText()).trim();
}

/** The text of the editor showing `fileName` (Monaco renders the visible lines). */
export async function editorText(page: Page, fileName: string): Promise<string> {
  const lines = await editorFor(page, fileName)
    .locator('.view-lines .view-line')
    .evaluateAll((elements) =>
      elements.map((element) => ({ top: Number.parseFloat((element as HTMLElement).style.top) || 0, text: element.textContent ?? '' })),
    );
  // Monaco reuses line elements, so their order in the DOM is not the order on screen.
  return lines
    .sort((a, b) => a.top - b.top)
    .map((line) => line.text)
    .join('\n')
    .replace(/\u00a0/g, ' ');
}

/** The code editor (not a diff or webview) of the tab named `fileName`. */
export function editorFor(page: Page, fileName: string): Locator {
  return page
    .locator('.editor-group-container', { has: page.locator('.tab.active', { hasText: fileName }) })
    .locator('.monaco-editor')
    .first();
}

/** Focuses the editor of `fileName` and selects its lines `first`..`last` (1-based, whole lines). */
export async function selectLines(page: Page, fileName: string, first: number, last: number): Promise<void> {
  const editor = editorFor(page, fileName);
  await editor.locator('.view-lines').click();
  await page.keyboard.press('Control+Home');
  for (let line = 1; line < first; line++) {
    await page.keyboard.press('ArrowDown');
  }
  for (let line = first; line <= last; line++) {
    await page.keyboard.press('Shift+ArrowDown');
  }
}

/** Focuses the editor of `fileName` and undoes the last edit. */
export async function undo(page: Page, fileName: string): Promise<void> {
  await editorFor(page, fileName).locator('.view-lines').click();
  await page.keyboard.press('Control+Z');
}

/** Waits until the editor of `fileName` has keyboard focus (e.g. after an action moved it there). */
export async function waitForEditorFocus(page: Page, fileName: string): Promise<void> {
  const editor = editorFor(page, fileName);
  await waitFor(
    `the editor of ${fileName} to have focus`,
    async () => ({
      editorFocused: await editor.evaluate((element) => element.classList.contains('focused')),
      ...(await focusedElement(page)),
    }),
    (state) => state.editorFocused && state.focusedFrames.length === 1 && state.focusedFrames[0] === 'workbench',
  );
}

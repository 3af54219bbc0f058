/** Answering the boxes VS Code asks in its quick input: input boxes (showInputBox) and its own save dialog. */
import type { Locator, Page } from 'playwright-core';
import { escapeRegExp, fillInput, waitForQuickInputFocus } from './quickInput';
import { waitFor, waitUntil } from './wait';

/**
 * Answers an input box (showInputBox) whose title or prompt matches `expect`: types `text`,
 * checks the box holds it, presses Enter once and waits for the box to close. A box that stays
 * open (e.g. its validation refused the text) fails with the message it shows.
 */
export async function answerInputBox(page: Page, expect: RegExp, text: string): Promise<{ readonly type: string | null }> {
  const widget = page.locator('.quick-input-widget:visible').filter({
    has: page.locator('.quick-input-title, .quick-input-message', { hasText: expect }),
  });
  await waitUntil(`an input box matching ${String(expect)}`, async () => (await widget.count()) === 1, { timeoutMs: 20_000 });
  const input = widget.locator('input.input');
  await waitForQuickInputFocus(page, 'the input box to have focus');
  await fillInput(input, text, 'the input box to hold the text typed');
  const type = await input.getAttribute('type');
  await page.keyboard.press('Enter');
  await waitForClose(widget, `the input box matching ${String(expect)} to close`);
  return { type };
}

/**
 * Answers VS Code's own save dialog (a quick input titled `title`) with the absolute path
 * `target`. The dialog writes its proposed path into the input only once it has listed the
 * folder; text typed before that would be replaced, so this waits for the proposal first.
 */
export async function answerSaveDialog(page: Page, title: string, target: string, proposedName: RegExp): Promise<void> {
  const widget = page.locator('.quick-input-widget:visible').filter({
    has: page.locator('.quick-input-title', { hasText: new RegExp(`^${escapeRegExp(title)}$`) }),
  });
  const input = widget.locator('input.input');
  await waitFor(
    `the save dialog "${title}" to propose a file name`,
    () => input.inputValue(),
    (value) => proposedName.test(value),
    {
      timeoutMs: 20_000,
    },
  );
  await fillInput(input, target, 'the save dialog to hold the target path');
  await page.keyboard.press('Enter');
  await waitForClose(widget, `the save dialog "${title}" to close`);
}

/** Waits until `widget` is hidden; a box still open is reported with the text it shows (e.g. why it refused). */
async function waitForClose(widget: Locator, what: string): Promise<void> {
  await waitFor(
    what,
    () => openQuickInputText(widget),
    (state) => state === 'closed',
  );
}

/** 'closed' once `widget` is hidden, else the text it shows (without waiting for anything). */
async function openQuickInputText(widget: Locator): Promise<string> {
  const texts = await widget.evaluateAll((elements) => elements.map((element) => (element as HTMLElement).innerText));
  return texts.length === 0 ? 'closed' : texts.join(' | ');
}

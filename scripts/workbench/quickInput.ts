/** The quick input (command palette, Quick Open, quick picks): opening it, finding and clicking its rows. */
import type { Locator, Page } from 'playwright-core';
import { focusedElement } from './focus';
import { waitFor, waitUntil } from './wait';

/**
 * Opens the quick input with F1 and types `text` into it. Resolves once the widget is open, its
 * input has focus and holds exactly `text`; fails naming what had focus or what the input held.
 */
export async function openQuickInput(page: Page, text: string): Promise<Locator> {
  await closeQuickInput(page);
  await page.keyboard.press('F1');
  const input = page.locator('.quick-input-widget:visible input.input');
  await waitForQuickInputFocus(page, 'the quick input to open with its input focused');
  await fillInput(input, text, `the quick input to hold ${JSON.stringify(text)}`);
  return input;
}

/** Closes an open quick input (Escape only then: in an editor it would drop the selection). */
export async function closeQuickInput(page: Page): Promise<void> {
  const widget = page.locator('.quick-input-widget');
  if (await widget.isVisible()) {
    await page.keyboard.press('Escape');
    await waitUntil('the open quick input to close', async () => !(await widget.isVisible()));
  }
}

/** Waits until the quick input's text field has keyboard focus (`what` names the wait), else says what has it. */
export async function waitForQuickInputFocus(page: Page, what: string): Promise<void> {
  await waitFor(
    what,
    () => focusedElement(page),
    (focused) => focused.inQuickInput,
  );
}

/**
 * Types `text` into `input` and waits until it holds exactly that (`what` names the wait): the
 * quick input may still replace what was typed, e.g. with a proposal of its own.
 */
export async function fillInput(input: Locator, text: string, what: string): Promise<void> {
  await input.fill(text);
  await waitFor(
    what,
    () => input.inputValue(),
    (value) => value === text,
  );
}

/**
 * The rows of the open quick input whose label is exactly `label`. The label (not the row's whole
 * text) is matched, so "Cluster Chat: Explain" never picks a longer title that starts with it.
 */
export function quickInputRow(page: Page, label: string): Locator {
  return page
    .locator('.quick-input-widget:visible .quick-input-list .monaco-list-row')
    .filter({ has: page.locator('.label-name', { hasText: new RegExp(`^\\s*${escapeRegExp(label)}\\s*$`) }) });
}

/** The rows the open quick input lists: label, and which one has focus. */
function quickInputRows(page: Page): Promise<Array<{ label: string; focused: boolean }>> {
  return page.locator('.quick-input-widget:visible .quick-input-list .monaco-list-row').evaluateAll((rows) =>
    rows.map((row) => ({
      label: (row.querySelector('.label-name')?.textContent ?? '').trim(),
      focused: row.classList.contains('focused'),
    })),
  );
}

/**
 * Runs a command from the palette by its full title, e.g. "Cluster Chat: Show Log", by clicking
 * its row: the palette may rank another title first (Enter would run that one).
 */
export async function runCommand(page: Page, title: string): Promise<void> {
  await openQuickInput(page, `>${title}`);
  await clickQuickInputRow(page, title);
}

/** Clicks the row labelled exactly `label` once the open quick input lists it. */
export async function clickQuickInputRow(page: Page, label: string): Promise<void> {
  await waitFor(
    `the quick input to list "${label}"`,
    () => quickInputRows(page),
    (rows) => rows.some((row) => row.label === label),
  );
  await quickInputRow(page, label)
    .click({ timeout: 10_000 })
    .catch(async (error: unknown) => {
      // Listed a moment ago: say whether the quick input is still open, and what took the focus if not.
      const open = await page.locator('.quick-input-widget').isVisible();
      const { description } = await focusedElement(page);
      throw new Error(
        `Could not click "${label}" in the quick input, which is ${open ? 'still open' : `closed (the focus is on ${description})`}: ${String(error)}`,
      );
    });
  // A pointer left resting on the quick input would pick the hovered row of whatever box the
  // command opens next (e.g. the save dialog's folder listing): move it to the status bar.
  const statusBar = await page.locator('.part.statusbar').boundingBox();
  if (statusBar) {
    await page.mouse.move(statusBar.x + statusBar.width / 2, statusBar.y + statusBar.height / 2);
  }
}

/**
 * Clicks the row labelled `label` in the quick pick titled `title`, once that quick pick (not the
 * palette that opened it) is showing it.
 */
export async function pickQuickInputItem(page: Page, title: string, label: string): Promise<void> {
  await waitFor(
    `the quick pick "${title}" to open`,
    () => quickInputTitle(page),
    (shown) => shown === title,
  );
  // The list shows only the rows that fit: typing the label brings the row into view.
  const input = page.locator('.quick-input-widget:visible input.input');
  await fillInput(input, label, `the quick pick to hold ${JSON.stringify(label)}`);
  await clickQuickInputRow(page, label);
}

/** The title of the open quick input ('' for the palette, or when none is open). */
async function quickInputTitle(page: Page): Promise<string> {
  const title = page.locator('.quick-input-widget:visible .quick-input-title');
  return (await title.count()) ? (await title.innerText()).trim() : '';
}

export function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

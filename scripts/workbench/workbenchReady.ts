/** When a workbench page is ready to be driven: after it first opens, and after a reload. */
import type { Page } from 'playwright-core';
import { waitUntil } from './wait';

/** Waits until the workbench shows the workspace and knows every extension's contributions. */
export async function waitForWorkbench(page: Page): Promise<void> {
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await page.locator('.explorer-folders-view .monaco-list-row').first().waitFor({ timeout: 60_000 });
  await waitForContributions(page);
}

/** Reloads the window (as “Developer: Reload Window” does) and waits for the workbench. */
export async function reloadWorkbench(page: Page): Promise<void> {
  await page.reload();
  await page.locator('.monaco-workbench').waitFor({ timeout: 60_000 });
  await waitForContributions(page);
  // The sidebar comes back showing whichever view was open, so wait for the status bar instead.
  await page.locator('.part.statusbar .statusbar-item').first().waitFor({ timeout: 60_000 });
}

/**
 * Waits until the workbench has registered the extensions' contributions (commands, views), the
 * mark it sets then, so the palette lists Cluster Chat's commands from the first try. The activity
 * bar is no sign of it: after a reload it shows the view containers it remembers, before that.
 */
async function waitForContributions(page: Page): Promise<void> {
  await waitUntil(
    "the workbench to register the extensions' contributions",
    () => page.evaluate(() => performance.getEntriesByName('code/didHandleExtensionPoints').length > 0),
    { timeoutMs: 60_000 },
  );
}

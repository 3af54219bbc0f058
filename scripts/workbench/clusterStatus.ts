/** The cluster requests go to, as “Select Cluster…” picks it and the status bar item shows it. */
import type { Page } from 'playwright-core';
import { pickQuickInputItem, runCommand } from './quickInput';
import { waitFor } from './wait';

/** Picks a configured cluster by its label in “Select Cluster…” and waits for the status bar to show it. */
export async function selectCluster(page: Page, label: string): Promise<void> {
  await runCommand(page, 'Cluster Chat: Select Cluster…');
  await pickQuickInputItem(page, 'Select Cluster', label);
  await statusBarShowsCluster(page, label);
}

/** Waits until the status bar names `label` as the cluster requests go to. */
export async function statusBarShowsCluster(page: Page, label: string): Promise<void> {
  await waitForStatusItem(page, `the status bar to show cluster "${label}"`, `Cluster Chat: sending to ${label} (`);
}

/** Waits until the status bar shows requests to `label` under way (`busy`), or none. */
export async function statusBarShowsBusy(page: Page, label: string, busy: boolean): Promise<void> {
  const expected = busy ? `Cluster Chat: waiting for ${label}` : `Cluster Chat: sending to ${label} (`;
  await waitForStatusItem(
    page,
    busy ? `the status bar to show a request to ${label} under way` : `the status bar to show ${label} idle`,
    expected,
  );
}

/** Waits until the Cluster Chat status bar item's label starts with `prefix` (`what` names the wait). */
async function waitForStatusItem(page: Page, what: string, prefix: string): Promise<void> {
  const item = page.locator('.part.statusbar [aria-label^="Cluster Chat: "]').first();
  await waitFor(
    what,
    async () => ((await item.count()) ? await item.getAttribute('aria-label') : 'no Cluster Chat item'),
    (text) => text?.startsWith(prefix) ?? false,
  );
}

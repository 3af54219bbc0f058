/** Screenshots of the workbench, kept under test-results/ui for a reader to see what a test saw. */
import * as fs from 'node:fs';
import * as path from 'node:path';
import type { Page } from 'playwright-core';
import { resultsRoot } from '../vscode/paths';

export const SCREENSHOTS = path.join(resultsRoot, 'ui');

/** Saves a screenshot under test-results/ui/<name>.png and returns its path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOTS, { recursive: true });
  const file = path.join(SCREENSHOTS, `${name}.png`);
  await page.screenshot({ path: file });
  return file;
}

/** Keeps a screenshot named after a failed test (for mocha's afterEach). */
export async function screenshotIfFailed(
  page: Page,
  test: { readonly state?: string; readonly title: string } | undefined,
  prefix: string,
): Promise<void> {
  if (test?.state === 'failed') {
    await screenshot(page, `failed-${prefix}-${(test.title.match(/[a-z0-9]+/gi) ?? []).join('-').slice(0, 50)}`);
  }
}

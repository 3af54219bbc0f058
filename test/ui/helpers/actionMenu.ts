import type { FrameLocator } from 'playwright-core';

/**
 * Chooses `action` from the `…` menu of the toolbar matched by `toolbar` (a code block's
 * `.code-actions` or the reply's `.reply-actions`), as a user does: a click on `…`, then on the
 * item once the menu shows it.
 */
export async function chooseFromActionMenu(view: FrameLocator, toolbar: string, action: string): Promise<void> {
  await view.locator(`${toolbar} > button.action-more`).click();
  const item = view.locator(`${toolbar} > .action-menu [role="menuitem"][data-action="${action}"]`);
  await item.waitFor({ state: 'visible', timeout: 10_000 });
  await item.click();
}

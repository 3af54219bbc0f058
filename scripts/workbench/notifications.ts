/** Notification toasts: waiting for one, pressing its buttons, clearing them all. */
import type { Locator, Page } from 'playwright-core';
import { runCommand } from './quickInput';
import { waitUntil } from './wait';

/** Waits for a notification toast whose text matches, and returns it. */
export async function notification(page: Page, text: RegExp, timeoutMs = 30_000): Promise<Locator> {
  const toast = page.locator('.notifications-toasts .notification-toast', { hasText: text }).first();
  await toast.waitFor({ timeout: timeoutMs });
  return toast;
}

/** Clicks a button of a notification toast. */
export async function clickNotificationButton(toast: Locator, label: string): Promise<void> {
  await toast.locator('.monaco-button', { hasText: label }).first().click();
}

export async function clearNotifications(page: Page): Promise<void> {
  await runCommand(page, 'Notifications: Clear All Notifications');
  await waitUntil(
    'every notification toast to close',
    async () => (await page.locator('.notifications-toasts .notification-toast').count()) === 0,
  );
}

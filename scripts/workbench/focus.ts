/** Where keyboard focus is, so that waits for it can say where it went instead. */
import type { Page } from 'playwright-core';

export interface FocusState {
  readonly inQuickInput: boolean;
  readonly description: string;
  readonly focusedFrames: readonly string[];
}

/**
 * Where keyboard focus is: the workbench's focused element, and which frames (the workbench, a
 * webview's) the browser says have focus.
 */
export async function focusedElement(page: Page): Promise<FocusState> {
  const inWorkbench = await page.evaluate(() => {
    const active = document.activeElement;
    const description = active
      ? `${active.tagName.toLowerCase()}${active.className ? `.${String(active.className).split(' ').join('.')}` : ''}`
      : 'nothing';
    return { inQuickInput: active?.closest('.quick-input-widget') !== null && active?.tagName === 'INPUT', description };
  });
  const focusedFrames: string[] = [];
  for (const frame of page.frames()) {
    if (await frame.evaluate(() => document.hasFocus()).catch(() => false)) {
      const url = new URL(frame.url());
      focusedFrames.push(
        frame === page.mainFrame()
          ? 'workbench'
          : `${url.searchParams.get('extensionId') ?? ''} ${url.pathname.split('/').pop() ?? ''}`.trim(),
      );
    }
  }
  return { ...inWorkbench, focusedFrames };
}

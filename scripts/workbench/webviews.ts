/** Finding the content frame of a webview: VS Code nests each webview's page in two iframes. */
import type { FrameLocator, Page } from 'playwright-core';

export const EXTENSION_ID = 'clusterchat.cluster-chat';

/** The content frame of a webview panel of the given extension (webviews are two nested iframes). */
export function webview(page: Page, extensionId: string = EXTENSION_ID): FrameLocator {
  return page
    .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"]:not([src*="purpose=webviewView"])`)
    .frameLocator('iframe#active-frame');
}

/** The content frame of the extension's sidebar webview view (the chat). */
export function chatView(page: Page, extensionId: string = EXTENSION_ID): FrameLocator {
  return page
    .frameLocator(`iframe.webview.ready[src*="extensionId=${extensionId}"][src*="purpose=webviewView"]`)
    .frameLocator('iframe#active-frame');
}

/**
 * A real VS Code workbench (code-server) with the packaged Cluster Chat .vsix installed, driven
 * in Chromium. The methods are the user's gestures, so tests read like user stories.
 */
import * as fs from 'node:fs';
import type { Browser, Locator, Page } from 'playwright-core';
import type { RunningCodeServer } from '../vscode/codeServer';
import { chatMessageCount, openChat, visitEveryChatMessage, waitForChatFocus } from './chat';
import { selectCluster, statusBarShowsBusy, statusBarShowsCluster } from './clusterStatus';
import {
  editorFor,
  editorLanguage,
  editorText,
  editorTitleActions,
  openFile,
  openFileFromExplorer,
  selectLines,
  undo,
  waitForEditorFocus,
} from './editors';
import { killExtensionHost } from './extensionHost';
import { focusedElement } from './focus';
import { withGestures } from './gestures';
import { clearNotifications, clickNotificationButton, notification } from './notifications';
import { clickQuickInputRow, closeQuickInput, openQuickInput, pickQuickInputItem, quickInputRow, runCommand } from './quickInput';
import { answerInputBox, answerSaveDialog } from './quickInputAnswers';
import { screenshot, screenshotIfFailed } from './screenshots';
import { attachWorkbench, startWorkbench, type WorkbenchOptions } from './startWorkbench';
import { chatView, webview } from './webviews';
import { reloadWorkbench, waitForWorkbench } from './workbenchReady';

export { SCREENSHOTS } from './screenshots';
export { uiHost, type WorkbenchOptions } from './startWorkbench';
export { EXTENSION_ID } from './webviews';

/** The gestures, each a plain function of the page in the module of the part of the workbench it drives. */
const GESTURES = {
  openQuickInput,
  closeQuickInput,
  quickInputRow,
  runCommand,
  clickQuickInputRow,
  pickQuickInputItem,
  answerInputBox,
  answerSaveDialog,
  focusedElement,
  openFile,
  openFileFromExplorer,
  editorLanguage,
  editorText,
  editorTitleActions,
  editorFor,
  selectLines,
  undo,
  waitForEditorFocus,
  notification,
  clearNotifications,
  webview,
  chatView,
  waitForChatFocus,
  openChat,
  chatMessageCount,
  visitEveryChatMessage,
  selectCluster,
  statusBarShowsCluster,
  statusBarShowsBusy,
  reload: reloadWorkbench,
  screenshot,
  screenshotIfFailed,
};

export class Workbench extends withGestures(GESTURES) {
  private constructor(
    page: Page,
    readonly folder: string,
    private readonly browser: Browser,
    private readonly server: RunningCodeServer | undefined,
    private readonly base: string | undefined,
    /** A second window shares the first one's browser and server, which the first one closes. */
    private readonly ownsBrowser = true,
  ) {
    super(page);
  }

  static async open(options: WorkbenchOptions = {}): Promise<Workbench> {
    const { page, folder, browser, server, base } = await startWorkbench(options);
    return new Workbench(page, folder, browser, server, base);
  }

  /** Opens a workbench some other process serves (e.g. `npm start`) at `url`. */
  static async attach(url: string, folder: string): Promise<Workbench> {
    const { page, browser } = await attachWorkbench(url);
    return new Workbench(page, folder, browser, undefined, undefined);
  }

  /**
   * Opens a second window on the same server, profile and folder, as a second browser tab does:
   * code-server gives it an extension host of its own.
   */
  async openAnotherWindow(): Promise<Workbench> {
    const page = await this.page.context().newPage();
    await page.goto(this.page.url());
    await waitForWorkbench(page);
    return new Workbench(page, this.folder, this.browser, undefined, undefined, false);
  }

  /** Clicks a button of a notification toast (a gesture on the toast, not on the page). */
  clickNotificationButton(toast: Locator, label: string): Promise<void> {
    return clickNotificationButton(toast, label);
  }

  /** The folder of this run (profile, extensions, workspace), to inspect what VS Code wrote. */
  get runFolder(): string | undefined {
    return this.base;
  }

  /** Kills this workbench's extension host process (as a crash would); resolves with the killed pid. */
  async killExtensionHost(): Promise<number> {
    const serverPid = this.server?.pid;
    if (serverPid === undefined) {
      throw new Error('only a workbench this test started has a known extension host');
    }
    return killExtensionHost(serverPid);
  }

  async close(): Promise<void> {
    if (!this.ownsBrowser) {
      await this.page.close().catch(() => undefined);
      return;
    }
    await this.browser.close().catch(() => undefined);
    await this.server?.stop();
    if (this.base) {
      fs.rmSync(this.base, { recursive: true, force: true });
    }
  }
}

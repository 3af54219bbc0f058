import type { FrameLocator, Page } from 'playwright-core';
import { startEmulator } from '../../emulator/server';
import { waitFor } from '../../workbench/wait';
import { Workbench } from '../../workbench/workbench';
import { type Figure, percentile } from '../figures';
import { FILES, reviewCase } from './reviewBench';

const ROUNDS = 5;
const ASK = 'Round the steps of every module (bench review).';
const REVIEW_TITLE = 'Cluster Chat: proposed changes';

/** Page-side marks of one round, on the wall clock (`Date.now()`), which the workbench and its webviews share. */
interface Marks {
  pressedAt?: number;
  /** The review's tab active, its diffs maybe not yet drawn. */
  tabAt?: number;
  /** The first file's header drawn in the review. */
  headerAt?: number;
  shownAt?: number;
  /** The review's tab gone after Accept All: the files hold the accepted text. */
  closedAt?: number;
  /** The notice that names the written files, once their tabs are open. */
  writtenAt?: number;
}

/**
 * Marks in `frame` the moment the next pointer goes down there: a real click's press, the moment
 * the user acts, whatever the driver's own latency.
 */
async function markNextPress(frame: Page | FrameLocator): Promise<void> {
  await frame.locator('body').evaluate(() => {
    const marks = window as unknown as { __benchPressedAt?: number };
    delete marks.__benchPressedAt;
    document.addEventListener('pointerdown', () => (marks.__benchPressedAt = Date.now()), { capture: true, once: true });
  });
}

async function pressedAt(frame: Page | FrameLocator): Promise<number> {
  return frame.locator('body').evaluate(() => (window as unknown as { __benchPressedAt?: number }).__benchPressedAt ?? Number.NaN);
}

/**
 * Watches the workbench for the moments a user sees: the review's tab active with the first
 * file's diff drawn, and the notice that the accepted files were written.
 */
async function watchWorkbench(page: Page, files: number): Promise<void> {
  await page.evaluate(
    ({ title, written }) => {
      const marks: Marks = {};
      (window as unknown as { __benchMarks: Marks }).__benchMarks = marks;
      const check = (): void => {
        const tab = document.querySelector('.tabs-container .tab.active')?.textContent ?? '';
        const lines = document.querySelector('.multiDiffEntry .view-lines')?.textContent ?? '';
        if (marks.tabAt === undefined && tab.includes(title)) {
          marks.tabAt = Date.now();
        }
        const header = document.querySelector('.multiDiffEntry .file-path')?.textContent ?? '';
        if (marks.headerAt === undefined && tab.includes(title) && header.trim() !== '') {
          marks.headerAt = Date.now();
        }
        if (
          marks.shownAt !== undefined &&
          marks.closedAt === undefined &&
          !Array.from(document.querySelectorAll('.tabs-container .tab')).some((each) => each.textContent?.includes(title))
        ) {
          marks.closedAt = Date.now();
        }
        if (marks.shownAt === undefined && tab.includes(title) && lines.trim() !== '') {
          marks.shownAt = Date.now();
        }
        const toasts = document.querySelector('.notifications-toasts')?.textContent ?? '';
        if (marks.writtenAt === undefined && toasts.includes(written)) {
          marks.writtenAt = Date.now();
        }
      };
      new MutationObserver(check).observe(document.body, { subtree: true, childList: true, characterData: true, attributes: true });
    },
    { title: REVIEW_TITLE, written: `changed ${files} files` },
  );
}

async function readMarks(page: Page): Promise<Marks> {
  return page.evaluate(() => ({ ...(window as unknown as { __benchMarks: Marks }).__benchMarks }));
}

/**
 * The multi-file review as a user meets it, in the real workbench (packaged .vsix): from the press
 * on "Review changes in 20 files" in the chat until the review's tab lists the files, and until
 * VS Code's multi-file diff editor has drawn the first diff; from the press on Accept All in the
 * diff's title bar until the review closes, the files written, and until the notice that names
 * them. Each round then undoes the turn from the chat, so the next review starts from the same files.
 */
export async function measureReviewClicks(log: (line: string) => void): Promise<Figure[]> {
  const spec = reviewCase();
  const emulator = await startEmulator({
    apiKey: 'bench-review-key',
    scriptedReply: (last) => (last.includes(ASK) ? spec.markdown : undefined),
  });
  const tabs: number[] = [];
  const headers: number[] = [];
  const opened: number[] = [];
  const closed: number[] = [];
  const applied: number[] = [];
  try {
    const workbench = await Workbench.open({
      files: Object.fromEntries(spec.files.map((file) => [file.path, file.original])),
      settings: {
        'clusterChat.baseUrl': emulator.baseUrl,
        'clusterChat.clusters': [{ id: 'demo', label: 'Demo' }],
        // Desktop VS Code's default: the web's would save the accepted files on its own.
        'files.autoSave': 'off',
      },
    });
    try {
      await workbench.runCommand('Cluster Chat: Set API Key');
      await workbench.answerInputBox(/API Key for/, emulator.apiKey);
      await workbench.selectCluster('Demo');
      await workbench.runCommand('Cluster Chat: Focus on Cluster Chat View');
      const chat = workbench.chatView();
      await chat.locator('#chat-input').fill(ASK);
      await workbench.page.keyboard.press('Enter');
      const reply = chat.locator('li.chat-message[data-index="1"]');
      const review = reply.locator('button.message-review');
      await review.waitFor({ timeout: 60_000 });
      const accept = workbench.page.locator('.editor-actions a[aria-label="Accept All Changes of the Review"]');
      for (let round = 0; round < ROUNDS; round++) {
        await watchWorkbench(workbench.page, FILES);
        await markNextPress(chat);
        await review.click();
        const shown = await waitFor(
          `round ${round + 1}: the review to show`,
          () => readMarks(workbench.page),
          (marks) => marks.shownAt !== undefined,
          {
            timeoutMs: 30_000,
          },
        );
        const pressed = await pressedAt(chat);
        tabs.push((shown.tabAt ?? Number.NaN) - pressed);
        headers.push((shown.headerAt ?? Number.NaN) - pressed);
        opened.push((shown.shownAt ?? Number.NaN) - pressed);
        await markNextPress(workbench.page);
        await accept.click();
        const written = await waitFor(
          `round ${round + 1}: the ${FILES} accepted files to be written`,
          () => readMarks(workbench.page),
          (marks) => marks.writtenAt !== undefined,
          { timeoutMs: 30_000 },
        );
        const acceptPressed = await pressedAt(workbench.page);
        closed.push((written.closedAt ?? Number.NaN) - acceptPressed);
        applied.push((written.writtenAt ?? Number.NaN) - acceptPressed);
        await workbench.clearNotifications();
        await reply.locator('button.message-undo-turn').click();
        await workbench.notification(new RegExp(`restored ${FILES} of ${FILES} files`));
        await workbench.clearNotifications();
      }
    } finally {
      await workbench.close();
    }
  } finally {
    await emulator.close();
  }
  const list = (samples: readonly number[]): string => samples.map(Math.round).join('/');
  log(
    `  in the workbench, from the press: review tab active ${list(tabs)} ms, first header ${list(headers)} ms, first diff drawn ${list(opened)} ms; accepted: review closed ${list(closed)} ms, notice ${list(applied)} ms`,
  );
  return [
    {
      area: 'File edits',
      name: `review of ${FILES} files open with its files listed, from the press on its button in the chat (real workbench), median`,
      value: percentile(headers, 50),
      unit: 'ms',
      budget: 300,
    },
    {
      area: 'File edits',
      name: `review of ${FILES} files: first diff drawn by VS Code's multi-diff editor, from the press, median`,
      value: percentile(opened, 50),
      unit: 'ms',
    },
    {
      area: 'File edits',
      name: `${FILES} accepted files written (the review closes), from the press on Accept All (real workbench), median`,
      value: percentile(closed, 50),
      unit: 'ms',
      budget: 200,
    },
    {
      area: 'File edits',
      name: `the notice naming the ${FILES} written files, their tabs open, from the press on Accept All, median`,
      value: percentile(applied, 50),
      unit: 'ms',
    },
  ];
}

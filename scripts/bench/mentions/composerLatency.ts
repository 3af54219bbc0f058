import type { Page } from 'playwright-core';
import { launchBrowser } from '../../vscode/browser';
import { MAX_MENTION_OPTIONS } from '../../../src/mentions/common/mentionOptions';
import { benchMessages } from '../benchConversation';
import { type Figure, percentile } from '../figures';
import { openChatBundle, showConversation } from '../webviewHarness';
import {
  installComposerProbe,
  type KeystrokeTiming,
  keystrokesTimed,
  type MentionOptionStub,
  resetBox,
  takeTimings,
} from './composerProbe';

/** What each mention types after the `@`: a few edits of it follow (see keystrokesFor). */
const TYPED = [
  'src/chat/browser/composer/suggestions/mentionSuggestions.ts',
  'scripts/bench/main.ts',
  'src/guards/common/secretScan.ts',
  'test/unit/mentions/fuzzyPaths.test.ts',
  'package.json',
  'src/conversations/common/conversation.ts',
  'README.md',
];
/** The conversation shown behind the box, so that the page lays out as a used chat does. */
const MESSAGES = 100;
const BEFORE = 'Please review ';
const BUDGET_MS = 16;

/** `@`, the path, three Backspaces and the three characters again, then a space that ends the mention. */
function keystrokesFor(path: string): string[] {
  const typed = [...path];
  return ['@', ...typed, 'Backspace', 'Backspace', 'Backspace', ...typed.slice(-3), ' '];
}

/**
 * The host's answers, as many options as the chat takes in one (`MAX_MENTION_OPTIONS`: a longer
 * list is refused by the chat's schema as a whole), workspace paths of a usual length, different
 * in each answer so that every one is drawn anew.
 */
function answers(): MentionOptionStub[][] {
  return Array.from({ length: 16 }, (_, answer) =>
    Array.from({ length: MAX_MENTION_OPTIONS }, (_, index): MentionOptionStub => {
      const folder = `src/feature${(answer * 7 + index) % 23}/browser/part${index % 5}`;
      return { kind: 'file', name: `${folder}/component${answer}x${index}.ts`, detail: folder };
    }),
  );
}

/** Types `keys` one at a time, each once the one before it was painted. */
async function typeTimed(page: Page, keys: readonly string[]): Promise<void> {
  let done = 0;
  for (const key of keys) {
    await page.keyboard.press(key);
    done++;
    if (!(await keystrokesTimed(page, done))) {
      throw new Error(`keystroke “${key}” was not painted within 5 s (did the chat refuse the host's options?)`);
    }
  }
}

const toNextPaint = (timing: KeystrokeTiming): number => timing.paintedAt - timing.keyAt;

/**
 * `@` mentions typed into the real chat bundle in Chromium (the harness's page, VS Code's Linux
 * fonts, a conversation behind the box): the keys go through the browser as a user's do, one at a
 * time, and the page's stand-in host answers each query at once with a full list of options.
 *
 * The budget holds each keystroke's main-thread work from its dispatch until the frame that shows
 * the updated list has been painted (`busy`: the input handled, the frame showing the character,
 * the host's answer handled and the list drawn, and the frame showing it). The time from the key
 * to that paint is reported beside it but cannot be held to a frame: Chromium runs the answer's
 * message only after the frame that follows a key (as an answer from the extension host arrives
 * later still), so the list always shows a frame after the character, and each frame waits for
 * the display's next vsync (up to 16.7 ms at 60 Hz) wherever the key fell. The first mention warms
 * up and is not counted.
 */
export async function measureComposerLatency(log: (line: string) => void): Promise<Figure[]> {
  const browser = await launchBrowser();
  try {
    const context = await browser.newContext({ viewport: { width: 400, height: 800 } });
    const page = await openChatBundle(context);
    await showConversation(
      page,
      'bench-mentions',
      benchMessages(MESSAGES).map((message) => ({ ...message, at: '2026-11-21T10:00:00.000Z' })),
    );
    await installComposerProbe(page, answers());
    await page.locator('#chat-input').click();
    const timings: KeystrokeTiming[] = [];
    for (const [round, path] of [TYPED[0] ?? '', ...TYPED].entries()) {
      await resetBox(page, BEFORE);
      await typeTimed(page, keystrokesFor(path));
      const taken = await takeTimings(page);
      if (round > 0) {
        timings.push(...taken);
      }
    }
    await context.close();
    return figures(timings, log);
  } finally {
    await browser.close();
  }
}

function figures(timings: readonly KeystrokeTiming[], log: (line: string) => void): Figure[] {
  const withList = timings.filter((timing) => timing.shown > 0);
  if (withList.some((timing) => timing.shown !== MAX_MENTION_OPTIONS) || withList.length < timings.length - TYPED.length) {
    throw new Error(`the mention list did not show the host's ${MAX_MENTION_OPTIONS} options after each keystroke`);
  }
  const costs = timings.map((timing) => timing.busy);
  const painted = timings.map(toNextPaint);
  log(
    `  ${timings.length} keystrokes, ${withList.length} with ${MAX_MENTION_OPTIONS} options listed: work p50 ${percentile(costs, 50).toFixed(1)} ms, ` +
      `max ${Math.max(...costs).toFixed(1)} ms; to the next paint p50 ${percentile(painted, 50).toFixed(1)} ms, max ${Math.max(...painted).toFixed(1)} ms`,
  );
  return [
    {
      area: 'Mentions',
      name: `composer keystroke's work until the updated @ list is painted, p99 (${timings.length} keys, ${MAX_MENTION_OPTIONS} options)`,
      value: percentile(costs, 99),
      unit: 'ms',
      budget: BUDGET_MS,
    },
    {
      area: 'Mentions',
      name: `composer keystroke to the paint of the updated @ list, p99 (two frames' vsync waits included)`,
      value: percentile(painted, 99),
      unit: 'ms',
    },
  ];
}
